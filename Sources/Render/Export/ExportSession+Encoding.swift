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
        let depth = framesAhead
        let pool = SourcePool(decoderThreads: decoderThreads, allowsDevices: allowsDevices)
        // A pipelined export mixes on a thread of its own, so its audio sources live in a pool of their own.
        let audioPool = depth > 0 ? SourcePool(decoderThreads: decoderThreads, allowsDevices: allowsDevices) : pool
        try pool.openAll(in: composition, video: video != nil, audio: false)
        // A soundtrack another output of the run encoded is replayed: its sources are not even opened. It is claimed
        // after the pictures' sources are open, since the render that records it may be finishing it.
        let audioPlan = self.audioPlan(range: range, video: video)
        let soundtrack = audioPlan.flatMap { claimSoundtrack(plan: $0) }
        defer { soundtrack?.settle() }
        let mixes = audio != nil && soundtrack?.cached == nil
        try audioPool.openAll(in: composition, video: false, audio: mixes)
        pool.planReleases(for: composition)
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
            // In lanes, the first lane's pool would warm sources up for chunks that other lanes may render, and keep
            // their decoders open meanwhile: lanes overlap their own decoding instead.
            if warmsUpEarly, !encodesInLanes(videoPipe!, depth: depth) {
                pool.planWarmUps(for: composition, from: range.start)
            }
            videoPipe!.stills = StillCapture(times: stillTimes, range: range, clock: videoPipe!.clock,
                                             frameCount: videoPipe!.frameCount, width: stillWidth)
        }

        // Audio: a replay of the run's cached soundtrack, or mixer, mastering and encoder.
        var audioFeed: (any AudioFeed)?
        if let audioPlan {
            assert(videoPipe.map { $0.frameCount == audioPlan.frameEnds.count } ?? true,
                   "audio plan and video frames differ")
            audioFeed = try makeAudioFeed(plan: audioPlan, soundtrack: soundtrack, pool: audioPool, output: output,
                                          depth: depth)
        }
        defer { audioFeed?.close() }

        do {
            try output.writeHeader(options: settings.faststart && settings.supportsFaststart ? ["movflags": "+faststart"] : [:])
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }

        var framesWritten: Int64 = 0
        var reused: [SegmentReuse] = []
        if videoPipe != nil {
            // In place: the first encoder session leaves the plan when its segment is done, so its memory goes then.
            let tail = onTail
            let written = try exportSegments(&videoPipe!, range: range, output: output, depth: depth,
                                             audio: audioFeed) {
                pool.closeAllVideo()
                soundtrack?.finishing()
                tail?()
            }
            (framesWritten, reused) = (written.frames, written.reused)
        }
        if let audioFeed {
            let samples = audioFeed.samples
            while audioFeed.position < samples.upperBound {
                try checkCancelled()
                try audioFeed.pump(to: audioFeed.position + Int64(audioFeed.capacity))
                if videoPipe == nil {
                    report(progress: Double(audioFeed.position - samples.lowerBound) / Double(max(1, samples.count)))
                }
            }
            try audioFeed.finish()
        }
        try checkCancelled()
        let otherPools = (audioPool === pool ? [] : [audioPool]) + (videoPipe?.lanePools ?? [])
        let warnings = try pool.warnings(damageLimit: settings.damageLimit ?? ExportSettings.defaultDamageLimit,
                                         alongside: otherPools)
        // Only a soundtrack made from undamaged sources is shared: its replays do not decode them to warn.
        if warnings.isEmpty { soundtrack?.store(try (audioFeed as? AudioPump)?.recording()) }
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
        let soundReuse = soundtrack?.reuse(seconds: duration.seconds)
        var result = ExportResult(outputPath: outputPath, probe: probe, duration: probe.duration,
                                  byteSize: probe.byteSize, renderSeconds: 0, framesWritten: framesWritten,
                                  loudness: try audioFeed?.measurement(), warnings: warnings,
                                  reusedSegments: reused + (soundReuse.map { [$0] } ?? []))
        result.stills = videoPipe?.stills?.pictures ?? [:]
        if let copied = videoPipe?.splicer?.copied, copied > 0 {
            (result.copiedFrames, result.reencodedFrames) = (copied, framesWritten - copied)
        }
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
