import Composition
import Foundation
import LibAV
import MediaCore

/// The re-encoding export: render, encode and mux video and audio in step, then verify.
extension ExportSession {
    /// Renders every frame and sample of `range` of the composition into a new file that starts at the range's start.
    func exportEncoded(range: TimeRange) throws(ExportError) -> ExportResult {
        let duration = range.duration
        let video = settings.container == .m4a ? nil : settings.video
        let audio = settings.audio
        let audioRate = audio.map { settings.encoderSettings($0).sampleRate } ?? 48_000
        let depth = pipelineDepth
        let pool = SourcePool(decoderThreads: decoderThreads, allowsDevices: allowsDevices)
        // A pipelined export mixes on a thread of its own, so its audio sources live in a pool of their own.
        let audioPool = depth > 0 ? SourcePool(decoderThreads: decoderThreads, allowsDevices: allowsDevices) : pool
        try pool.openAll(in: composition, video: video != nil, audio: audio != nil && audioPool === pool)
        if audioPool !== pool { try audioPool.openAll(in: composition, video: false, audio: audio != nil) }
        pool.planReleases(for: composition)
        if warmsUpSources { pool.planWarmUps(for: composition, from: range.start) }
        defer { pool.finishWarmUps() }
        try checkCancelled()

        let output: OutputFile
        do {
            willCreateOutput()
            output = try OutputFile(path: outputPath, format: settings.muxerName, metadata: settings.metadata)
        } catch {
            throw ExportError.wrap(error, path: outputPath, output: outputPath)
        }

        // Video: renderer, the first encoder, stream, segment plan.
        var videoPipe: SegmentedVideo?
        if let video {
            videoPipe = try makeSegmentedVideo(video, range: range, pool: pool, output: output)
            videoPipe!.stills = StillCapture(times: stillTimes, range: range, clock: videoPipe!.clock,
                                             frameCount: videoPipe!.frameCount, width: stillWidth)
        }

        // Audio: mixer, encoder, stream.
        var audioPipe: (mixer: any AudioMixSource, pipe: AudioEncodePipe, plan: AudioChunkPlan, mastering: AudioMastering)?
        if let audio {
            let audioSettings = settings.encoderSettings(audio)
            let rate = audioSettings.sampleRate
            do {
                let encoder = try Encoder(codec: ExportSettings.encoderName(audio.codec), audio: audioSettings,
                                          globalHeader: output.needsGlobalHeader)
                let stream = try output.addStream(for: encoder, metadata: settings.streamTags("audio"))
                let pipe = try AudioEncodePipe(encoder: encoder, settings: audioSettings, output: output, stream: stream)
                let perFrame = videoPipe.map { Int(($0.clock.frameDuration.seconds * Double(rate)).rounded(.up)) + 2 } ?? 0
                let first = range.start.convertScale(Int32(rate), method: .roundTowardPositiveInfinity).value
                let samples = first..<(first + duration.convertScale(Int32(rate), method: .roundHalfAwayFromZero).value)
                let frameEnds = videoPipe.map { pipe in
                    (0..<pipe.frameCount).map { (range.start + pipe.clock.time(ofFrame: $0 + 1)).convertScale(
                        Int32(rate), method: .roundTowardPositiveInfinity).value }
                } ?? []
                let plan = AudioChunkPlan(samples: samples, capacity: max(4096, perFrame), frameEnds: frameEnds)
                let (mastering, mix) = try makeAudioMastering(audio, sampleRate: rate, channels: audioSettings.channels,
                                                              plan: plan, pool: audioPool)
                let mixer: any AudioMixSource = try mix ?? AudioMixRenderer(
                    composition: composition, audioMix: audioMix, sampleRate: rate, channels: audioSettings.channels,
                    capacity: max(4096, perFrame), pool: audioPool, clampsOutput: audio.loudnessTarget == nil)
                audioPipe = (mixer, pipe, plan, mastering)
            } catch let error as ExportError {
                throw error
            } catch let error as LibAVError {
                throw ExportError.encoderSetup(error, output: outputPath)
            } catch {
                throw ExportError.encode(path: nil, reason: "\(error)")
            }
        }

        do {
            try output.writeHeader(options: settings.faststart && settings.supportsFaststart ? ["movflags": "+faststart"] : [:])
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }

        let audioPump = audioPipe.map { audio in
            AudioPump(mixer: audio.mixer, mastering: audio.mastering, pipe: audio.pipe, plan: audio.plan, depth: depth)
        }
        defer { audioPump?.close() }

        var framesWritten: Int64 = 0
        var reused: [SegmentReuse] = []
        if videoPipe != nil {
            // In place: the first encoder session leaves the plan when its segment is done, so its memory goes then.
            let written = try exportSegments(&videoPipe!, range: range, output: output, depth: depth, audio: audioPump)
            (framesWritten, reused) = (written.frames, written.reused)
        }
        if let audioPump {
            let samples = audioPump.samples
            while audioPump.position < samples.upperBound {
                try checkCancelled()
                try audioPump.pump(to: audioPump.position + Int64(audioPump.capacity))
                if videoPipe == nil {
                    report(progress: Double(audioPump.position - samples.lowerBound) / Double(max(1, samples.count)))
                }
            }
            try audioPump.finish()
        }
        try checkCancelled()
        let warnings = try pool.warnings(damageLimit: settings.damageLimit ?? ExportSettings.defaultDamageLimit,
                                         alongside: audioPool === pool ? [] : [audioPool])
        do {
            try output.writeTrailer()
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        // One frame (the last frame is whole even when the composition ends inside it), plus the container's
        // millisecond rounding of its duration.
        let tolerance = (videoPipe?.clock.frameDuration ?? MediaTime(value: 2048, timescale: Int32(audioRate)))
            + MediaTime(value: 2, timescale: 1000)
        let probe = try verify(duration: duration, tolerance: tolerance, video: video != nil, audio: audio != nil)
        var result = ExportResult(outputPath: outputPath, probe: probe, duration: probe.duration,
                                  byteSize: probe.byteSize, renderSeconds: 0, framesWritten: framesWritten,
                                  loudness: try audioPump?.mastering.measurement(), warnings: warnings,
                                  reusedSegments: reused)
        result.stills = videoPipe?.stills?.pictures ?? [:]
        return result
    }

    /// Probes the written file: it must have streams (video and audio as asked) and, for timed media, a duration
    /// within `tolerance` of the composition's.
    func verify(duration: MediaTime, tolerance: MediaTime?, video: Bool, audio: Bool) throws(ExportError) -> ProbedMedia {
        let probe: ProbedMedia
        do {
            probe = try MediaProbe().probe(path: outputPath)
        } catch {
            throw ExportError.verify(path: outputPath, reason: "cannot probe the written file: \(error)")
        }
        guard !probe.streams.isEmpty else {
            throw ExportError.verify(path: outputPath, reason: "the written file has no streams")
        }
        if video, probe.primaryVideo == nil {
            throw ExportError.verify(path: outputPath, reason: "the written file has no video stream")
        }
        if audio, probe.primaryAudio == nil {
            throw ExportError.verify(path: outputPath, reason: "the written file has no audio stream")
        }
        if let tolerance {
            guard probe.duration.isNumeric, (probe.duration - duration).magnitude <= tolerance else {
                throw ExportError.verify(
                    path: outputPath,
                    reason: "the written file lasts \(probe.duration.isNumeric ? String(format: "%.3f", probe.duration.seconds) : "an unknown time") s "
                        + "but the composition lasts \(String(format: "%.3f", duration.seconds)) s")
            }
        }
        return probe
    }
}
