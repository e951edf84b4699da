import Composition
import Foundation
import MediaCore
import Render
import Testing

/// Every container with its usual codecs, read back by ffprobe; JPEG posters.
@Suite struct ExportSessionContainerTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    @Test(arguments: [
        (ExportSettings.Container.mp4, ExportSettings.VideoCodec.h264, ExportSettings.AudioCodec.aac, "h264", "aac", 48_000),
        (.mov, .h264, .aac, "h264", "aac", 48_000),
        (.mkv, .h264, .opus, "h264", "opus", 48_000),
        (.webm, .vp9, .opus, "vp9", "opus", 48_000),
    ])
    func containerHoldsItsCodecs(container: ExportSettings.Container, videoCodec: ExportSettings.VideoCodec,
                                 audioCodec: ExportSettings.AudioCodec, videoName: String, audioName: String,
                                 sampleRate: Int) throws {
        let output = try fixtures.outputDirectory("container") + "/out." + container.fileExtension
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: .zero, duration: seconds(1, 2)),
                                        of: try fixtures.sourceTracks(fixtures.quadrants), at: .invalid)
        let settings = ExportSettings(
            name: "table", container: container,
            video: ExportSettings.Video(codec: videoCodec, width: 160, height: 120, frameRate: FrameRate(30), crf: 30,
                                        speed: "ultrafast", keyframeInterval: 5),
            audio: ExportSettings.Audio(codec: audioCodec, bitRate: 64_000, sampleRate: 44_100, channels: 2),
            metadata: ["title": "Table"])
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.framesWritten == 15)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "codec_name") == videoName)
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "15")
        #expect(ProbeReport.string(probe.audio, "codec_name") == audioName)
        // aac keeps the preset's rate; Opus always runs at 48 kHz.
        let expectedRate = audioCodec == .aac ? 44_100 : sampleRate
        #expect(ProbeReport.string(probe.audio, "sample_rate") == String(expectedRate))
        #expect(abs(probe.formatDuration - 0.5) <= 1.0 / 30 + 0.03, "duration \(probe.formatDuration)")
        let title = probe.formatTags["title"] ?? probe.formatTags["TITLE"]
        #expect(title == "Table")
    }

    @Test func jpegPosterClampsALateTimeToTheLastFrame() throws {
        let output = try fixtures.outputDirectory("jpeg") + "/poster.jpg"
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: .zero, duration: seconds(1)),
                                        of: try fixtures.sourceTracks(fixtures.quadrants), at: .invalid)
        let settings = ExportSettings(
            name: "poster", container: .jpeg,
            video: ExportSettings.Video(codec: .mjpeg, width: 320, height: 240, frameRate: FrameRate(30)),
            audio: nil, posterTime: seconds(5))
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.framesWritten == 1)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "codec_name") == "mjpeg")
        let picture = try RGBPicture(path: output, width: 320, height: 240)
        #expect(picture.matches(80, 60, (255, 0, 0)), "top left is \(picture.rgb(80, 60))")
        #expect(picture.matches(240, 180, (255, 255, 255)), "bottom right is \(picture.rgb(240, 180))")
    }
}
