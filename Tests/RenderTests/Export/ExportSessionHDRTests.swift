import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Testing

/// HDR outputs (`dynamic_range: hdr`): 10-bit HEVC keeping the sources' HLG or PQ, their tags and metadata, with
/// SDR sources placed at HDR reference white; checked with ffprobe and 10-bit decodes.
@Suite struct ExportSessionHDRTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// 160x96 10-bit HEVC HDR at 25 fps.
    static let settings = ExportSettings(
        name: "test-hdr", container: .mp4,
        video: ExportSettings.Video(codec: .hevc, width: 160, height: 96, frameRate: FrameRate(25), crf: 12,
                                    speed: "ultrafast", pixelFormat: "yuv420p10le", dynamicRange: .hdr),
        audio: nil)

    /// Renders the video of `sources` one after another (each `[0, duration)`) into a new HDR file of `range`.
    func render(_ sources: [String], duration: MediaTime = seconds(1, 2), width: Int = 160, height: Int = 96,
                range: ExportSettings.DynamicRange = .hdr) throws -> (path: String, result: ExportResult)
    {
        var composition = MutableComposition()
        for source in sources {
            try composition.insertTimeRange(TimeRange(start: .zero, duration: duration),
                                            of: [try fixtures.videoTrack(source)], at: .invalid)
        }
        let output = try fixtures.outputDirectory("hdr") + "/out.mp4"
        var settings = Self.settings
        settings.video?.width = width
        settings.video?.height = height
        settings.video?.dynamicRange = range
        let session = ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                    outputPath: output)
        return (output, try session.export())
    }

    /// Patch centres: orange, grey, white.
    static let points = [(32, 48), (88, 48), (136, 48)]

    /// Whether two lists of 10-bit samples are within `tolerance` code values.
    func close(_ a: [(y: Int, cb: Int, cr: Int)], _ b: [(y: Int, cb: Int, cr: Int)], _ tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { abs($0.y - $1.y) <= tolerance && abs($0.cb - $1.cb) <= tolerance && abs($0.cr - $1.cr) <= tolerance }
    }

    // 6 of 1023 code values: two 10-bit 4:2:0 HEVC generations and a 16-bit working space in between.
    @Test(arguments: [("arib-std-b67", "arib-std-b67"), ("smpte2084", "smpte2084")])
    func hdrSourcesKeepTheirTransferTagsAndCodeValues(transfer: String, tag: String) throws {
        let source = try FootageFixtures.graded(transfer)
        let (output, result) = try render([source])
        #expect(result.warnings.isEmpty)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "codec_name") == "hevc")
        #expect(ProbeReport.string(probe.video, "pix_fmt") == "yuv420p10le")
        #expect(ProbeReport.string(probe.video, "color_transfer") == tag)
        #expect(ProbeReport.string(probe.video, "color_primaries") == "bt2020")
        #expect(ProbeReport.string(probe.video, "color_space") == "bt2020nc")
        let before = try tenBitSamples(source, frame: 7, width: 160, height: 96, at: Self.points)
        let after = try tenBitSamples(output, frame: 7, width: 160, height: 96, at: Self.points)
        #expect(close(before, after, 6), "\(before) became \(after)")
    }

    @Test func contentLightAndMasteringDisplayMetadataAreKept() throws {
        let (output, _) = try render([try FootageFixtures.graded("smpte2084")])
        let data = try ExportFixtures.run("ffprobe", ["-v", "error", "-read_intervals", "%+#1", "-show_frames",
                                                      "-show_entries", "frame=side_data_list", "-of", "json", output])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("Content light level metadata") && text.contains("\"max_content\": 1000")
                && text.contains("\"max_average\": 400"), "\(text)")
        #expect(text.contains("Mastering display metadata") && text.contains("\"red_x\": \"34000/50000\"")
                && text.contains("\"max_luminance\": \"10000000/10000\""), "\(text)")
    }

    // The same colours graded into the other transfer, within 10 code values (two gradings, two HEVC generations);
    // the source's metadata goes only with its own transfer.
    @Test(arguments: [("smpte2084", ExportSettings.DynamicRange.hlg, "arib-std-b67"),
                      ("arib-std-b67", .pq, "smpte2084"), ("smpte2084", .pq, "smpte2084")])
    func aNamedTransferConvertsTheSourcesIntoIt(source: String, range: ExportSettings.DynamicRange,
                                                tag: String) throws {
        let (output, _) = try render([try FootageFixtures.graded(source)], range: range)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "color_transfer") == tag)
        #expect(ProbeReport.string(probe.video, "color_primaries") == "bt2020")
        let samples = try tenBitSamples(output, frame: 7, width: 160, height: 96, at: Self.points)
        let graded = try tenBitSamples(try FootageFixtures.graded(tag), frame: 7, width: 160, height: 96,
                                       at: Self.points)
        #expect(close(samples, graded, 10), "\(samples) against \(graded)")
        let data = try ExportFixtures.run("ffprobe", ["-v", "error", "-read_intervals", "%+#1", "-show_frames",
                                                      "-show_entries", "frame=side_data_list", "-of", "json", output])
        #expect(String(decoding: data, as: UTF8.self).contains("Mastering display metadata") == (source == tag))
    }

    // SDR white is placed at HDR reference white (HLG 75 %): the SDR patches land where the same colours graded into
    // HLG the BT.2408 way do, within 10 code values (8-bit 4:2:0 in, against a grade from RGB).
    @Test func sdrSourcesArePlacedAtReferenceWhiteBesideHDR() throws {
        let hlg = try FootageFixtures.graded("arib-std-b67")
        let (output, _) = try render([try FootageFixtures.sdrPatches, hlg])
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "color_transfer") == "arib-std-b67")
        let sdr = try tenBitSamples(output, frame: 5, width: 160, height: 96, at: Self.points)
        let graded = try tenBitSamples(hlg, frame: 5, width: 160, height: 96, at: Self.points)
        #expect(close(sdr, graded, 10), "SDR patches came out \(sdr), graded HLG is \(graded)")
        // SDR white: HLG 75 % in 10-bit limited range is 64 + 0.75 * 876 = 721.
        #expect(abs(sdr[2].y - 721) <= 8)
    }

    @Test func overlaidPicturesArePlacedAtReferenceWhite() throws {
        let hlg = try FootageFixtures.graded("arib-std-b67")
        let white = try ExportSessionFilterTests.halfOpaquePicture(fixtures, color: "white", width: 80, height: 40)
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: seconds(1, 2))
        try composition.insertTimeRange(range, of: [try fixtures.videoTrack(hlg)], at: .invalid)
        var video = try TestPresets.oneLayer(of: composition, size: Size(width: 160, height: 96), range: range)
        // White from column 0 to 40, rows 0 to 40, over the orange patch.
        video.pictureFilters = [PictureFilterSpan(timeRange: range, filters: [
            .overlay(PictureOverlay(path: white, frame: Rect(x: 0, y: 0, width: 80, height: 40))),
        ])]
        let output = try fixtures.outputDirectory("hdr-overlay") + "/out.mp4"
        _ = try ExportSession(composition: composition, videoComposition: video, settings: Self.settings,
                              outputPath: output).export()
        let samples = try tenBitSamples(output, frame: 5, width: 160, height: 96, at: [(20, 20), (60, 20), (20, 70)])
        let graded = try tenBitSamples(hlg, frame: 5, width: 160, height: 96, at: [(60, 20), (20, 70)])
        // SDR white at HLG 75 %: 721; beside it and below it, the source's own values.
        #expect(abs(samples[0].y - 721) <= 8 && abs(samples[0].cb - 512) <= 8 && abs(samples[0].cr - 512) <= 8,
                "\(samples[0])")
        #expect(close(Array(samples[1...]), graded, 6), "\(samples) against \(graded)")
    }

    @Test func portraitPhoneFootageIsTurnedUpright() throws {
        let source = try FootageFixtures.portraitHLG
        let (output, _) = try render([source], width: 96, height: 160)
        // ffmpeg turns the source by its display matrix when it decodes it: the patches run top to bottom.
        let points = [(48, 20), (48, 80), (48, 140)]
        let upright = try tenBitSamples(source, frame: 5, width: 96, height: 160, at: points)
        let rendered = try tenBitSamples(output, frame: 5, width: 96, height: 160, at: points)
        #expect(close(upright, rendered, 6), "\(upright) came out \(rendered)")
        #expect(rendered[0].y > rendered[2].y + 200)
    }
}
