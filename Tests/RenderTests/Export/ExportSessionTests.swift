import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Testing

/// Real exports of tiny generated media, checked with ffprobe and by decoding pictures back with the ffmpeg CLI.
@Suite struct ExportSessionTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// A composition of `[0, duration)` of every track of `path`.
    func composition(of path: String, duration: MediaTime = seconds(1)) throws -> MutableComposition {
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: .zero, duration: duration), of: try fixtures.sourceTracks(path),
                                        at: .invalid)
        return composition
    }

    /// A video composition with one instruction over the whole composition holding `layers`.
    func videoComposition(_ layers: [LayerInstruction], duration: MediaTime, width: Int = 160,
                          height: Int = 120) -> VideoComposition {
        VideoComposition(
            renderSize: Size(width: Double(width), height: Double(height)), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: duration),
                                                       layerInstructions: layers)])
    }

    @Test func plainExportHasExactFramesCodecsAndSyncedAudio() throws {
        let output = try fixtures.outputDirectory("plain") + "/plain.mp4"
        var settings = TestPresets.mp4()
        settings.metadata = ["title": "Plain export"]
        let session = ExportSession(composition: try composition(of: fixtures.quadrants), videoComposition: nil,
                                    settings: settings, outputPath: output)
        #expect(session.status == .unknown)
        let result = try session.export()
        #expect(session.status == .completed)
        #expect(session.progress == 1)
        #expect(result.framesWritten == 30)
        #expect(result.outputPath == output)
        #expect(result.reencodeReason == nil)
        #expect(result.byteSize > 0)
        #expect(abs(result.duration.seconds - 1) <= 1.0 / 30)

        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "codec_name") == "h264")
        #expect(ProbeReport.string(probe.video, "width") == "160")
        #expect(ProbeReport.string(probe.video, "height") == "120")
        #expect(ProbeReport.string(probe.video, "r_frame_rate") == "30/1")
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "30")
        #expect(ProbeReport.string(probe.video, "pix_fmt") == "yuv420p")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
        #expect(ProbeReport.string(probe.audio, "sample_rate") == "48000")
        #expect(ProbeReport.number(probe.audio, "channels") == 2)
        #expect(probe.formatTags["title"] == "Plain export")
        let videoDuration = try #require(ProbeReport.number(probe.video, "duration"))
        let audioDuration = try #require(ProbeReport.number(probe.audio, "duration"))
        #expect(abs(videoDuration - 1) <= 1.0 / 30)
        #expect(abs(audioDuration - videoDuration) <= 1024.0 / 48_000 + 1e-6)

        // Scaled to 160x120 the quadrants keep their places.
        let picture = try RGBPicture(path: output, frame: 15, width: 160, height: 120)
        #expect(picture.matches(40, 30, (255, 0, 0)))
        #expect(picture.matches(120, 30, (0, 255, 0)))
        #expect(picture.matches(40, 90, (0, 0, 255)))
        #expect(picture.matches(120, 90, (255, 255, 255)))
    }

    @Test func cropOfAQuadrantFillsTheCanvas() throws {
        let output = try fixtures.outputDirectory("crop") + "/crop.mp4"
        let composition = try composition(of: fixtures.quadrants)
        let trackID = try #require(composition.tracks(withMediaType: .video).first?.trackID)
        var layer = LayerInstruction(trackID: trackID)
        // The green top-right quadrant (160x120 at 160,0) moved to the canvas origin.
        try layer.setCropRectangle(Rect(x: 160, y: 0, width: 160, height: 120), at: .zero)
        try layer.setTransform(.translation(x: -160, y: 0), at: .zero)
        let session = ExportSession(
            composition: composition, videoComposition: videoComposition([layer], duration: seconds(1)),
            settings: TestPresets.mp4(audio: false), outputPath: output)
        _ = try session.export()
        let picture = try RGBPicture(path: output, frame: 10, width: 160, height: 120)
        for (x, y) in [(8, 8), (80, 60), (150, 110)] {
            #expect(picture.matches(x, y, (0, 255, 0)), "pixel \(x),\(y) is \(picture.rgb(x, y))")
        }
    }

    @Test func crossfadeMiddleFrameBlendsBothColours() throws {
        let output = try fixtures.outputDirectory("crossfade") + "/crossfade.mp4"
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: seconds(1))
        let topID = composition.addMutableTrack(withMediaType: .video)
        let top = try #require(topID)
        let bottomID = composition.addMutableTrack(withMediaType: .video)
        let bottom = try #require(bottomID)
        try composition.modifyTrack(top) { try $0.insertTimeRange(range, of: try fixtures.videoTrack(fixtures.red), at: .zero) }
        try composition.modifyTrack(bottom) {
            try $0.insertTimeRange(range, of: try fixtures.videoTrack(fixtures.blue), at: .zero)
        }
        var fading = LayerInstruction(trackID: top)
        try fading.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: range)
        let session = ExportSession(
            composition: composition,
            videoComposition: videoComposition([fading, LayerInstruction(trackID: bottom)], duration: seconds(1),
                                               width: 320, height: 240),
            settings: TestPresets.mp4(audio: false), outputPath: output)
        let result = try session.export()
        #expect(result.framesWritten == 30)
        // Frame 15 is at 0.5 s: red at opacity 0.5 over blue.
        let middle = try RGBPicture(path: output, frame: 15, width: 160, height: 120)
        #expect(middle.matches(80, 60, (128, 0, 128), tolerance: 30), "middle is \(middle.rgb(80, 60))")
        let first = try RGBPicture(path: output, frame: 0, width: 160, height: 120)
        #expect(first.matches(80, 60, (255, 0, 0)), "first is \(first.rgb(80, 60))")
        let last = try RGBPicture(path: output, frame: 29, width: 160, height: 120)
        #expect(last.matches(80, 60, (0, 0, 255), tolerance: 30), "last is \(last.rgb(80, 60))")
    }

    @Test func splitScreenShowsBothHalves() throws {
        let output = try fixtures.outputDirectory("split") + "/split.mp4"
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: seconds(1))
        let leftID = composition.addMutableTrack(withMediaType: .video)
        let left = try #require(leftID)
        let rightID = composition.addMutableTrack(withMediaType: .video)
        let right = try #require(rightID)
        try composition.modifyTrack(left) { try $0.insertTimeRange(range, of: try fixtures.videoTrack(fixtures.red), at: .zero) }
        try composition.modifyTrack(right) {
            try $0.insertTimeRange(range, of: try fixtures.videoTrack(fixtures.blue), at: .zero)
        }
        // 320x240 sources squeezed into 80x120 halves of a 160x120 canvas.
        var leftLayer = LayerInstruction(trackID: left)
        try leftLayer.setTransform(.scale(x: 0.25, y: 0.5), at: .zero)
        var rightLayer = LayerInstruction(trackID: right)
        try rightLayer.setTransform(AffineTransform2D.scale(x: 0.25, y: 0.5).concatenating(.translation(x: 80, y: 0)),
                                    at: .zero)
        let session = ExportSession(
            composition: composition, videoComposition: videoComposition([leftLayer, rightLayer], duration: seconds(1)),
            settings: TestPresets.mp4(audio: false), outputPath: output)
        _ = try session.export()
        let picture = try RGBPicture(path: output, frame: 5, width: 160, height: 120)
        #expect(picture.matches(30, 60, (255, 0, 0)), "left is \(picture.rgb(30, 60))")
        #expect(picture.matches(130, 60, (0, 0, 255)), "right is \(picture.rgb(130, 60))")
    }

    @Test func speedTwoHalvesTheDurationOfPictureAndSound() throws {
        let output = try fixtures.outputDirectory("speed") + "/speed.mp4"
        var composition = try composition(of: fixtures.longer, duration: seconds(2))
        try composition.scaleTimeRange(TimeRange(start: .zero, duration: seconds(2)), toDuration: seconds(1))
        #expect(composition.duration == seconds(1))
        let session = ExportSession(composition: composition, videoComposition: nil, settings: TestPresets.mp4(),
                                    outputPath: output)
        let result = try session.export()
        #expect(result.framesWritten == 30)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "30")
        let audioDuration = try #require(ProbeReport.number(probe.audio, "duration"))
        #expect(abs(audioDuration - 1) <= 1024.0 / 48_000 + 1.0 / 30)
    }

    @Test func generatedSourcesRenderPictureAndTone() throws {
        let output = try fixtures.outputDirectory("generated") + "/generated.mp4"
        let duration = seconds(1)
        let color = GeneratedSource(kind: .color, duration: duration, width: 160, height: 120, color: "#00ff00")
        let tone = GeneratedSource(kind: .tone, duration: duration, frequency: 440)
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: duration)
        try composition.insertTimeRange(range, of: [
            SourceTrack(url: color.url, trackID: 1, mediaType: .video, timeRange: range,
                        naturalSize: Size(width: 160, height: 120), frameRate: FrameRate(30)),
            SourceTrack(url: tone.url, trackID: 2, mediaType: .audio, timeRange: range),
        ], at: .invalid)
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: TestPresets.mp4(),
                                       outputPath: output).export()
        #expect(result.framesWritten == 30)
        let picture = try RGBPicture(path: output, frame: 3, width: 160, height: 120)
        #expect(picture.matches(80, 60, (0, 255, 0)), "pixel is \(picture.rgb(80, 60))")
        // A 0.5-amplitude sine has an RMS of about 0.35.
        let rms = try audioRMS(output)
        #expect(rms > 0.25 && rms < 0.45, "rms \(rms)")
    }

    @Test func posterPNGIsOneFrameAtThePosterTime() throws {
        let output = try fixtures.outputDirectory("poster") + "/poster.png"
        var settings = ExportSettings(name: "poster", container: .png,
                                      video: ExportSettings.Video(codec: .png, width: 160, height: 120,
                                                                  frameRate: FrameRate(30)),
                                      audio: nil, posterTime: seconds(1, 2))
        settings.faststart = false
        let session = ExportSession(composition: try composition(of: fixtures.quadrants), videoComposition: nil,
                                    settings: settings, outputPath: output)
        let result = try session.export()
        #expect(result.framesWritten == 1)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "codec_name") == "png")
        #expect(ProbeReport.string(probe.video, "width") == "160")
        let picture = try RGBPicture(path: output, width: 160, height: 120)
        #expect(picture.matches(120, 90, (255, 255, 255), tolerance: 8))
        #expect(picture.matches(40, 30, (255, 0, 0), tolerance: 8))
    }

    @Test func audioOnlyM4AHasOneAudioStream() throws {
        let output = try fixtures.outputDirectory("audio") + "/audio.m4a"
        let settings = ExportSettings(name: "audio", container: .m4a, video: nil, audio: TestPresets.audio)
        let session = ExportSession(composition: try composition(of: fixtures.longer, duration: seconds(2)),
                                    videoComposition: nil, settings: settings, outputPath: output)
        let result = try session.export()
        #expect(result.framesWritten == 0)
        let probe = try ProbeReport(path: output)
        #expect(probe.streams.count == 1)
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
        #expect(ProbeReport.string(probe.audio, "sample_rate") == "48000")
        #expect(abs(probe.formatDuration - 2) <= 1024.0 / 48_000 * 2)
    }

    @Test func videoWithoutAudioTracksGetsSilence() throws {
        let output = try fixtures.outputDirectory("silence") + "/silence.mp4"
        let session = ExportSession(composition: try composition(of: fixtures.red), videoComposition: nil,
                                    settings: TestPresets.mp4(), outputPath: output)
        _ = try session.export()
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
        let audioDuration = try #require(ProbeReport.number(probe.audio, "duration"))
        #expect(abs(audioDuration - 1) <= 1024.0 / 48_000 + 1e-6)
        #expect(try audioRMS(output) < 0.001)
    }
}
