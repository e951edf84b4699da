import Foundation
import MediaBatch
import Report
import Synchronization

/// `run --progress json`: one JSON object per line on standard output, for CI dashboards. Every event has `event`
/// and `time`; keys are sorted. See `mediabatch help progress`.
final class JSONProgress: Sendable {
    private let lock = Mutex(())
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }()

    /// One event: its kind, time, and fields.
    private struct Event: Encodable {
        var event: String
        var time = Date()
        var output: String?
        var total: Int?
        var toRender: Int?
        var cannotBuild: Int?
        var concurrency: Int?
        var expectedSeconds: Double?
        var fraction: Double?
        var status: String?
        var report: OutputReport?
        var path: String?
        var exitStatus: Int32?
        var totals: StatusTotals?
        var summary: String?
    }

    func handle(_ event: BatchEvent) {
        switch event {
        case let .planned(total, toRender, cannotBuild, concurrency):
            emit(Event(event: "planned", total: total, toRender: toRender, cannotBuild: cannotBuild,
                       concurrency: concurrency))
        case let .started(name, seconds):
            emit(Event(event: "started", output: name, expectedSeconds: seconds))
        case let .progress(name, fraction):
            emit(Event(event: "progress", output: name, fraction: (fraction * 1000).rounded() / 1000))
        case let .finished(report):
            emit(Event(event: "finished", output: report.name, status: report.status.rawValue, report: report))
        }
    }

    /// A report was written at `path`.
    func reportWritten(_ path: String) {
        emit(Event(event: "report", path: path))
    }

    /// The run is over.
    func summary(_ report: RunReport, exitStatus: Int32) {
        emit(Event(event: "summary", exitStatus: exitStatus, totals: report.totals, summary: report.summaryLine))
    }

    private func emit(_ event: Event) {
        guard var data = try? encoder.encode(event) else { return }
        data.append(UInt8(ascii: "\n"))
        lock.withLock { _ in FileHandle.standardOutput.write(data) }
    }
}
