import Foundation
import LibAV
import Manifest
import MediaCore
import Render
import Report
import Scheduler

extension BatchRunner {
    /// The report line of one output: what its job plans, then what became of it.
    func report(for outcome: JobOutcome<String, RenderedOutput>, job: Job?, problem: JobProblems?,
                upToDate: Bool) -> OutputReport {
        var report = Self.plannedReport(outcome, job: job, problem: problem)
        switch outcome.status {
        case .succeeded:
            if upToDate || outcome.value?.result == nil {
                fillUpToDate(&report, job: job)
            } else if let result = outcome.value?.result {
                Self.fillRendered(&report, result: result, outcome: outcome)
            }
        case .failed:
            report.status = .failed
            report.renderSeconds = outcome.duration
            if let failure = outcome.error as? JobFailure {
                report.failure = OutputFailure(stage: failure.stage, reason: failure.reason, problems: failure.problems)
            } else {
                report.failure = OutputFailure(stage: .encode, reason: outcome.errorDescription ?? "unknown error")
            }
        case .skipped:
            report.status = .skipped
            report.skipReason = outcome.reason
        case .cancelled:
            report.status = .cancelled
            report.skipReason = outcome.reason ?? "cancelled"
        }
        if job?.settings.container.isStillImage == true {
            // A picture lasts no time and has no frame rate (a probe reads its image demuxer's default of 25).
            report.expectedDuration = ReportTime(.zero)
            report.frameRate = nil
        }
        return report
    }

    /// The line as the job plans it (skipped until something else is known): its place, settings and markers.
    static func plannedReport(_ outcome: JobOutcome<String, RenderedOutput>, job: Job?,
                              problem: JobProblems?) -> OutputReport {
        var report = OutputReport(name: outcome.id, location: job?.location ?? problem?.diagnostic.location,
                                  path: job?.outputPath ?? "", status: .skipped, dependencies: job?.dependencies ?? [],
                                  attempts: outcome.attempts)
        guard let job else { return report }
        report.expectedDuration = ReportTime(job.expectedDuration)
        if let video = job.settings.video {
            report.resolution = Resolution(width: video.width, height: video.height)
            report.frameRate = video.frameRate
            report.videoCodec = video.codec.rawValue
        }
        report.audioCodec = job.settings.audio?.codec.rawValue
        report.markers = job.timeline.map { timeline in
            timeline.markers.map { ReportMarker(name: $0.name, at: $0.range.start, duration: $0.range.duration,
                                                color: $0.color, comment: $0.comment) }
        }
        let reframed = PlanFormatter.reframeSummaries(job)
        report.reframed = reframed.isEmpty ? nil : reframed
        return report
    }

    /// An output left as it was: what its file holds, and what its last render recorded beside it.
    private func fillUpToDate(_ report: inout OutputReport, job: Job?) {
        let path = report.path
        report.status = .upToDate
        fill(&report, fromFileAt: path)
        report.lastRenderedAt = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        report.loudnessLUFS = Fingerprint.recordedLoudness(for: path).map { ($0 * 10).rounded() / 10 }
        let recorded = Fingerprint.recordedWarnings(for: path)
        report.warnings = recorded.isEmpty ? nil : recorded
        if let job, FileManager.default.fileExists(atPath: Self.posterPath(for: job)) {
            report.posterPath = Self.posterPath(for: job)
        }
    }

    /// An output rendered now: its export's result, and which segments came from other outputs or earlier runs.
    private static func fillRendered(_ report: inout OutputReport, result: ExportResult,
                                     outcome: JobOutcome<String, RenderedOutput>) {
        report.status = .rendered
        report.lastRenderedAt = Date()
        report.renderSeconds = outcome.duration ?? result.renderSeconds
        fill(&report, from: result.probe)
        report.actualDuration = ReportTime(result.duration)
        report.byteSize = result.byteSize
        if let loudness = result.loudness, loudness.integrated.isFinite {
            report.loudnessLUFS = (loudness.integrated * 10).rounded() / 10
        }
        report.speed = OutputReport.speed(media: result.duration.seconds, render: report.renderSeconds)
        report.posterPath = outcome.value?.posterPath
        report.warnings = result.warnings.isEmpty ? nil : result.warnings
        let video = result.reusedSegments.filter { $0.kind == .video && !$0.fromEarlierRun }
        if !video.isEmpty {
            report.reusedSegments = video.map(\.label)
            report.reusedSeconds = video.reduce(0) { $0 + $1.seconds }
        }
        let earlier = result.reusedSegments.filter { $0.kind == .video && $0.fromEarlierRun }
        if !earlier.isEmpty {
            report.cachedSegments = earlier.map(\.label)
            report.cachedSeconds = earlier.reduce(0) { $0 + $1.seconds }
        }
        report.reusedSoundtrack = result.reusedSegments.first { $0.kind == .soundtrack }?.label
        report.copiedFrames = result.copiedFrames > 0 ? result.copiedFrames : nil
        report.passthroughReason = result.reencodeReason
    }

    private func fill(_ report: inout OutputReport, fromFileAt path: String) {
        guard let media = try? MediaProbe().probe(path: path) else { return }
        Self.fill(&report, from: media)
        report.actualDuration = ReportTime(media.duration)
        report.byteSize = media.byteSize
    }

    private static func fill(_ report: inout OutputReport, from media: ProbedMedia) {
        if let video = media.primaryVideo {
            report.videoCodec = video.codecName
            report.resolution = Resolution(width: video.width, height: video.height)
            report.frameRate = video.frameRate
        }
        report.audioCodec = media.primaryAudio?.codecName
    }
}
