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
        let pool = SourcePool(decoderThreads: decoderThreads, allowsDevices: allowsDevices)
        try pool.openAll(in: composition, video: video != nil, audio: audio != nil)
        pool.planReleases(for: composition)
        try checkCancelled()

        let output: OutputFile
        do {
            willCreateOutput()
            output = try OutputFile(path: outputPath, format: settings.muxerName, metadata: settings.metadata)
        } catch {
            throw ExportError.wrap(error, path: outputPath, output: outputPath)
        }

        // Video: renderer, encoder, stream.
        var videoPipe: (renderer: any PictureRenderer, encoder: Encoder, stream: Int, clock: FrameClock, frames: Int64)?
        if let video {
            let format = try settings.encoderPixelFormat(video)
            let renderer: any PictureRenderer
            var encoderSettings = settings.encoderSettings(video, pixelFormat: format)
            if video.isHDR {
                let hdr = try pool.prepareHDR(for: composition)
                renderer = try HDRFrameRenderer(
                    composition: composition, videoComposition: videoComposition, width: video.width,
                    height: video.height, pixelFormat: format, color: hdr.color, sources: pool)
                encoderSettings = ExportSettings.hdr(encoderSettings, color: hdr.color, metadata: hdr.metadata)
            } else {
                renderer = try VideoFrameRenderer(
                    composition: composition, videoComposition: videoComposition, width: video.width,
                    height: video.height, pixelFormat: format, sources: pool)
            }
            let name = ExportSettings.encoderName(video.codec)
            do {
                let clock = try FrameClock(frameRate: video.frameRate)
                let encoder = try Encoder(codec: name, video: encoderSettings, globalHeader: output.needsGlobalHeader)
                let stream = try output.addStream(for: encoder, metadata: settings.streamTags("video"))
                videoPipe = (renderer, encoder, stream, clock, try clock.frameCount(for: duration))
            } catch let error as LibAVError {
                throw ExportError.encoderSetup(error, output: outputPath)
            } catch {
                throw ExportError.probe(path: nil, reason: "preset '\(settings.name)': \(error)")
            }
        }

        // Audio: mixer, encoder, stream.
        var audioPipe: (mixer: any AudioMixSource, pipe: AudioEncodePipe, samples: Range<Int64>, mastering: AudioMastering)?
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
                    (0..<pipe.frames).map { (range.start + pipe.clock.time(ofFrame: $0 + 1)).convertScale(
                        Int32(rate), method: .roundTowardPositiveInfinity).value }
                } ?? []
                let plan = AudioChunkPlan(samples: samples, capacity: max(4096, perFrame), frameEnds: frameEnds)
                let (mastering, mix) = try makeAudioMastering(audio, sampleRate: rate, channels: audioSettings.channels,
                                                              plan: plan, pool: pool)
                let mixer: any AudioMixSource = try mix ?? AudioMixRenderer(
                    composition: composition, audioMix: audioMix, sampleRate: rate, channels: audioSettings.channels,
                    capacity: max(4096, perFrame), pool: pool, clampsOutput: audio.loudnessTarget == nil)
                audioPipe = (mixer, pipe, samples, mastering)
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

        /// The next composition sample to mix.
        var audioDone = audioPipe?.samples.lowerBound ?? 0
        /// Mixes and encodes audio up to composition sample `target`.
        func pumpAudio(to target: Int64) throws(ExportError) {
            guard let audioPipe else { return }
            let end = audioPipe.samples.upperBound
            while audioDone < min(target, end) {
                let count = Int(min(Int64(audioPipe.mixer.capacity), min(target, end) - audioDone))
                try audioPipe.pipe.push(try audioPipe.mastering.process(try audioPipe.mixer.render(from: audioDone, count: count)))
                audioDone += Int64(count)
            }
        }

        var framesWritten: Int64 = 0
        if let videoPipe {
            let rate = Int32(audioRate)
            for index in 0..<videoPipe.frames {
                try checkCancelled()
                let time = videoPipe.clock.time(ofFrame: index)
                let frame = try videoPipe.renderer.render(at: range.start + time)
                do {
                    frame.pts = time
                    try output.write(try videoPipe.encoder.encode(frame), stream: videoPipe.stream)
                } catch {
                    throw ExportError.wrap(error, path: nil, output: outputPath)
                }
                framesWritten += 1
                if audioPipe != nil {
                    let next = range.start + videoPipe.clock.time(ofFrame: index + 1)
                    try pumpAudio(to: next.convertScale(rate, method: .roundTowardPositiveInfinity).value)
                }
                report(progress: Double(index + 1) / Double(videoPipe.frames))
            }
            do {
                try output.write(try videoPipe.encoder.finish(), stream: videoPipe.stream)
            } catch {
                throw ExportError.wrap(error, path: nil, output: outputPath)
            }
        }
        if let audioPipe {
            let samples = audioPipe.samples
            while audioDone < samples.upperBound {
                try checkCancelled()
                try pumpAudio(to: audioDone + Int64(audioPipe.mixer.capacity))
                if videoPipe == nil {
                    report(progress: Double(audioDone - samples.lowerBound) / Double(max(1, samples.count)))
                }
            }
            repeat { try audioPipe.pipe.push(try audioPipe.mastering.finish()) } while audioPipe.mastering.hasPending
            try audioPipe.pipe.finish()
        }
        try checkCancelled()
        let warnings = try pool.warnings(damageLimit: settings.damageLimit ?? ExportSettings.defaultDamageLimit)
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
        return ExportResult(outputPath: outputPath, probe: probe, duration: probe.duration, byteSize: probe.byteSize,
                            renderSeconds: 0, framesWritten: framesWritten, loudness: try audioPipe?.mastering.measurement(),
                            warnings: warnings)
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
