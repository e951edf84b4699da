import Composition
import Foundation
import LibAV
import MediaCore

/// Animated pictures: a GIF with one palette made for the whole output, or a WebP from libwebp's animation encoder.
/// Both are pictures only (the composition's sound is not used) and loop forever unless the preset says otherwise.
///
/// A GIF is made in two passes over the composition, which renders the same pictures every time. The first pass feeds
/// every frame to libavfilter's `palettegen`, which keeps nothing but a colour histogram and at the end gives the 256
/// colours that serve the whole output best. The second renders the frames again, maps each onto that palette with
/// `paletteuse` (Sierra error-diffusion dithering) and encodes it. No frame is kept, so memory does not grow with
/// the output's length; the cost is compositing every frame twice, small next to the sizes a GIF allows.
extension ExportSession {
    /// The filters of the first GIF pass: one palette over the whole output (`stats_mode=full`).
    static let paletteFilters = "palettegen=max_colors=256:stats_mode=full"
    /// The filters of the second GIF pass: frames on `in`, the palette on `in1`.
    static let paletteMappingFilters = "[in][in1]paletteuse=dither=sierra2_4a"

    /// Renders `range` of the composition into an animated GIF or WebP file that starts at the range's start.
    func exportAnimated(range: TimeRange) throws(ExportError) -> ExportResult {
        let duration = range.duration
        guard var video = settings.video else {
            throw ExportError.setup(reason: "preset '\(settings.name)' has no video settings")
        }
        let isGIF = settings.container == .gif
        video.codec = isGIF ? .gif : .webp
        let clock: FrameClock, frameCount: Int64
        do {
            clock = try FrameClock(start: range.start, frameRate: video.frameRate)
            frameCount = try clock.frameCount(for: duration)
        } catch {
            throw ExportError.setup(reason: "preset '\(settings.name)': \(error)")
        }
        let mapping = try isGIF ? paletteMapping(video, clock: clock,
                                                 palette: try makePalette(video, clock: clock, frameCount: frameCount)) : nil
        let (output, encoder, stream) = try openAnimatedOutput(video)
        func write(_ frames: [Frame]) throws(ExportError) {
            do {
                for frame in frames { try output.write(try encoder.encode(frame), stream: stream) }
            } catch {
                throw ExportError.wrap(error, path: nil, output: outputPath)
            }
        }
        let warnings = try renderFrames(video, clock: clock, frameCount: frameCount, progress: isGIF ? 0.5...1 : 0...1) {
            (frame) throws(ExportError) in
            guard let mapping else { return try write([frame]) }
            try write(try Self.filter(frame, through: mapping))
        }
        if let mapping { try write(try Self.filter(nil, through: mapping)) }
        do {
            try output.write(try encoder.finish(), stream: stream)
            try checkCancelled()
            try output.writeTrailer()
        } catch let error as ExportError {
            throw error
        } catch let error as LibAVError {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
        // FFmpeg 5.1 reads GIF durations but cannot decode animated WebP: check the streams, and a GIF's length.
        let tolerance = isGIF ? clock.frameDuration + MediaTime(value: 2, timescale: 100) : nil
        let probe = try verify(duration: duration, tolerance: tolerance, video: true, audio: false)
        return ExportResult(outputPath: outputPath, probe: probe, duration: isGIF ? probe.duration : duration,
                            byteSize: probe.byteSize, renderSeconds: 0, framesWritten: frameCount, loudness: nil,
                            warnings: warnings)
    }

    /// Creates the file, the GIF or WebP encoder and its stream, and writes the header with the loop setting.
    private func openAnimatedOutput(_ video: ExportSettings.Video) throws(ExportError) -> (OutputFile, Encoder, Int) {
        let isGIF = video.codec == .gif
        do {
            willCreateOutput()
            let output = try OutputFile(path: outputPath, format: settings.muxerName, metadata: settings.metadata)
            var encoding = settings.encoderSettings(video, pixelFormat: try settings.encoderPixelFormat(video))
            // GIF delays are centiseconds and WebP's milliseconds: timestamps in those units keep every delay exact
            // to the nearest unit without drift.
            encoding.timeBase = MediaTime(value: 1, timescale: isGIF ? 100 : 1000)
            let encoder = try Encoder(codec: ExportSettings.encoderName(video.codec), video: encoding,
                                      globalHeader: output.needsGlobalHeader)
            let stream = try output.addStream(for: encoder)
            // GIF: 0 loops forever, -1 plays once. WebP: 0 loops forever, 1 plays once.
            try output.writeHeader(options: ["loop": settings.loops ? "0" : (isGIF ? "-1" : "1")])
            return (output, encoder, stream)
        } catch {
            throw ExportError.encoderSetup(error, output: outputPath)
        }
    }

    /// Pushes `frame` (or, for nil, the end of the pictures) through `graph` and returns what it lets out.
    private static func filter(_ frame: Frame?, through graph: FilterGraph) throws(ExportError) -> [Frame] {
        do {
            if let frame { try graph.push(frame) } else { try graph.finish() }
            return try graph.pullAll()
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// The first GIF pass: every frame through `palettegen`; the 16x16 palette picture it gives at the end.
    private func makePalette(_ video: ExportSettings.Video, clock: FrameClock,
                             frameCount: Int64) throws(ExportError) -> Frame {
        var graph: FilterGraph?
        _ = try renderFrames(video, clock: clock, frameCount: frameCount, progress: 0...0.5) { (frame) throws(ExportError) in
            do {
                if graph == nil { graph = try FilterGraph(input: .like(frame, timeBase: clock.frameDuration),
                                                          filters: Self.paletteFilters) }
                try graph?.push(frame)
            } catch {
                throw ExportError.encode(path: nil, reason: "\(error)")
            }
        }
        do {
            try graph?.finish()
            guard let palette = try graph?.pullAll().last else {
                throw ExportError.encode(path: nil, reason: "palettegen gave no palette")
            }
            return palette
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// The second GIF pass's graph, with the palette already in place (at time 0, so it applies to every frame).
    private func paletteMapping(_ video: ExportSettings.Video, clock: FrameClock,
                                palette: Frame) throws(ExportError) -> FilterGraph {
        do {
            let frames = FilterGraph.Input.video(width: video.width, height: video.height, pixelFormat: .bgra,
                                                 timeBase: clock.frameDuration, sampleAspectRatio: nil)
            let graph = try FilterGraph(inputs: [frames, .like(palette, timeBase: clock.frameDuration)],
                                        filters: Self.paletteMappingFilters)
            palette.pts = .zero
            try graph.push(palette, toInput: 1)
            try graph.finish(input: 1)
            return graph
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }

    /// Renders frames `0..<frameCount` from the start (sources opened afresh), each timed by `clock`, handing each to
    /// `body`; GIF passes take BGRA (what palettegen and paletteuse work in), WebP the encoder's format. Returns the
    /// pass's warnings about its sources, and throws when their damage is over the preset's limit.
    private func renderFrames(_ video: ExportSettings.Video, clock: FrameClock, frameCount: Int64,
                              progress: ClosedRange<Double>,
                              _ body: (Frame) throws(ExportError) -> Void) throws(ExportError) -> [SourceWarning] {
        let pool = sourcePool()
        try pool.openAll(in: composition, video: true, audio: false)
        let format: LibAV.PixelFormat = video.codec == .gif ? .bgra : try settings.encoderPixelFormat(video)
        let renderer = try VideoFrameRenderer(
            composition: composition, videoComposition: videoComposition, width: video.width, height: video.height,
            pixelFormat: format, sources: pool)
        for index in 0..<frameCount {
            try checkCancelled()
            let time = clock.time(ofFrame: index)
            let frame = try renderer.render(at: time)
            frame.pts = time - clock.start
            try body(frame)
            let done = Double(index + 1) / Double(max(1, frameCount))
            report(progress: progress.lowerBound + done * (progress.upperBound - progress.lowerBound))
        }
        return try pool.warnings(damageLimit: settings.damageLimit ?? ExportSettings.defaultDamageLimit)
    }
}
