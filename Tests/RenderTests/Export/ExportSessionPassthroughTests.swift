import Composition
import Foundation
import MediaCore
import Render
import Testing

/// Passthrough: packets copied when the cuts fall on keyframes, a re-encode with the reason otherwise.
@Suite struct ExportSessionPassthroughTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// h264 320x240 at 30 fps with aac 44.1 kHz mono: the quadrant source's own format.
    var settings: ExportSettings {
        var settings = ExportSettings(
            name: "copy", container: .mp4,
            video: ExportSettings.Video(codec: .h264, width: 320, height: 240, frameRate: FrameRate(30),
                                        speed: "ultrafast"),
            audio: ExportSettings.Audio(codec: .aac, sampleRate: 44_100, channels: 1))
        settings.passthrough = true
        return settings
    }

    /// Source ranges of the quadrant clip laid end to end.
    func composition(_ ranges: [TimeRange]) throws -> MutableComposition {
        var composition = MutableComposition()
        for range in ranges {
            try composition.insertTimeRange(range, of: try fixtures.sourceTracks(fixtures.quadrants), at: .invalid)
        }
        return composition
    }

    @Test func cutsOnKeyframesAreCopied() throws {
        let output = try fixtures.outputDirectory("copy") + "/copy.mp4"
        // Keyframes every 10 frames: frames 0-9 and 20-29.
        let composition = try composition([TimeRange(start: .zero, duration: seconds(1, 3)),
                                           TimeRange(start: seconds(2, 3), duration: seconds(1, 3))])
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.reencodeReason == nil)
        #expect(result.framesWritten == 20)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "20")
        #expect(ProbeReport.string(probe.video, "width") == "320")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
        #expect(abs(probe.formatDuration - 2.0 / 3) <= 1.0 / 30 + 0.025)
        // Frame 10 of the output is frame 20 of the source: still the quadrants.
        let picture = try RGBPicture(path: output, frame: 10, width: 320, height: 240)
        #expect(picture.matches(80, 60, (255, 0, 0)))
    }

    @Test func aCutBetweenKeyframesIsSmartRendered() throws {
        let output = try fixtures.outputDirectory("recode") + "/recode.mp4"
        // Frames 15-24: 15-19 re-encoded, 20-24 copied from the keyframe at 20 to the end of the piece.
        let composition = try composition([TimeRange(start: seconds(1, 2), duration: seconds(1, 3))])
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.reencodeReason == nil)
        #expect(result.framesWritten == 10)
        #expect(result.reencodedFrames == 5)
    }

    @Test func aStrictDamageLimitIsReencodedWithTheReason() throws {
        let output = try fixtures.outputDirectory("strict") + "/strict.mp4"
        var settings = settings
        settings.damageLimit = 0
        let composition = try composition([TimeRange(start: .zero, duration: seconds(1, 3))])
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.reencodeReason == "passthrough: a damage limit of 0 decodes every source packet to check it; "
                + "nothing is copied")
        #expect(result.copiedFrames == 0)
    }

    @Test func aDifferentSizeIsReencodedWithTheReason() throws {
        let output = try fixtures.outputDirectory("resize") + "/resize.mp4"
        var settings = settings
        settings.video?.width = 160
        settings.video?.height = 120
        let composition = try composition([TimeRange(start: .zero, duration: seconds(1, 3))])
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.reencodeReason == "passthrough: '\(fixtures.quadrants)' is h264 320x240 at 30 fps but the "
                + "preset asks for h264 160x120 at 30 fps")
    }
}
