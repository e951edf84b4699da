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
}
