import Foundation
import MediaTestSupport
import Testing

/// The compatibility corpus (Tests/AVFoundationCorpus): programs written as apps use Apple's AVFoundation, built as
/// executables of their own, run on the test media; what they write is read back with ffprobe and ffmpeg.
@Suite struct CorpusTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// Runs corpus program `name` with `arguments`; returns its standard output.
    func run(_ name: String, _ arguments: [String]) throws -> String {
        String(decoding: try MediaTool.run(MediaTool.builtExecutable(named: name).path, arguments), as: UTF8.self)
    }

    /// The colour of a pixel of a `width` x `height` file, decoded by ffmpeg.
    func pixel(_ url: URL, frame: Int, _ x: Int, _ y: Int, width: Int = 160, height: Int = 120) throws -> (r: Int, g: Int, b: Int) {
        try color(url, frame: frame, x: x, y: y, width: width, height: height)
    }

    @Test func mergeTurnsEachClipUprightAndFillsTheRenderSize() throws {
        let output = try fixtures.output("corpus-merge")
        #expect(try run("merge-with-orientation", [output.path, fixtures.red.path, fixtures.rotated.path,
                                                   fixtures.green.path]).contains("merged"))
        let probe = try ProbeReport(path: output.path)
        #expect(abs(probe.formatDuration - 3) < 0.05)
        #expect(ProbeReport.string(probe.video, "width") == "320" && ProbeReport.string(probe.video, "height") == "240")
        #expect(near(try pixel(output, frame: 15, 160, 120, width: 320, height: 240), (255, 0, 0)))
        // The rotated clip shows blue on the left and red on the right, scaled to fill 320 wide.
        #expect(near(try pixel(output, frame: 45, 40, 120, width: 320, height: 240), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 45, 280, 120, width: 320, height: 240), (255, 0, 0)))
        #expect(near(try pixel(output, frame: 75, 160, 120, width: 320, height: 240), (0, 255, 0)))
    }

    @Test func asyncTrimCopiesHalfASecond() throws {
        let output = try fixtures.output("corpus-trim")
        #expect(try run("passthrough-trim-async", [fixtures.blue.path, output.path, "0", "0.5"]) == "trimmed 0.5 s\n")
        #expect(ProbeReport.string(try ProbeReport(path: output.path).video, "nb_read_frames") == "15")
        #expect(near(try pixel(output, frame: 0, 80, 60), (0, 0, 255)))
    }

    @Test func swift4CrossfadeIsHalfwayInTheMiddleOfTheFade() throws {
        let output = try fixtures.output("corpus-crossfade", "mov")
        #expect(try run("crossfade-swift4", [output.path, fixtures.red.path, fixtures.blue.path]) == "crossfaded 1.5 s\n")
        #expect(abs(try ProbeReport(path: output.path).formatDuration - 1.5) < 0.05)
        #expect(near(try pixel(output, frame: 7, 80, 60), (255, 0, 0)))
        let midpoint = try pixel(output, frame: 22, 80, 60)
        #expect(near(midpoint, (136, 0, 119), tolerance: 16), "\(midpoint)")
        #expect(near(try pixel(output, frame: 40, 80, 60), (0, 0, 255)))
        #expect(try audioRMS(output.path, from: 1.1, duration: 0.3) > 0.05)
    }

    @Test func pictureInPictureCropsScalesAndSlidesTheInset() throws {
        let output = try fixtures.output("corpus-pip")
        let text = try run("picture-in-picture", [output.path, fixtures.red.path, fixtures.green.path])
        #expect(text.contains("track 2 opacity 0.2 -> 1.0 until 0.5\ntrack 2 moves from x 160.0 to x 80.0\ntrack 2 crop 80x60"))
        // After the slide the inset's centre quarter (40...120, 30...90) sits at 100...140, 15...45.
        #expect(near(try pixel(output, frame: 20, 120, 30), (0, 255, 0)))
        #expect(near(try pixel(output, frame: 20, 85, 5), (255, 0, 0)), "cropped away")
        #expect(near(try pixel(output, frame: 20, 20, 100), (255, 0, 0)))
        #expect(near(try pixel(output, frame: 0, 120, 30), (255, 0, 0)), "still off the picture")
    }

    @Test func speedRampScalesAndInsertsAGap() throws {
        let output = try fixtures.output("corpus-speed")
        let text = try run("speed-ramp", [output.path, fixtures.blue.path])
        #expect(text == """
            composition lasts 1.25 s
            copy lasts 1.0 s, original still 1.25 s
            frozen copy has 2 tracks
            exported true

            """)
        #expect(abs(try ProbeReport(path: output.path).formatDuration - 1.25) < 0.05)
        #expect(near(try pixel(output, frame: 3, 80, 60), (0, 0, 0)), "the inserted gap is black")
        #expect(near(try pixel(output, frame: 30, 80, 60), (0, 0, 255)))
    }

    @Test func keyValueLoadingThenARotationFix() throws {
        let output = try fixtures.output("corpus-kvl", "mov")
        let text = try run("key-value-loading", [output.path, fixtures.rotated.path])
        #expect(text.contains("unknown key: AVFoundationErrorDomain -11800\nrender size 120x160"))
        let probe = try ProbeReport(path: output.path)
        #expect(ProbeReport.string(probe.video, "width") == "120" && ProbeReport.string(probe.video, "height") == "160")
        #expect(near(try pixel(output, frame: 5, 30, 80, width: 120, height: 160), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 5, 90, 80, width: 120, height: 160), (255, 0, 0)))
    }

    @Test func thumbnailStripWritesEveryPicture() throws {
        let folder = try fixtures.output("corpus-thumbs").deletingLastPathComponent().appendingPathComponent("thumbs")
        let text = try run("thumbnail-strip", [folder.path, fixtures.red.path, "3"])
        #expect(text.contains("poster 80x60 at 0.1 s, centre 25"))
        #expect(text.contains("wrote 3 thumbnails"))
        for name in ["poster.png", "thumb-0.00.png", "thumb-0.33.png", "thumb-0.67.png"] {
            #expect(near(try pixel(folder.appendingPathComponent(name), frame: 0, 40, 30, width: 80, height: 60), (255, 0, 0)))
        }
    }

    @Test func readerStatisticsReadEveryFrameAndTheSound() throws {
        let csv = try fixtures.output("corpus-reader", "csv")
        let text = try run("reader-statistics", [fixtures.green.path, csv.path])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(text)")
        // Solid green; the sound's peak is the one ffmpeg decodes from the same file.
        let video = try #require(lines.first)
        #expect(video.hasPrefix("video: 30 frames from 0.000 s, mean colour "), "\(video)")
        let colour = video.split(separator: " ").suffix(3).compactMap { Int($0) }
        #expect(colour.count == 3 && near((colour[0], colour[1], colour[2]), (0, 255, 0), tolerance: 4), "\(video)")
        let decoded = try MediaTool.ffmpeg(["-i", fixtures.green.path, "-f", "s16le", "-ac", "2", "-"])
        let peak = decoded.withUnsafeBytes { $0.bindMemory(to: Int16.self).map { abs(Int($0)) }.max() ?? 1 }
        #expect(lines.last == String(format: "audio: 48000 sample frames, 2 channels, peak %.1f dBFS",
                                     20 * log10(Double(peak) / 32768)))
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 31 && rows.first == "time,red,green,blue")
        #expect(rows[16].hasPrefix("0.5000,"))
    }

    @Test func compressForUploadHalvesThePicturesAndKeepsTheSound() throws {
        let output = try fixtures.output("corpus-compress")
        let text = try run("compress-for-upload", [fixtures.green.path, output.path])
        #expect(text == "compressed to 80x60: 30 video frames, \(text.split(separator: " ").dropLast(2).last ?? "") "
                 + "audio buffers\n", "\(text)")
        let probe = try ProbeReport(path: output.path)
        #expect(ProbeReport.string(probe.video, "codec_name") == "h264")
        #expect(ProbeReport.string(probe.video, "profile") == "High")
        #expect(ProbeReport.number(probe.video, "width") == 80 && ProbeReport.number(probe.video, "height") == 60)
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "30")
        #expect(ProbeReport.string(probe.audio, "sample_rate") == "44100")
        #expect(ProbeReport.number(probe.audio, "channels") == 2)
        #expect(abs(probe.formatDuration - 1.0) < 0.03, "\(probe.formatDuration)")
        #expect(near(try pixel(output, frame: 15, 40, 30, width: 80, height: 60), (0, 255, 0), tolerance: 8))
        // The fixture's tone keeps its level: ffmpeg's decoding of the source and of the output, through the middle.
        let source = try audioRMS(fixtures.green.path, from: 0.2, duration: 0.6)
        let written = try audioRMS(output.path, from: 0.2, duration: 0.6)
        #expect(abs(written - source) < source * 0.05, "source \(source), written \(written)")
    }

    @Test func replaceSoundTrackCopiesTheVideoAndTheBedUntilTheVideoEnds() throws {
        let output = try fixtures.output("corpus-replace-sound")
        let text = try run("replace-sound-track", [fixtures.red.path, fixtures.bed.path, output.path])
        #expect(text.hasPrefix("copied 30 video samples and "), "\(text)")
        #expect(text.hasSuffix(" audio samples, 1.0 s\n"), "\(text)")
        let probe = try ProbeReport(path: output.path)
        #expect(ProbeReport.string(probe.video, "codec_name") == "h264")
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "30")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "mp3")
        // Cut at the first packet decoded at or after 1 s: a 1152-sample MP3 frame (26 ms) at most past it.
        let soundLength = try #require(ProbeReport.number(probe.audio, "duration"))
        #expect(soundLength >= 0.97 && soundLength <= 1.03, "\(soundLength)")
        #expect(near(try pixel(output, frame: 15, 80, 60), (255, 0, 0), tolerance: 8))
        // The video's packets are the source's, byte for byte: the same decoded frames.
        let hashes = try [fixtures.red, output].map { file in
            String(decoding: try MediaTool.ffmpeg(["-v", "error", "-i", file.path, "-map", "0:v", "-f", "framemd5", "-"]),
                   as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",").last ?? "" }
        }
        #expect(hashes[0] == hashes[1])
        // The bed's 220 Hz, not the clip's own 440 Hz: rising zero crossings over 0.6 s.
        let sound = try MediaTool.ffmpeg(["-v", "error", "-ss", "0.2", "-t", "0.6", "-i", output.path, "-vn",
                                          "-af", "pan=mono|c0=c0", "-f", "f32le", "-"])
        let samples = sound.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let crossings = zip(samples, samples.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        #expect(abs(crossings - 132) <= 3, "\(crossings) rising zero crossings")
    }

    @Test func extractAudioWritesTheSoundAsSixteenBitStereoWAVE() throws {
        let output = try fixtures.output("corpus-extract", "wav")
        let text = try run("extract-audio-wav", [fixtures.green.path, output.path])
        #expect(text.hasPrefix("wrote 1.0") && text.hasSuffix(" s of sound to out.wav\n"), "\(text)")
        let probe = try ProbeReport(path: output.path)
        #expect(probe.formatName == "wav")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "pcm_s16le")
        #expect(ProbeReport.string(probe.audio, "sample_rate") == "44100")
        #expect(ProbeReport.number(probe.audio, "channels") == 2)
        // ffmpeg's own conversion of the clip's sound to 44.1 kHz 16-bit, sample by sample.
        func samples(_ arguments: [String]) throws -> [Int16] {
            try MediaTool.ffmpeg(["-v", "error"] + arguments + ["-f", "s16le", "-"])
                .withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
        // ffmpeg keeps the encoder's padding after the track's end; the last 32 frames, which the resampler's filter
        // reaches past the end from, are left out.
        let written = try samples(["-i", output.path])
        let expected = try samples(["-i", fixtures.green.path, "-vn", "-ar", "44100"])
        #expect(written.count == 88200 && expected.count >= written.count, "\(written.count) samples, ffmpeg \(expected.count)")
        let largest = zip(written.dropLast(64), expected).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(largest <= 2, "largest difference from ffmpeg's samples: \(largest)")
        #expect(try audioRMS(output.path, from: 0.2, duration: 0.6) > 0.05)
    }

    @Test func recordingPlaceAndDateReadsAPhoneVideosMetadata() throws {
        let output = try fixtures.output("corpus-place", "mov")
        try MediaTool.ffmpeg(["-i", fixtures.red.path, "-c", "copy", "-fflags", "+bitexact", "-movflags", "use_metadata_tags",
                              "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/",
                              "-metadata", "com.apple.quicktime.creationdate=2024-07-14T21:30:00+0200",
                              "-metadata", "com.apple.quicktime.make=Apple",
                              "-metadata", "com.apple.quicktime.model=iPhone 15", output.path])
        #expect(try run("recording-place-and-date", [output.path])
                == "recorded at 48.8584, 2.2945\nrecorded on 2024-07-14T19:30:00Z\nmake: Apple\nmodel: iPhone 15\n")
        // A file with the movie header's date only, and no location.
        #expect(try run("recording-place-and-date", [fixtures.red.path]).hasPrefix("no location\n"))
    }

    @Test func textWatermarkDrawsTheTextNearTheBottomRight() throws {
        let output = try fixtures.output("corpus-watermark")
        #expect(try run("text-watermark", [fixtures.blue.path, output.path, "█"]) == "watermarked 1.0 s at 160x120\n")
        // The block glyph ends 8 px from the right edge and sits in rows 94 to 114 (the layer's top is 114 - 20 from
        // the bottom-left origin): white at 80% over blue there, blue elsewhere.
        #expect(near(try pixel(output, frame: 15, 146, 104), (204, 204, 255), tolerance: 24))
        // It fades in from nothing over the first half second.
        #expect(near(try pixel(output, frame: 0, 146, 104), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 7, 146, 104), (95, 95, 255), tolerance: 24))
        #expect(near(try pixel(output, frame: 15, 146, 60), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 15, 20, 104), (0, 0, 255)))
    }

    /// A new 60x20 PNG logo in `folder`: opaque green on its left third, transparent elsewhere.
    private func thirdGreenLogo(in folder: URL) throws -> URL {
        let logo = folder.appendingPathComponent("logo.png")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0x00FF00:size=60x20,format=rgba,"
                                  + "geq=r=0:g=255:b=0:a='if(lt(X,20),255,0)'", "-frames:v", "1", logo.path])
        return logo
    }

    @Test func logoWatermarkDrawsTheLogoWithItsTransparencyAtTheBottomRight() throws {
        // A 60x20 logo: opaque green on the left third, transparent elsewhere. Aspect-fitted into the 40x30 box at
        // the bottom right (x 116 to 156, rows 86 to 116), it is 40x13 at rows 94.5 to 107.5, green to x 129.
        let folder = try fixtures.output("corpus-logo").deletingLastPathComponent()
        let logo = try thirdGreenLogo(in: folder), output = folder.appendingPathComponent("branded.mov")
        #expect(try run("logo-watermark", [fixtures.blue.path, logo.path, output.path]) == "branded 1.0 s at 160x120\n")
        // Green at 75% over blue where the logo is opaque; blue through its transparent part and around it.
        #expect(near(try pixel(output, frame: 15, 122, 101), (0, 191, 64), tolerance: 24))
        #expect(near(try pixel(output, frame: 15, 145, 101), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 15, 122, 90), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 15, 40, 60), (0, 0, 255)))
        // The clip's sound is kept.
        #expect(try ProbeReport(path: output.path).audio != nil)
    }

    @Test func filterWatermarkCompositesTheLogoAtTheBottomRight() throws {
        // A 60x20 logo, opaque green on its left third, scaled to 40x13.3 and moved to x 118, y 0 (from the bottom):
        // rows 106.7 to 120, green from column 118 to 131.3.
        let folder = try fixtures.output("corpus-filter-logo").deletingLastPathComponent()
        let logo = try thirdGreenLogo(in: folder), output = folder.appendingPathComponent("branded.mp4")
        #expect(try run("filter-watermark", [fixtures.blue.path, logo.path, output.path]) == "watermarked 1.0 s\n")
        #expect(near(try pixel(output, frame: 15, 124, 114), (0, 255, 0)))
        #expect(near(try pixel(output, frame: 15, 145, 114), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 15, 124, 100), (0, 0, 255)))
        #expect(near(try pixel(output, frame: 29, 124, 114), (0, 255, 0)))
    }

    @Test func roundedCardRoundsTheCardAndCutsTheAvatarToACircle() throws {
        // The 144x40 card covers columns 8 to 152 and rows 72 to 112 (12 px corners, the top-left arc centred at
        // (20, 84)); the 32x32 avatar columns 14 to 46 and rows 76 to 108, a circle centred at (30, 92) in a gold
        // ring 4 px wide (12 to 16 px from the centre).
        let folder = try fixtures.output("corpus-rounded-card").deletingLastPathComponent()
        let avatar = folder.appendingPathComponent("avatar.png"), output = folder.appendingPathComponent("card.mp4")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0x00FF00:size=64x64", "-frames:v", "1", avatar.path])
        #expect(try run("rounded-card", [fixtures.blue.path, avatar.path, output.path, "Ada"]) == "framed 1.0 s\n")
        let (white, green, blue, gold) = ((255, 255, 255), (0, 255, 0), (0, 0, 255), (255, 204, 0))
        for (x, y, expected) in [(9, 73, blue), (80, 75, white), (150, 110, blue), (80, 116, blue),
                                 (16, 78, white), (30, 92, green), (22, 92, green), (30, 84, green), (16, 92, gold),
                                 (30, 78, gold), (44, 92, gold), (44, 106, white)] {
            let seen = try pixel(output, frame: 15, x, y)
            #expect(near(seen, expected), "\(x),\(y): \(seen)")
        }
    }

    @Test func progressRingTurnsHDRFootageIntoSDRWithAScrimAndARing() throws {
        // The 160x96 HLG clip (orange left, grey right) as SDR H.264; the scrim darkens rows 48 to 96 from nothing
        // to 80 %; the ring, radius 16 about (132, 68), is white from the top clockwise round to the left, and its
        // upper-left quarter shows the picture.
        let output = try fixtures.output("corpus-progress-ring")
        #expect(try run("progress-ring", [try fixtures.hdr("arib-std-b67").path, output.path]) == "badged 0.4 s\n")
        let probe = try ProbeReport(path: output.path)
        #expect(ProbeReport.string(probe.video, "codec_name") == "h264")
        #expect(ProbeReport.string(probe.video, "pix_fmt") == "yuv420p")
        #expect(ProbeReport.string(probe.video, "color_transfer") == "bt709")
        let (orange, white, grey) = ((224, 64, 16), (255, 255, 255), (128, 128, 128))
        for (x, y, expected) in [(20, 20, orange), (20, 93, (56, 16, 4)), (143, 57, white), (121, 79, white),
                                 (148, 68, white), (121, 57, (109, 109, 109)), (100, 30, grey)] {
            let seen = try pixel(output, frame: 5, x, y, height: 96)
            #expect(near(seen, expected), "\(x),\(y): \(seen)")
        }
    }

    @Test func blurOverTimeSoftensTheEdgeMoreAsTheClipGoesOn() throws {
        // Red above blue, meeting at row 60: sharp at the start (radius 0), a few rows blurred at 0.5 s (radius 5)
        // and more at the end (radius 9.7).
        let output = try fixtures.output("corpus-blur", "mov")
        #expect(try run("blur-over-time", [fixtures.url("upright.mp4").path, output.path]) == "blurred 1.0 s\n")
        func redAt(_ frame: Int, row: Int) throws -> Int { try pixel(output, frame: frame, 80, row).r }
        #expect(try redAt(0, row: 56) > 230)
        #expect(try redAt(15, row: 56) < 220)
        #expect(try redAt(29, row: 56) < redAt(15, row: 56))
        #expect(try redAt(29, row: 50) < 230)
        #expect(near(try pixel(output, frame: 29, 80, 5), (255, 0, 0)))
    }

    @Test func animatedLowerThirdSlidesInFadesOutAndSpins() throws {
        // The band covers rows 84 to 108 once in place; the white square is centred at (20, 20), 20 px wide.
        let output = try fixtures.output("corpus-lower-third")
        #expect(try run("animated-lower-third", [fixtures.blue.path, output.path, "█"]) == "titled 1.0 s at 160x120\n")
        let expectations: [(frame: Int, x: Int, y: Int, color: (Int, Int, Int))] = [
            (0, 20, 96, (0, 0, 255)),        // the band still off the left edge
            (15, 20, 96, (0, 0, 102)),       // in place: black at 60% over blue
            (15, 80, 96, (255, 255, 255)),   // the title's block in the middle
            (27, 20, 96, (0, 0, 204)),       // fading out: a third of the way from 0.7 s to 1 s
            (0, 32, 20, (0, 0, 255)),        // the square's edge before it turns
            (15, 32, 20, (255, 255, 255)),   // its corner at 45 degrees
        ]
        for (frame, x, y, expected) in expectations {
            let seen = try pixel(output, frame: frame, x, y)
            #expect(near(seen, expected, tolerance: 28), "frame \(frame) at \(x),\(y): \(seen)")
        }
    }

    @Test func imagesToVideoShowsEachImageForASecondAspectFit() throws {
        // A wide red image and a tall blue one, as PNG and JPEG.
        let folder = try fixtures.output("corpus-images").deletingLastPathComponent()
        let wide = folder.appendingPathComponent("wide.png"), tall = folder.appendingPathComponent("tall.jpg")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF0000:size=320x120", "-frames:v", "1", wide.path])
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0x0000FF:size=120x240", "-frames:v", "1", tall.path])
        let output = folder.appendingPathComponent("slides.mov")
        #expect(try run("images-to-video", [output.path, wide.path, tall.path]) == "wrote 2 images, 2 s\n")
        let probe = try ProbeReport(path: output.path)
        #expect(ProbeReport.number(probe.video, "width") == 320 && ProbeReport.number(probe.video, "height") == 240)
        #expect(abs(probe.formatDuration - 2.0) < 0.001, "\(probe.formatDuration)")
        // The wide image spans the width with black above and below; the tall one the height with black beside it.
        let size = (width: 320, height: 240)
        #expect(near(try pixel(output, frame: 0, 160, 120, width: size.width, height: size.height), (255, 0, 0), tolerance: 12))
        #expect(near(try pixel(output, frame: 0, 160, 20, width: size.width, height: size.height), (0, 0, 0), tolerance: 12))
        #expect(near(try pixel(output, frame: 1, 160, 120, width: size.width, height: size.height), (0, 0, 255), tolerance: 12))
        #expect(near(try pixel(output, frame: 1, 20, 120, width: size.width, height: size.height), (0, 0, 0), tolerance: 12))
    }

    @Test func musicBedIsDuckedUnderTheClip() throws {
        let output = try fixtures.output("corpus-bed", "m4a")
        let text = try run("music-bed-ducking", [output.path, fixtures.red.path, fixtures.bed.path])
        #expect(text.contains("music at 0.5 s: 0.1 -> 1.0 over 0.1 s"))
        #expect(ProbeReport.string(try ProbeReport(path: output.path).audio, "codec_name") == "aac")
        // The bed is a 220 Hz tone; keep only it and compare its level before and under the clip.
        let bed = output.deletingLastPathComponent().appendingPathComponent("bed-220.wav")
        try MediaTool.ffmpeg(["-i", output.path, "-af", "bandpass=f=220:width_type=q:w=8,bandpass=f=220:width_type=q:w=8",
                              bed.path])
        let before = try audioRMS(bed.path, from: 0.1, duration: 0.25), under = try audioRMS(bed.path, from: 0.7, duration: 0.6)
        #expect(before > 0.02 && under < before * 0.3, "before \(before), under \(under)")
    }

    @Test func userDefinedCMTimeOperatorsDoNotCollide() throws {
        let output = try fixtures.output("corpus-operators")
        let text = try run("cmtime-operators", [output.path, fixtures.green.path, "4"])
        #expect(text.contains("slices of 0.25 s, total 1.0 s, rewound 0.875 s, negated -1.0, longer than 0.5 s: true"))
        #expect(text.contains("three frames at 30 fps: 0.1 s, scaled: 0.5 s\ninstruction ends: [0.25, 0.5, 0.75, 1.0]"))
        #expect(abs(try ProbeReport(path: output.path).formatDuration - 1) < 0.05)
        #expect(near(try pixel(output, frame: 20, 80, 60), (0, 255, 0)))
    }

    @Test func playerItemSettingsExportWithFadeIns() throws {
        let output = try fixtures.output("corpus-player")
        let text = try run("player-item-export", [output.path, fixtures.red.path, fixtures.blue.path])
        #expect(text == "player rate 1.0, item ready, 2.0 s\nexported within the limit\n")
        #expect(abs(try ProbeReport(path: output.path).formatDuration - 2) < 0.05)
        #expect(near(try pixel(output, frame: 10, 80, 60), (255, 0, 0)))
        #expect(near(try pixel(output, frame: 45, 80, 60), (0, 0, 255)))
        let fadingIn = try audioRMS(output.path, from: 1.0, duration: 0.1), full = try audioRMS(output.path, from: 1.5, duration: 0.3)
        #expect(fadingIn < full * 0.7, "fading in \(fadingIn), full \(full)")
    }
}
