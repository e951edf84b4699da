import Composition
import LibAV
import MediaCore

/// Setting up the video half of an encoded export.
extension ExportSession {
    /// The renderer, the first encoder and its stream in `output`, the clock and the segment plan for `range`.
    func makeSegmentedVideo(_ video: ExportSettings.Video, range: TimeRange, pool: SourcePool,
                            output: OutputFile) throws(ExportError) -> SegmentedVideo {
        let format = try settings.encoderPixelFormat(video)
        var encoderSettings = settings.encoderSettings(video, pixelFormat: format)
        let (composition, videoComposition) = (composition, videoComposition)
        let makeRenderer = { (sources: SourcePool) throws(ExportError) -> any PictureRenderer in
            try Self.renderer(of: composition, videoComposition, video, format: format, sources: sources,
                              hdr: video.isHDR ? try sources.prepareHDR(for: composition, range: video.dynamicRange).color
                                  : nil)
        }
        var hdrColor: ColorDescription?
        if video.isHDR {
            let hdr = try pool.prepareHDR(for: composition, range: video.dynamicRange)
            encoderSettings = ExportSettings.hdr(encoderSettings, color: hdr.color, metadata: hdr.metadata)
            hdrColor = hdr.color
        }
        let renderer = try Self.renderer(of: composition, videoComposition, video, format: format, sources: pool,
                                         hdr: hdrColor)
        let name = ExportSettings.encoderName(video.codec)
        let globalHeader = output.needsGlobalHeader
        let path = outputPath
        do {
            let planned = try videoPlan(video, range: range, format: format, encoder: encoderSettings)
            let (clock, frames, splice, keyed) = (planned.clock, planned.frameCount, planned.splice, planned.settings)
            let encoder = try splice?.setup.encoder ?? Encoder(codec: name, video: keyed, globalHeader: globalHeader)
            let stream = try output.addStream(for: encoder, metadata: settings.streamTags("video"),
                                              extradata: splice?.setup.configuration.bytes)
            var segmented = SegmentedVideo(renderer: renderer, stream: stream, clock: clock, plan: planned.segments,
                                           spareEncoder: encoder) { () throws(ExportError) -> Encoder in
                try Self.openEncoder(name, keyed, globalHeader: globalHeader, output: path)
            }
            segmented.encoderHeaders = encoder.extradata
            segmented.lanes = video.lanes(rendering: composition)
            segmented.makeRenderer = makeRenderer
            if let splice {
                segmented.copies = Dictionary(uniqueKeysWithValues: splice.stretches.map { ($0.frames.lowerBound, $0) })
                segmented.splicer = SplicedVideoWriter(clock: clock, frameCount: frames, depth: splice.setup.depth,
                                                       lengthSize: splice.setup.configuration.lengthSize, stream: stream)
            }
            return segmented
        } catch let error as LibAVError {
            throw ExportError.encoderSetup(error, output: outputPath)
        } catch {
            throw ExportError.setup(reason: "preset '\(settings.name)': \(error)")
        }
    }

    /// A renderer of `video`'s pictures in `format`, reading `sources`: HDR in the working space `hdr` (which
    /// `SourcePool.prepareHDR` picked), or SDR without one.
    private static func renderer(of composition: MutableComposition, _ videoComposition: VideoComposition?,
                                 _ video: ExportSettings.Video, format: PixelFormat, sources: SourcePool,
                                 hdr: ColorDescription?) throws(ExportError) -> any PictureRenderer {
        guard let hdr else {
            return try VideoFrameRenderer(composition: composition, videoComposition: videoComposition,
                                          width: video.width, height: video.height, pixelFormat: format,
                                          sources: sources)
        }
        return try HDRFrameRenderer(composition: composition, videoComposition: videoComposition,
                                    width: video.width, height: video.height, pixelFormat: format,
                                    color: hdr, sources: sources)
    }

    /// What starting an encoder chunk costs at each frame of `range`, when `video` is cut into chunks.
    func chunkStartCost(_ video: ExportSettings.Video, range: TimeRange, clock: FrameClock) -> ChunkStartCost? {
        guard video.encoderLanes > 1, let videoComposition else { return nil }
        return ChunkStartCost(composition: composition, videoComposition: videoComposition, range: range, clock: clock)
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

    /// With passthrough, the stretches of `range` whose pictures are copied from a source, and how the encoder's
    /// packets join them; nil when nothing can be copied.
    func spliceCopies(_ video: ExportSettings.Video, format: LibAV.PixelFormat, range: TimeRange,
                              clock: FrameClock, frameCount: Int64, settings encoder: Encoder.VideoSettings)
        -> (setup: SpliceSetup, stretches: [CopiedStretch])? {
        let stretches = plannedCopies(video, format: format, range: range, clock: clock, frameCount: frameCount)
        guard let first = stretches.first,
              var setup = SpliceSetup.make(source: first.source, settings: encoder) else { return nil }
        setup.depth = max(setup.depth, stretches.map(\.source.index.reorderDepth).max() ?? 0)
        return (setup, stretches)
    }

    /// With passthrough, the stretches of `range` whose pictures can be copied from a source (see
    /// `SegmentCopyPlanner`) into an SDR H.264 stream of 8-bit 4:2:0 `format` in a container with an avcC (mp4, mov,
    /// mkv); only sources announcing the same parameter sets as the first are copied (one avcC).
    func plannedCopies(_ video: ExportSettings.Video, format: LibAV.PixelFormat, range: TimeRange, clock: FrameClock,
                       frameCount: Int64) -> [CopiedStretch] {
        guard settings.passthrough, !settings.checksEveryPacket, video.codec == .h264, !video.isHDR,
              format == .yuv420p, [.mp4, .mov, .mkv].contains(settings.container), let videoComposition else { return [] }
        let planner = SegmentCopyPlanner(composition: composition, videoComposition: videoComposition, range: range,
                                         clock: clock, width: video.width, height: video.height)
        let found = planner.stretches(in: SegmentPlan.instructionGroups(videoComposition, range: range, clock: clock,
                                                                        frameCount: frameCount))
        guard let first = found.first else { return [] }
        return found.filter { $0.source.configuration == first.source.configuration }
    }
}
