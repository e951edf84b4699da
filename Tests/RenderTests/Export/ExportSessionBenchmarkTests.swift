import Composition
import Foundation
import MediaCore
import Render
import Testing

/// Timings of 10 s 720p jobs; run only with `MEDIABATCH_BENCHMARK=1` (they take seconds, not milliseconds).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["MEDIABATCH_BENCHMARK"] != nil))
struct ExportSessionBenchmarkTests {
    @Test(arguments: ["fast-path", "crossfade"])
    func tenSeconds720p(kind: String) throws {
        let fixtures = try ExportFixtures.get()
        let directory = try fixtures.outputDirectory("bench")
        let source = directory + "/source.mp4"
        try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=10",
                                   "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=10",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p",
                                   "-c:a", "aac", "-ac", "2", source])
        let tracks = try fixtures.sourceTracks(source)
        let range = TimeRange(start: .zero, duration: seconds(10))
        var composition = MutableComposition()
        var videoComposition: VideoComposition?
        if kind == "crossfade" {
            let topID = composition.addMutableTrack(withMediaType: .video)
            let bottomID = composition.addMutableTrack(withMediaType: .video)
            let top = try #require(topID), bottom = try #require(bottomID)
            let video = try #require(tracks.first { $0.mediaType == .video })
            try composition.modifyTrack(top) { try $0.insertTimeRange(range, of: video, at: .zero) }
            try composition.modifyTrack(bottom) { try $0.insertTimeRange(range, of: video, at: .zero) }
            var fading = LayerInstruction(trackID: top)
            try fading.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: range)
            videoComposition = VideoComposition(
                renderSize: Size(width: 1280, height: 720), frameDuration: seconds(1, 30),
                instructions: [VideoCompositionInstruction(timeRange: range,
                                                           layerInstructions: [fading, LayerInstruction(trackID: bottom)])])
        } else {
            try composition.insertTimeRange(range, of: tracks, at: .invalid)
        }
        let settings = ExportSettings(
            name: "web-720p", container: .mp4,
            video: ExportSettings.Video(codec: .h264, width: 1280, height: 720, frameRate: FrameRate(30), crf: 23,
                                        speed: "veryfast"),
            audio: TestPresets.audio)
        let session = ExportSession(composition: composition, videoComposition: videoComposition, settings: settings,
                                    outputPath: directory + "/out.mp4")
        let result = try session.export()
        print("benchmark \(kind): 10 s 720p in \(String(format: "%.2f", result.renderSeconds)) s, "
              + "\(result.framesWritten) frames, \(result.byteSize) bytes")
        #expect(result.framesWritten == 300)
    }

    /// Peak resident memory after a short and after a six times longer export of generated media: it must not grow
    /// with the output's length.
    @Test func memoryDoesNotGrowWithLength() throws {
        let fixtures = try ExportFixtures.get()
        let directory = try fixtures.outputDirectory("memory")
        var peaks: [Int] = []
        for length in [Int64(10), 60] {
            let range = TimeRange(start: .zero, duration: seconds(length))
            let pattern = GeneratedSource(kind: .testpattern, duration: seconds(length), width: 640, height: 360)
            var composition = MutableComposition()
            try composition.insertTimeRange(range, of: [
                SourceTrack(url: pattern.url, trackID: 1, mediaType: .video, timeRange: range,
                            naturalSize: Size(width: 640, height: 360), frameRate: FrameRate(30)),
                SourceTrack(url: pattern.url, trackID: 2, mediaType: .audio, timeRange: range),
            ], at: .invalid)
            let result = try ExportSession(composition: composition, videoComposition: nil,
                                           settings: TestPresets.mp4(width: 640, height: 360),
                                           outputPath: directory + "/out\(length).mp4").export()
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            peaks.append(usage.ru_maxrss)
            print("benchmark memory: \(length) s 360p in \(String(format: "%.2f", result.renderSeconds)) s, "
                  + "peak RSS \(usage.ru_maxrss) KiB")
        }
        #expect(peaks[1] - peaks[0] < 20_000)
    }
}
