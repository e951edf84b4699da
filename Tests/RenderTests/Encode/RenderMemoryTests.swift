import Composition
import Foundation
import MediaCore
import Render
import Testing

/// The memory estimate the batch schedules by: the figures measured on the benchmark jobs (peak resident set of one
/// render, less the process's own ~58 MB), and more for every thing that makes a render hold more.
@Suite struct RenderMemoryTests {
    static func settings(_ width: Int, _ height: Int, codec: ExportSettings.VideoCodec = .h264, speed: String = "veryfast",
                         pixelFormat: String = "yuv420p") -> ExportSettings {
        ExportSettings(name: "test", container: .mp4,
                       video: .init(codec: codec, width: width, height: height, frameRate: FrameRate(30), crf: 23,
                                    speed: speed, pixelFormat: pixelFormat),
                       audio: .init(codec: .aac))
    }

    static let hd = 1280 * 720

    @Test(arguments: [
        // output, speed, largest source, measured MB (peak RSS - 58 MB) on this project's benchmark machine: 3 x 8 s
        // of 720p H.264 with two crossfades and a bed (the 4K row: 8 s of one 4K H.264 clip), x264 on two frame threads
        (1280, 720, "veryfast", hd, 137.0),
        (720, 1280, "veryfast", hd, 140.0),
        (1280, 1280, "veryfast", hd, 203.0),
        (1280, 720, "medium", hd, 229.0),
        (1080, 1080, "fast", hd, 235.0),
        (1280, 720, "veryfast", 3840 * 2160, 193.0),
    ])
    func estimatesAreNearWhatWasMeasured(width: Int, height: Int, speed: String, source: Int, measured: Double) {
        let estimate = Double(RenderMemory.estimate(settings: Self.settings(width, height, speed: speed),
                                                    sourcePixels: source)) / 1_048_576
        #expect(abs(estimate - measured) / measured < 0.12, "\(estimate) MB estimated, \(measured) MB measured")
    }

    /// A capped H.264 video encodes in sessions of one thread (see `ExportSettings.Video.sessionThreads`), which hold
    /// a frame thread's frames less: the peaks of one render in one lane (the job above), less the process. The
    /// 1280 px rows were measured on x264's sliced threads; the 1080x1080 row in one-thread sessions (2026-12-03:
    /// 199.5 MB with the 63 MB idle process; 134 MB on sliced threads).
    @Test(arguments: [
        (1280, 720, 114.0),   // the batch benchmark's 16:9 size
        (1280, 1280, 168.0),  // its 1:1 size
        (1080, 1080, 136.5),  // the single-output benchmark's size
    ])
    func oneThreadSessionsAreNearWhatWasMeasured(width: Int, height: Int, measured: Double) {
        var settings = Self.settings(width, height)
        settings.video?.maxBitRate = 6_000_000
        let estimate = Double(RenderMemory.estimate(settings: settings, sourcePixels: Self.hd)) / 1_048_576
        #expect(estimate >= measured && estimate < measured * 1.12, "\(estimate) MB estimated, \(measured) MB measured")
        let uncapped = RenderMemory.estimate(settings: Self.settings(width, height), sourcePixels: Self.hd)
        #expect(Double(uncapped) / 1_048_576 > estimate, "two frame threads hold more")
    }

    /// A capped render alone runs two lanes, each with its own x264 session, renderer and decoders: the peaks of
    /// two lanes measured on the job above, less the process (1080x1080 capped at 10 Mb/s, 1280x1280 at 6 Mb/s); an
    /// uncapped render runs one.
    @Test(arguments: [(1080, 1080, 232.0), (1280, 1280, 292.0)])
    func lanesCountAnEncoderRendererAndDecodersEach(width: Int, height: Int, measured: Double) throws {
        var settings = Self.settings(width, height)
        let composition = try Self.composition([(path: "/c.mp4", start: 0, duration: 23, track: 1)])
        let uncapped = RenderMemory.estimate(settings: settings, sourcePixels: Self.hd)
        #expect(RenderMemory.inLanes(uncapped, settings: settings, composition: composition) == uncapped)
        settings.video?.maxBitRate = 10_000_000
        let oneLane = RenderMemory.estimate(settings: settings, sourcePixels: Self.hd)
        let estimate = Double(RenderMemory.inLanes(oneLane, settings: settings, composition: composition)) / 1_048_576
        #expect(estimate >= measured && estimate < measured * 1.15, "\(estimate) MB estimated, \(measured) MB measured")
    }

    /// A composition of `clips` (path, composition start and duration in seconds, composition track), each showing
    /// its source from source time 0; tracks are made as they are first named.
    static func composition(_ clips: [(path: String, start: Int64, duration: Int64, track: Int32)]) throws -> MutableComposition {
        var composition = MutableComposition()
        for clip in clips {
            if composition.track(withID: clip.track) == nil {
                _ = composition.addMutableTrack(withMediaType: .video, preferredTrackID: clip.track)
                try composition.modifyTrack(clip.track) { $0.naturalSize = Size(width: 1280, height: 720) }
            }
            let range = TimeRange(start: .zero, duration: MediaTime(value: clip.duration, timescale: 1))
            let source = SourceTrack(url: URL(fileURLWithPath: clip.path), trackID: 1, mediaType: .video,
                                     timeRange: range, naturalSize: Size(width: 1280, height: 720))
            try composition.modifyTrack(clip.track) {
                try $0.insertTimeRange(range, of: source, at: MediaTime(value: clip.start, timescale: 1))
            }
        }
        return composition
    }

    static let plain = ProbedStream(index: 0, mediaType: .video, codecName: "h264", duration: .zero, width: 1280,
                                    height: 720, pixelFormat: "yuv420p", colorPrimaries: "bt709")
    static let uhd = ProbedStream(index: 0, mediaType: .video, codecName: "h264", duration: .zero, width: 3840,
                                  height: 2160, pixelFormat: "yuv420p", colorPrimaries: "bt709")
    static let phone = ProbedStream(index: 0, mediaType: .video, codecName: "hevc", duration: .zero, width: 3840,
                                    height: 2160, pixelFormat: "yuv420p10le", colorPrimaries: "bt2020",
                                    colorTransfer: "arib-std-b67", colorMatrix: "bt2020nc")
    /// What one decoder of `uhd` holds: 6 pictures, and 4/3 more for each of the two threads beyond the first
    /// that a 4K source decodes on.
    static let uhdDecoder = (6 + 2 * 4.0 / 3) * 3840 * 2160 * 1.5

    /// Known sources count the decoders open at the worst moment with their real pictures: the fitted jobs' intro,
    /// clip and outro of 720p H.264 (two open at once: each opens 3 s before it shows) as the size-only estimate; a crossfade between two 4K clips two whole decoders; the same file on two tracks two readers;
    /// clips far enough apart, or one file cut in pieces on one track, one decoder.
    @Test(arguments: [
        ("a 4K clip crossfading into another", [("/p.mp4", 0, 5, 1), ("/q.mp4", 4, 5, 2)], 2),
        ("one 4K file on two tracks", [("/p.mp4", 0, 5, 1), ("/p.mp4", 4, 5, 2)], 2),
        ("a 4K clip cut to another 2 s later", [("/p.mp4", 0, 5, 1), ("/q.mp4", 5, 5, 1)], 2),
        ("4K clips 10 s apart", [("/p.mp4", 0, 5, 1), ("/q.mp4", 15, 5, 1)], 1),
        ("a 4K clip cut in three", [("/p.mp4", 0, 5, 1), ("/p.mp4", 5, 5, 1), ("/p.mp4", 20, 5, 1)], 1),
    ] as [(String, [(String, Int64, Int64, Int32)], Int)])
    func decodersOpenAtOnceAreCounted(label: String, clips: [(String, Int64, Int64, Int32)], decoders: Int) throws {
        let sources = ["/i.mp4": Self.plain, "/c.mp4": Self.plain, "/o.mp4": Self.plain, "/p.mp4": Self.uhd,
                       "/q.mp4": Self.uhd]
        let settings = Self.settings(1920, 1080)
        func estimate(_ clips: [(String, Int64, Int64, Int32)]) throws -> Double {
            let composition = try Self.composition(clips.map { (path: $0.0, start: $0.1, duration: $0.2, track: $0.3) })
            return Double(RenderMemory.estimate(settings: settings, composition: composition, sources: sources,
                                                decoderThreads: 1))
        }
        let hd = try Self.composition([(path: "/i.mp4", start: 0, duration: 2, track: 1),
                                       (path: "/c.mp4", start: 2, duration: 4, track: 1),
                                       (path: "/o.mp4", start: 6, duration: 2, track: 1)])
        #expect(try abs(estimate([("/i.mp4", 0, 2, 1), ("/c.mp4", 2, 4, 1), ("/o.mp4", 6, 2, 1)])
                        - Double(RenderMemory.estimate(settings: settings, composition: hd))) < 2)
        let expected = try estimate([("/p.mp4", 0, 5, 1)]) + Double(decoders - 1) * Self.uhdDecoder
        let found = try estimate(clips)
        #expect(abs(found - expected) < 2, "\(label): \(found) estimated, \(expected) expected")
    }

    /// A 4K 10-bit HEVC HLG phone clip into web-1080p SDR counts its decoder threads and its tone mapping (measured
    /// 598 MB with the process, Benchmarks/hdr-to-sdr.sh); a stream whose transfer alone says HLG (tagged BT.709
    /// primaries) is converted too, and counted so.
    @Test func probedSourcesCountTheirLightConversion() throws {
        var settings = Self.settings(1920, 1080)
        settings.video?.maxBitRate = 10_000_000
        let hlg = try Self.composition([(path: "/p.mp4", start: 0, duration: 3, track: 1)])
        let estimate = Double(RenderMemory.estimate(settings: settings, composition: hlg,
                                                    sources: ["/p.mp4": Self.phone], decoderThreads: 1)) / 1_048_576
        let measured = 598.0 - Double(RenderMemory.processBytes) / 1_048_576
        #expect(abs(estimate - measured) / measured < 0.12, "\(estimate) MB estimated, \(measured) MB measured")
        #expect(Double(RenderMemory.estimate(settings: settings, composition: hlg)) / 1_048_576 < measured * 0.7,
                "the size-only estimate was not this far under")
        var mistagged = Self.phone
        mistagged.colorPrimaries = "bt709"
        #expect(RenderMemory.estimate(settings: settings, composition: hlg, sources: ["/p.mp4": mistagged],
                                      decoderThreads: 1) == Int(estimate * 1_048_576))
    }

    /// A render started beside others keeps less in flight: two pictures less (one frame rendered ahead instead of
    /// three) with every encoder, the same for sound alone.
    @Test(arguments: [
        (ExportSettings.VideoCodec.h264, 1280, 720, 3.0),
        (.h264, 1280, 1280, 3.0),
        (.hevc, 1920, 1080, 3.0),
        (.vp9, 1280, 720, 3.0),
    ])
    func besideOthersARenderHoldsLess(codec: ExportSettings.VideoCodec, width: Int, height: Int, perPixel: Double) {
        let settings = Self.settings(width, height, codec: codec)
        let alone = RenderMemory.estimate(settings: settings, sourcePixels: Self.hd)
        #expect(RenderMemory.besideOthers(alone, settings: settings) == alone - Int(perPixel * Double(width * height)))
        let audioOnly = ExportSettings(name: "a", container: .m4a, video: nil, audio: .init(codec: .aac))
        #expect(RenderMemory.besideOthers(8 << 20, settings: audioOnly) == 8 << 20)
    }

    @Test func moreOfAnythingHeldEstimatesMore() {
        let base = RenderMemory.estimate(settings: Self.settings(1280, 720), sourcePixels: Self.hd)
        let larger = [
            RenderMemory.estimate(settings: Self.settings(1920, 1080), sourcePixels: Self.hd),
            RenderMemory.estimate(settings: Self.settings(1280, 720, speed: "slow"), sourcePixels: Self.hd),
            RenderMemory.estimate(settings: Self.settings(1280, 720, pixelFormat: "yuv420p10le"), sourcePixels: Self.hd),
            RenderMemory.estimate(settings: Self.settings(1280, 720, codec: .hevc), sourcePixels: Self.hd),
            RenderMemory.estimate(settings: Self.settings(1280, 720), sourcePixels: 3840 * 2160),
        ]
        #expect(larger.allSatisfy { $0 > base }, "\(base) vs \(larger)")
        let audioOnly = ExportSettings(name: "a", container: .m4a, video: nil, audio: .init(codec: .aac))
        #expect(RenderMemory.estimate(settings: audioOnly, sourcePixels: 0) < base / 4)
    }

    /// How the test's picture-in-picture layer is arranged, and how many warped buffers that takes.
    enum Arrangement: String, CaseIterable, Sendable {
        case atRest, scaledAndPlaced, turnedAQuarter, rounded, bordered, turnedTenDegrees, zooming

        var buffers: Int { [.atRest, .scaledAndPlaced, .turnedAQuarter].contains(self) ? 0 : 1 }

        func apply(to layer: inout LayerInstruction) throws {
            let (cosine, sine) = (cos(Double.pi / 18), sin(Double.pi / 18))
            switch self {
            case .atRest: break
            case .scaledAndPlaced:
                try layer.setTransform(.scale(x: 0.35, y: 0.35).concatenating(.translation(x: 9, y: 7)), at: .zero)
            case .turnedAQuarter:
                try layer.setTransform(AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1080, ty: 0), at: .zero)
            case .rounded: try layer.setCornerRadius(24)
            case .bordered: try layer.setBorder(width: 6, color: .white)
            case .turnedTenDegrees:
                try layer.setTransform(AffineTransform2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0),
                                       at: .zero)
            case .zooming:
                try layer.setTransformRamp(fromStart: .identity, toEnd: .scale(x: 2, y: 2),
                                           timeRange: TimeRange(start: .zero, duration: MediaTime(value: 2, timescale: 1)))
            }
        }
    }

    /// Layers the warper draws keep a canvas-size 4:2:0 buffer with alpha each (2.5 samples a pixel), counted for
    /// the instruction with the most: a rounded, a bordered, a turned and a moving layer count; a layer scaled and
    /// placed at rest, or turned a quarter, does not. (Measured: a 10 s 1080p output with a 35% picture-in-picture
    /// peaked at 476 MB square and 486 MB rounded, its two encoder lanes holding a buffer each.)
    @Test(arguments: Arrangement.allCases)
    func warpedLayersCountTheirBuffers(arrangement: Arrangement) throws {
        let added = try Self.addedByLayers(renderSize: Size(width: 1920, height: 1080)) { layer in
            if layer.trackID == 2 { try arrangement.apply(to: &layer) }
        }
        for (format, bytes, extra) in added {
            #expect(extra == Int(Double(arrangement.buffers) * 1920 * 1080 * 2.5 * bytes), "\(format)")
        }
    }

    /// A layer with colour controls keeps its changed picture, 4:2:0 at its track's natural size (1280x720 here),
    /// counted for the instruction with the most: both layers looked count two, one counts one.
    @Test(arguments: [([Int32](), 0.0), ([2], 1.0), ([1, 2], 2.0)])
    func lookedLayersCountTheirPictures(looked: [Int32], pictures: Double) throws {
        let added = try Self.addedByLayers { layer in
            if looked.contains(layer.trackID) { try layer.setColorControls(ColorControls(saturation: 0)) }
        }
        for (format, bytes, extra) in added {
            #expect(extra == Int(pictures * 1280 * 720 * 1.5 * bytes), "\(format)")
        }
    }

    /// What laying out two 4 s 720p tracks (`/c.mp4` on track 1, `/p.mp4` on track 2) into a 1920x1080 output adds
    /// to the estimate when `change` edits every layer instruction, for 8-bit and 10-bit outputs (with the bytes
    /// per sample of each).
    static func addedByLayers(renderSize: Size? = nil, _ change: (inout LayerInstruction) throws -> Void) throws
        -> [(format: String, bytes: Double, extra: Int)] {
        let composition = try Self.composition([(path: "/c.mp4", start: 0, duration: 4, track: 1),
                                                (path: "/p.mp4", start: 0, duration: 4, track: 2)])
        var videoComposition = VideoComposition.make(propertiesOf: composition)
        if let renderSize { videoComposition.renderSize = renderSize }
        for index in videoComposition.instructions.indices {
            for layer in videoComposition.instructions[index].layerInstructions.indices {
                try change(&videoComposition.instructions[index].layerInstructions[layer])
            }
        }
        let sources = ["/c.mp4": Self.plain, "/p.mp4": Self.plain]
        return [("yuv420p", 1.0), ("yuv420p10le", 2.0)].map { format, bytes in
            let settings = Self.settings(1920, 1080, pixelFormat: format)
            let plain = RenderMemory.estimate(settings: settings, composition: composition, sources: sources,
                                              decoderThreads: 1)
            let laidOut = RenderMemory.estimate(settings: settings, composition: composition,
                                                videoComposition: videoComposition, sources: sources, decoderThreads: 1)
            return (format, bytes, laidOut - plain)
        }
    }
}
