import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// HDR phone footage exported as Apple's presets export it, and a video composition's colour properties choosing the
/// output's colour; the files read back with ffprobe.
@Suite struct ExportColorTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// What one export asks for: the preset and the video composition's colour properties (nil: no video
    /// composition).
    struct Request: CustomTestStringConvertible, Sendable {
        var preset: String
        var color: (primaries: String?, transfer: String?, matrix: String?)?
        var testDescription: String { "\(preset) \(color.map { "\($0)" } ?? "without a video composition")" }
    }

    /// Exports `source` as `request` says to an MP4 and returns the file.
    private func export(_ source: URL, _ request: Request) async throws -> URL {
        let asset = AVURLAsset(url: source)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: request.preset))
        if let color = request.color {
            let videoComposition = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset)
            videoComposition.colorPrimaries = color.primaries
            videoComposition.colorTransferFunction = color.transfer
            videoComposition.colorYCbCrMatrix = color.matrix
            #expect(videoComposition.colorTransferFunction == color.transfer)
            session.videoComposition = videoComposition
        }
        let output = try fixtures.output("color")
        try await session.export(to: output, as: .mp4)
        return output
    }

    private static let hevc = AVAssetExportPresetHEVCHighestQuality
    private static let h264 = AVAssetExportPresetHighestQuality
    private static let sdr = (AVVideoColorPrimaries_ITU_R_709_2, AVVideoTransferFunction_ITU_R_709_2,
                              AVVideoYCbCrMatrix_ITU_R_709_2)

    /// The source's transfer, the request, and the output's codec, pixel format, transfer and primaries.
    private static let outputs: [(String, Request, String, String, String, String)] = [
        ("arib-std-b67", Request(preset: hevc, color: nil), "hevc", "yuv420p10le", "arib-std-b67", "bt2020"),
        ("arib-std-b67", Request(preset: h264, color: nil), "h264", "yuv420p", "bt709", "bt709"),
        ("arib-std-b67", Request(preset: hevc, color: (nil, nil, nil)), "hevc", "yuv420p10le", "arib-std-b67",
         "bt2020"),
        ("arib-std-b67", Request(preset: hevc, color: sdr), "hevc", "yuv420p", "bt709", "bt709"),
        ("arib-std-b67", Request(preset: hevc, color: (nil, AVVideoTransferFunction_SMPTE_ST_2084_PQ, nil)), "hevc",
         "yuv420p10le", "smpte2084", "bt2020"),
        ("smpte2084", Request(preset: hevc, color: (AVVideoColorPrimaries_ITU_R_2020,
                                                    AVVideoTransferFunction_ITU_R_2100_HLG,
                                                    AVVideoYCbCrMatrix_ITU_R_2020)),
         "hevc", "yuv420p10le", "arib-std-b67", "bt2020"),
        ("bt709", Request(preset: hevc, color: nil), "hevc", "yuv420p", "bt709", "bt709"),
        ("bt709", Request(preset: hevc, color: (nil, AVVideoTransferFunction_ITU_R_2100_HLG, nil)), "hevc",
         "yuv420p10le", "arib-std-b67", "bt2020"),
    ]

    @Test(arguments: outputs)
    func theOutputsColourFollowsThePresetTheSourcesAndTheVideoComposition(
        source transfer: String, request: Request, codec: String, format: String, outputTransfer: String,
        primaries: String) async throws {
        let source = transfer == "bt709" ? fixtures.red : try fixtures.hdr(transfer)
        let probe = try ProbeReport(path: try await export(source, request).path)
        #expect(ProbeReport.string(probe.video, "codec_name") == codec)
        #expect(ProbeReport.string(probe.video, "pix_fmt") == format)
        #expect(ProbeReport.string(probe.video, "color_transfer") == outputTransfer)
        #expect(ProbeReport.string(probe.video, "color_primaries") == primaries)
    }

    @Test func hdrKeepsTheSourcesLightAndSDRToneMapsIt() async throws {
        // The orange and grey patches, graded the BT.2408 way: an HLG export has the source's code values (read
        // alike by ffmpeg, without tone mapping), an SDR export the colours they were graded from.
        let source = try fixtures.hdr("arib-std-b67")
        let hlg = try await export(source, Request(preset: Self.hevc, color: nil))
        let sdr = try await export(source, Request(preset: Self.h264, color: nil))
        for (x, graded) in [(40, (224, 64, 16)), (120, (128, 128, 128))] {
            let original = try color(source, frame: 5, x: x, y: 48, height: 96)
            #expect(near(try color(hlg, frame: 5, x: x, y: 48, height: 96), original, tolerance: 6), "\(x)")
            #expect(near(try color(sdr, frame: 5, x: x, y: 48, height: 96), graded, tolerance: 24), "\(x)")
        }
    }

    /// Colour properties the export cannot write, and the problem it names.
    private static let refusals: [(Request, String)] = [
        (Request(preset: h264, color: (nil, AVVideoTransferFunction_ITU_R_2100_HLG, nil)),
         "HDR (ITU_R_2100_HLG) is written as 10-bit HEVC; use an HEVC preset, such as "
            + "AVAssetExportPresetHEVCHighestQuality"),
        (Request(preset: hevc, color: (AVVideoColorPrimaries_ITU_R_709_2, AVVideoTransferFunction_SMPTE_ST_2084_PQ,
                                       nil)),
         "HDR (SMPTE_ST_2084_PQ) is written in BT.2020; leave colorPrimaries and colorYCbCrMatrix nil or set them to "
            + "ITU_R_2020"),
        (Request(preset: hevc, color: (AVVideoColorPrimaries_P3_D65, nil, nil)),
         "colorPrimaries 'P3_D65' is not written here; the values written are nil (the sources'), 'ITU_R_709_2' and "
            + "'ITU_R_2020'"),
        (Request(preset: hevc, color: (nil, nil, AVVideoYCbCrMatrix_ITU_R_601_4)),
         "colorYCbCrMatrix 'ITU_R_601_4' is not written here; the values written are nil (the sources'), "
            + "'ITU_R_709_2' and 'ITU_R_2020'"),
        (Request(preset: hevc, color: (AVVideoColorPrimaries_ITU_R_2020, AVVideoTransferFunction_ITU_R_709_2, nil)),
         "SDR is written in BT.709, not BT.2020"),
    ]

    @Test(arguments: refusals)
    func colourThatCannotBeWrittenFailsTheExport(request: Request, problem: String) async throws {
        let source = try fixtures.hdr("arib-std-b67")
        await #expect { _ = try await export(source, request) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the video composition's colour: " + problem
        }
    }
}
