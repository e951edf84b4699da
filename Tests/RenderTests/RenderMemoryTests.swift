import Composition
import Foundation
import MediaCore
import Render
import Testing

/// The memory estimate the batch schedules by: the figures measured on the benchmark jobs (peak resident set of one
/// render, less the process's own ~75 MB), and more for every thing that makes a render hold more.
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
        // output, speed, largest source, measured MB (peak RSS - 75 MB), on this project's benchmark machine
        (1280, 720, "veryfast", hd, 149.0),
        (720, 1280, "veryfast", hd, 155.0),
        (1280, 1280, "veryfast", hd, 231.0),
        (1280, 720, "medium", hd, 229.0),
        (1080, 1080, "fast", hd, 256.0),
        (1280, 720, "veryfast", 3840 * 2160, 198.0),
    ])
    func estimatesAreNearWhatWasMeasured(width: Int, height: Int, speed: String, source: Int, measured: Double) {
        let estimate = Double(RenderMemory.estimate(settings: Self.settings(width, height, speed: speed),
                                                    sourcePixels: source)) / 1_048_576
        #expect(abs(estimate - measured) / measured < 0.12, "\(estimate) MB estimated, \(measured) MB measured")
    }

    /// A composition showing one source at `path` for 3 s.
    static func composition(showing path: String, width: Int, height: Int) throws -> MutableComposition {
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: MediaTime(value: 3, timescale: 1))
        let track = SourceTrack(url: URL(fileURLWithPath: path), trackID: 1, mediaType: .video, timeRange: range,
                                naturalSize: Size(width: Double(width), height: Double(height)))
        try composition.insertTimeRange(range, of: [track], at: .zero)
        return composition
    }

    /// Known sources count their decoders' real pictures: a plain 8-bit H.264 source as the size-only estimate, a
    /// 4K 10-bit HEVC HLG phone clip with its four decoder threads and its tone mapping (measured 600-616 MB).
    @Test func probedSourcesCountTheirRealPictures() throws {
        let plain = ProbedStream(index: 0, mediaType: .video, codecName: "h264", duration: .zero, width: 1280,
                                 height: 720, pixelFormat: "yuv420p", colorPrimaries: "bt709")
        let phone = ProbedStream(index: 0, mediaType: .video, codecName: "hevc", duration: .zero, width: 3840,
                                 height: 2160, pixelFormat: "yuv420p10le", colorPrimaries: "bt2020")
        let settings = Self.settings(1920, 1080)
        let hd = try Self.composition(showing: "/footage/plain.mp4", width: 1280, height: 720)
        #expect(RenderMemory.estimate(settings: settings, composition: hd, sources: ["/footage/plain.mp4": plain],
                                      decoderThreads: 1)
            == RenderMemory.estimate(settings: settings, composition: hd))
        let hlg = try Self.composition(showing: "/footage/phone.mp4", width: 3840, height: 2160)
        let estimate = Double(RenderMemory.estimate(settings: settings, composition: hlg,
                                                    sources: ["/footage/phone.mp4": phone], decoderThreads: 1)) / 1_048_576
        #expect(abs(estimate - 608) / 608 < 0.12, "\(estimate) MB estimated, 608 MB measured")
        #expect(Double(RenderMemory.estimate(settings: settings, composition: hlg)) / 1_048_576 < 608 * 0.7,
                "the size-only estimate was not this far under")
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
}
