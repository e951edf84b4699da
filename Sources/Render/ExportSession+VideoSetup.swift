import Composition
import LibAV
import MediaCore

/// Setting up the video half of an encoded export.
extension ExportSession {
    /// The renderer, the first encoder and its stream in `output`, the clock and the segment plan for `range`.
    func makeSegmentedVideo(_ video: ExportSettings.Video, range: TimeRange, pool: SourcePool,
                            output: OutputFile) throws(ExportError) -> SegmentedVideo {
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
        let globalHeader = output.needsGlobalHeader
        let path = outputPath
        // The segment plan keys on the preset's settings; the sessions may run x264's lookahead on the calling thread,
        // which changes no byte.
        let sessionSettings = sharesCores ? ExportSettings.lookaheadOnCaller(encoderSettings, codec: video.codec)
            : encoderSettings
        do {
            let clock = try FrameClock(frameRate: video.frameRate)
            let encoder = try Encoder(codec: name, video: sessionSettings, globalHeader: globalHeader)
            let stream = try output.addStream(for: encoder, metadata: settings.streamTags("video"))
            let frames = try clock.frameCount(for: range.duration)
            let plan = video.isHDR || videoComposition == nil
                ? SegmentPlan(frameCount: frames)
                : SegmentPlan(composition: composition, videoComposition: videoComposition!, range: range, clock: clock,
                              frameCount: frames, shareable: shareableRanges, encoder: name, settings: encoderSettings)
            return SegmentedVideo(renderer: renderer, stream: stream, clock: clock, plan: plan, spareEncoder: encoder) {
                () throws(ExportError) -> Encoder in
                try Self.openEncoder(name, sessionSettings, globalHeader: globalHeader, output: path)
            }
        } catch let error as LibAVError {
            throw ExportError.encoderSetup(error, output: outputPath)
        } catch {
            throw ExportError.probe(path: nil, reason: "preset '\(settings.name)': \(error)")
        }
    }

    /// A fresh encoder session with the stream's settings.
    static func openEncoder(_ name: String, _ settings: Encoder.VideoSettings, globalHeader: Bool,
                            output: String) throws(ExportError) -> Encoder {
        do {
            return try Encoder(codec: name, video: settings, globalHeader: globalHeader)
        } catch {
            throw ExportError.encoderSetup(error, output: output)
        }
    }
}
