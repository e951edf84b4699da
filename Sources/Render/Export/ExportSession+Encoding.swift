import Composition
import Foundation
import LibAV
import MediaCore

/// The re-encoding export: render, encode and mux video and audio in step, then verify.
extension ExportSession {
    /// Renders every frame and sample of `range` of the composition into a new file that starts at the range's start.
    func exportEncoded(range: TimeRange) throws(ExportError) -> ExportResult {
        let video = settings.container == .m4a ? nil : settings.video
        let depth = framesAhead
        let sources = try openSources(range: range, video: video)
        defer { sources.soundtrack?.settle() }
        defer { sources.pool.finishWarmUps() }
        try checkCancelled()
        let output = try createOutputFile()

        // Video: renderer, the first encoder, stream, segment plan.
        var videoPipe: SegmentedVideo?
        // However the export ends, what it staged for later runs is kept only when its sources were whole (a
        // finished export settles it first, against the damage limit, and leaves nothing here). The readers warming
        // up on threads of their own are joined first: their damage is read here.
        defer {
            sources.pool.finishWarmUps()
            settleArchived(keeping: sourcesAreWhole(sources, video: videoPipe))
        }
        if let video {
            videoPipe = try makeVideoPipe(video, range: range, pool: sources.pool, output: output, depth: depth)
        }
        // Audio: a replay of the run's cached soundtrack, or mixer, mastering and encoder.
        let audioFeed = try openAudioFeed(sources, frameCount: videoPipe?.frameCount, output: output, depth: depth)
        defer { audioFeed?.close() }
        try writeHeader(output)

        var written: (frames: Int64, reused: [SegmentReuse]) = (0, [])
        if videoPipe != nil {
            // In place: the first encoder session leaves the plan when its segment is done, so its memory goes then.
            let tail = onTail
            written = try exportSegments(&videoPipe!, range: range, output: output, depth: depth, audio: audioFeed) {
                sources.pool.closeAllVideo()
                sources.soundtrack?.finishing()
                tail?()
            }
        }
        if let audioFeed { try pumpRemainingAudio(audioFeed, reportsProgress: videoPipe == nil) }
        try checkCancelled()
        return try finishEncoded(range: range, output: output, sources: sources, video: videoPipe, audio: audioFeed,
                                 written: written)
    }

    /// The sources of an encoded export opened: the pictures' pool, the sound's (its own when the export mixes on a
    /// thread of its own), the audio plan and the run's soundtrack claimed for it.
    private func openSources(range: TimeRange, video: ExportSettings.Video?) throws(ExportError) -> ExportSources {
        let pool = sourcePool(damageTally: damageTally)
        // A pipelined export mixes on a thread of its own, so its audio sources live in a pool of their own.
        let audioPool = framesAhead > 0 ? sourcePool()
            : pool
        try pool.openAll(in: composition, video: video != nil, audio: false)
        // A soundtrack another output of the run encoded is replayed: its sources are not even opened. It is claimed
        // after the pictures' sources are open, since the render that records it may be finishing it.
        let audioPlan = self.audioPlan(range: range, video: video)
        let soundtrack = audioPlan.flatMap { claimSoundtrack(plan: $0) }
        let mixes = settings.audio != nil && soundtrack?.cached == nil
        do {
            try audioPool.openAll(in: composition, video: false, audio: mixes)
        } catch {
            soundtrack?.settle()
            throw error
        }
        pool.planReleases(for: composition)
        return ExportSources(pool: pool, audioPool: audioPool, audioPlan: audioPlan, soundtrack: soundtrack)
    }

    /// The sound's feed when the export has sound: its plan covers the same frames as the pictures'.
    private func openAudioFeed(_ sources: ExportSources, frameCount: Int64?, output: OutputFile,
                               depth: Int) throws(ExportError) -> (any AudioFeed)? {
        guard let audioPlan = sources.audioPlan else { return nil }
        assert(frameCount.map { $0 == audioPlan.frameEnds.count } ?? true, "audio plan and video frames differ")
        return try makeAudioFeed(plan: audioPlan, soundtrack: sources.soundtrack, pool: sources.audioPool,
                                 output: output, depth: depth)
    }

    /// The container's header, with the index moved to the front when the preset asks for a fast start.
    private func writeHeader(_ output: OutputFile) throws(ExportError) {
        do {
            try output.writeHeader(options: settings.faststart && settings.supportsFaststart ? ["movflags": "+faststart"] : [:])
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
    }

    /// The output file, created where the export writes.
    private func createOutputFile() throws(ExportError) -> OutputFile {
        do {
            willCreateOutput()
            return try OutputFile(path: outputPath, format: settings.muxerName, metadata: settings.metadata)
        } catch {
            throw ExportError.wrap(error, path: outputPath, output: outputPath)
        }
    }

    /// The video side of an encoded export: renderer, first encoder, stream and segment plan, with its warm-ups
    /// planned and its stills to capture.
    private func makeVideoPipe(_ video: ExportSettings.Video, range: TimeRange, pool: SourcePool, output: OutputFile,
                               depth: Int) throws(ExportError) -> SegmentedVideo {
        var pipe = try makeSegmentedVideo(video, range: range, pool: pool, output: output)
        // In lanes, the first lane's pool would warm sources up for chunks that other lanes may render, and keep
        // their decoders open meanwhile: lanes overlap their own decoding instead.
        if warmsUpEarly, !encodesInLanes(pipe, depth: depth) {
            pool.planWarmUps(for: composition, from: range.start)
        }
        pipe.stills = StillCapture(times: stillTimes, range: range, clock: pipe.clock, frameCount: pipe.frameCount,
                                   width: stillWidth)
        return pipe
    }

    /// The sound the pictures did not pull through the muxer yet, to its end; progress from it for sound alone.
    private func pumpRemainingAudio(_ audioFeed: any AudioFeed, reportsProgress: Bool) throws(ExportError) {
        let samples = audioFeed.samples
        while audioFeed.position < samples.upperBound {
            try checkCancelled()
            try audioFeed.pump(to: audioFeed.position + Int64(audioFeed.capacity))
            if reportsProgress {
                report(progress: Double(audioFeed.position - samples.lowerBound) / Double(max(1, samples.count)))
            }
        }
        try audioFeed.finish()
    }

    /// The end of an encoded export: the sources' warnings, the soundtrack shared when clean, the trailer, the
    /// written file verified, and the result.
    private func finishEncoded(range: TimeRange, output: OutputFile, sources: ExportSources, video: SegmentedVideo?,
                               audio audioFeed: (any AudioFeed)?,
                               written: (frames: Int64, reused: [SegmentReuse])) throws(ExportError) -> ExportResult {
        let warnings: [SourceWarning]
        do {
            warnings = try sources.pool.warnings(damageLimit: settings.damageLimit ?? ExportSettings.defaultDamageLimit,
                                                 alongside: otherPools(sources, video: video))
        } catch {
            settleArchived(keeping: false)
            throw error
        }
        settleArchived(keeping: !warnings.contains { $0.stage == .decode })
        // Only a soundtrack made from undamaged sources is shared: its replays do not decode them to warn.
        if warnings.isEmpty { sources.soundtrack?.store(try audioFeed?.recording()) }
        do {
            try output.writeTrailer()
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        let audioRate = settings.audio.map { settings.encoderSettings($0).sampleRate } ?? 48_000
        // One frame (the last frame is whole even when the composition ends inside it), plus the container's
        // millisecond rounding of its duration.
        let tolerance = (video?.clock.frameDuration ?? MediaTime(value: 2048, timescale: Int32(audioRate)))
            + MediaTime(value: 2, timescale: 1000)
        let duration = range.duration
        let probe = try verify(duration: duration, tolerance: tolerance, video: video != nil,
                               audio: settings.audio != nil)
        let soundReuse = sources.soundtrack?.reuse(seconds: duration.seconds)
        var result = ExportResult(outputPath: outputPath, probe: probe, duration: probe.duration,
                                  byteSize: probe.byteSize, renderSeconds: 0, framesWritten: written.frames,
                                  loudness: try audioFeed?.measurement(), warnings: warnings,
                                  reusedSegments: written.reused + (soundReuse.map { [$0] } ?? []))
        result.stills = video?.stills?.pictures ?? [:]
        if let copied = video?.splicer?.copied, copied > 0 {
            (result.copiedFrames, result.reencodedFrames) = (copied, written.frames - copied)
        }
        return result
    }

    /// The export's pools besides `sources.pool`: the sound's own, and the lanes'.
    private func otherPools(_ sources: ExportSources, video: SegmentedVideo?) -> [SourcePool] {
        (sources.audioPool === sources.pool ? [] : [sources.audioPool]) + (video?.lanePools ?? [])
    }

    /// Whether no source of the export has shown a damaged packet so far.
    private func sourcesAreWhole(_ sources: ExportSources, video: SegmentedVideo?) -> Bool {
        let warnings = try? sources.pool.warnings(damageLimit: .infinity, alongside: otherPools(sources, video: video))
        return warnings.map { !$0.contains { $0.stage == .decode } } ?? false
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

/// What an encoded export reads from: its pools, its audio plan and the run's soundtrack it claimed.
private struct ExportSources {
    /// The pictures' sources (and the sound's, when the export mixes on its own thread).
    let pool: SourcePool
    /// The sound's sources.
    let audioPool: SourcePool
    /// The audio chunks, when the export has sound.
    let audioPlan: AudioChunkPlan?
    /// The run's soundtrack claimed for this export, recorded by it or replayed.
    let soundtrack: SoundtrackClaim?
}
