import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Testing

/// Footage as it comes from cameras, phones and archives, rendered for real and checked with the ffmpeg tools:
/// HDR tone mapping, audio placed by timestamps, deinterlacing, 5.1 downmix and concealed damage.
@Suite struct ExportSessionFootageTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// A 160x96 animated GIF at 10 fps.
    static let gif = ExportSettings(name: "test-gif", container: .gif, video: ExportSettings.Video(
        codec: .gif, width: 160, height: 96, frameRate: FrameRate(10)), audio: nil)

    /// Renders `[0, duration)` of every track of `source` into a new file, by default an mp4 at 160x96, 30 fps.
    func render(_ source: String, duration: MediaTime, damageLimit: Double? = nil,
                settings preset: ExportSettings = TestPresets.mp4(width: 160, height: 96)) throws
        -> (path: String, result: ExportResult)
    {
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: .zero, duration: duration),
                                        of: try fixtures.sourceTracks(source), at: .invalid)
        let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
        let output = try fixtures.outputDirectory(name + "-" + preset.container.rawValue) + "/out."
            + preset.container.rawValue
        var settings = preset
        settings.damageLimit = damageLimit
        let session = ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                    outputPath: output)
        return (output, try session.export())
    }

    /// Whether every component of `color` is within `tolerance` of `expected`.
    func near(_ color: (r: Int, g: Int, b: Int), _ expected: (Int, Int, Int), _ tolerance: Int) -> Bool {
        abs(color.r - expected.0) <= tolerance && abs(color.g - expected.1) <= tolerance && abs(color.b - expected.2) <= tolerance
    }

    /// The root mean square of `channel` of interleaved stereo `samples` at 48 kHz between two times.
    func rms(_ samples: [Float], channel: Int, from start: Double, to end: Double) -> Double {
        let range = (Int(start * 48_000))..<min(Int(end * 48_000), samples.count / 2)
        guard !range.isEmpty else { return 0 }
        let sum = range.reduce(0.0) { $0 + Double(samples[2 * $1 + channel]) * Double(samples[2 * $1 + channel]) }
        return (sum / Double(range.count)).squareRoot()
    }

    // The tolerance: the orange goes through 10-bit 4:2:0 HEVC, a tone curve that starts rolling off at 0.6 of
    // reference white (the orange's red sits at 0.77, so it loses about 3 %), 8-bit 4:2:0 H.264 and a decoder's
    // matrix; 12 code values (5 %) is well inside that and far from the untone-mapped (131, 68, 35).
    @Test(arguments: [("arib-std-b67", "HLG"), ("smpte2084", "PQ")])
    func hdrSourcesAreToneMappedKeepingMidTonesAndSaturation(transfer: String, name: String) throws {
        let source = try FootageFixtures.graded(transfer)
        let (output, result) = try render(source, duration: seconds(1, 2))
        let picture = try bt709Picture(output, frame: 7, width: 160, height: 96)
        let orange = picture.rgb(32, 48), grey = picture.rgb(88, 48), white = picture.rgb(136, 48)
        #expect(near(orange, FootageFixtures.orange, 12), "orange came out \(orange)")
        #expect(near(grey, FootageFixtures.grey, 12), "grey came out \(grey)")
        // Reference white is a little under SDR white: the curve keeps headroom for highlights up to the peak.
        #expect(white.r >= 215 && white.g >= 215 && white.b >= 215 && white.r <= 245, "white came out \(white)")
        let file = URL(fileURLWithPath: source).lastPathComponent
        #expect(result.warnings == [SourceWarning(stage: .convert, source: source,
                                                  message: "\(file): \(name) BT.2020 HDR tone-mapped to SDR BT.709")])
    }

    @Test func wideGamutSDRSourcesAreConvertedToBT709Primaries() throws {
        let (output, result) = try render(try FootageFixtures.graded("bt2020-10"), duration: seconds(1, 2))
        let picture = try bt709Picture(output, frame: 7, width: 160, height: 96)
        let orange = picture.rgb(32, 48), grey = picture.rgb(88, 48), white = picture.rgb(136, 48)
        // Read as BT.709 primaries (only the matrix converted) the orange would come out a duller (185, 89, 43).
        #expect(near(orange, FootageFixtures.orange, 10), "orange came out \(orange)")
        #expect(near(grey, FootageFixtures.grey, 6), "grey came out \(grey)")
        #expect(near(white, (255, 255, 255), 6), "white came out \(white)")
        #expect(result.warnings.isEmpty)
    }

    @Test func audioWithAHoleInItsTimestampsStaysInSyncWithVariableFrameRateVideo() throws {
        let (output, result) = try render(try FootageFixtures.vfrWithAudioGap, duration: seconds(4))
        #expect(result.warnings.isEmpty)
        let frames = try greyFrames(output, width: 160, height: 96)
        #expect(frames.count == 120)
        let flash = try #require(frames.firstIndex { $0.reduce(0) { $0 + Int($1) } / $0.count > 128 })
        let flashTime = Double(flash) / 30
        let samples = try decodedSamples(output)
        // The AAC decoder pads the last frame to 1024 samples.
        #expect(samples.count / 2 >= 4 * 48_000 && samples.count / 2 <= 4 * 48_000 + 1024)
        let beep = try #require((0..<(samples.count / 2)).first { abs(samples[2 * $0]) > 0.1 })
        let beepTime = Double(beep) / 48_000
        let frame = 1.0 / 30 + 0.001
        #expect(abs(flashTime - 3) <= frame, "the flash is at \(flashTime) s")
        #expect(abs(beepTime - 3) <= frame, "the beep is at \(beepTime) s")
        #expect(abs(flashTime - beepTime) <= frame, "flash at \(flashTime) s, beep at \(beepTime) s")
    }

    @Test func interlacedSourcesAreDeinterlacedWithoutCombing() throws {
        let source = try FootageFixtures.interlaced
        let (output, _) = try render(source, duration: seconds(1))
        // Adjacent-line differences: a woven frame of a moving bar differs between its lines at both edges.
        func combing(_ frames: [[UInt8]]) -> Double {
            var total = 0
            for frame in frames {
                for y in 0..<95 {
                    for x in 0..<160 where abs(Int(frame[y * 160 + x]) - Int(frame[(y + 1) * 160 + x])) > 96 { total += 1 }
                }
            }
            return Double(total) / Double(max(1, frames.count))
        }
        let woven = combing(try greyFrames(source, width: 160, height: 96))
        let rendered = combing(try greyFrames(output, width: 160, height: 96))
        #expect(woven > 1000, "the fixture is not combed: \(woven) differing pixels per frame")
        #expect(rendered < woven * 0.1, "\(rendered) combed pixels per frame after deinterlacing, \(woven) before")
    }

    @Test func fivePointOneIsDownmixedWithItsRealLayout() throws {
        let (output, _) = try render(try FootageFixtures.surround, duration: seconds(1))
        let samples = try decodedSamples(output)
        let tone = 0.5 / 2.0.squareRoot()
        // Front right goes to the right only at full level; side left to the left only at -3 dB (ITU downmix).
        #expect(rms(samples, channel: 0, from: 0.1, to: 0.4) < 0.01)
        #expect(abs(rms(samples, channel: 1, from: 0.1, to: 0.4) / tone - 1) < 0.08)
        #expect(abs(rms(samples, channel: 0, from: 0.6, to: 0.9) / (tone * 0.5.squareRoot()) - 1) < 0.08)
        #expect(rms(samples, channel: 1, from: 0.6, to: 0.9) < 0.01)
    }

    @Test func sixChannelsAreDownmixedByTheirLayoutNotTheirCount() throws {
        let (output, _) = try render(try FootageFixtures.sixPointZero, duration: seconds(1, 2))
        let samples = try decodedSamples(output)
        // Back centre reaches both sides (a 5.1 reading of six channels would drop it as LFE).
        #expect(rms(samples, channel: 0, from: 0.1, to: 0.4) > 0.1)
        #expect(abs(rms(samples, channel: 0, from: 0.1, to: 0.4) - rms(samples, channel: 1, from: 0.1, to: 0.4)) < 0.01)
    }

    @Test func damagedPacketsAreConcealedCountedAndLeaveSilenceOfTheirLength() throws {
        let source = try FootageFixtures.damagedAVI
        let (output, result) = try render(source, duration: seconds(4))
        let file = URL(fileURLWithPath: source).lastPathComponent
        #expect(result.warnings == [
            SourceWarning(stage: .decode, source: source,
                          message: "\(file): 2 corrupt video packets concealed between 1.2 s and 2.8 s"),
            SourceWarning(stage: .decode, source: source,
                          message: "\(file): 3 corrupt audio packets concealed between 1.2 s and 2.5 s"),
        ])
        let samples = try decodedSamples(output)
        #expect(samples.count / 2 >= 4 * 48_000 && samples.count / 2 <= 4 * 48_000 + 1024)
        // The AC-3 parser joins a scrambled frame to the one before, so the demuxer's packet starts at 1.248 s.
        // Audio packet 40 held 1.280 s to 1.312 s: silence there, the tone on both sides, in place.
        #expect(rms(samples, channel: 0, from: 1.290, to: 1.302) < 0.01)
        #expect(rms(samples, channel: 0, from: 1.20, to: 1.26) > 0.05)
        #expect(rms(samples, channel: 0, from: 1.34, to: 1.40) > 0.05)
    }

    /// An animated picture reports and limits its sources' damage as a video does (its sound is not decoded).
    @Test func animatedPicturesReportDamagedPacketsToo() throws {
        let source = try FootageFixtures.damagedAVI
        let (_, result) = try render(source, duration: seconds(4), settings: Self.gif)
        #expect(result.warnings == [
            SourceWarning(stage: .decode, source: source, message: "\(URL(fileURLWithPath: source).lastPathComponent): "
                          + "2 corrupt video packets concealed between 1.2 s and 2.8 s"),
        ])
    }

    @Test(arguments: ["mp4", "gif"])
    func damageOverTheLimitFailsAtDecodeNamingTheFileCountAndShare(container: String) throws {
        let source = try FootageFixtures.damagedAVI
        #expect {
            _ = try render(source, duration: seconds(4), damageLimit: 0,
                           settings: container == "gif" ? Self.gif : TestPresets.mp4(width: 160, height: 96))
        } throws: { error in
            (error as? ExportError)?.description == "decode: '\(source)': 2 of 100 video packets are damaged (2%), "
                + "more than the damage limit of 0%; first error: Invalid data found when processing input"
        }
    }
}
