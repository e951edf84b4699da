import Foundation
import LibAV
import MediaTestSupport
import Testing

/// Transfer characteristics and primaries: read from and written to frames, named, and which need converting.
@Suite struct ColorDescriptionTests {
    @Test(arguments: ColorDescription.Transfer.allCases)
    func everyTransferSurvivesTaggingAndReading(_ transfer: ColorDescription.Transfer) throws {
        let frame = try Frame(width: 64, height: 48, pixelFormat: .yuv420p10le)
        let color = ColorDescription(matrix: .bt2020, isFullRange: false, transfer: transfer, primaries: .bt2020)
        frame.tag(color)
        #expect(frame.colorDescription == color)
    }

    @Test(arguments: ColorDescription.Primaries.allCases)
    func everyPrimariesSurviveTaggingAndReading(_ primaries: ColorDescription.Primaries) throws {
        let frame = try Frame(width: 64, height: 48, pixelFormat: .yuv420p)
        let color = ColorDescription(matrix: .bt709, isFullRange: true, transfer: .srgb, primaries: primaries)
        frame.tag(color)
        #expect(frame.colorDescription == color)
    }

    @Test(arguments: [
        (ColorDescription.bt709Limited, "bt709/tv", false),
        (ColorDescription(matrix: .bt601, isFullRange: true), "bt601/pc", false),
        (ColorDescription(matrix: .bt2020, isFullRange: false), "bt2020/tv", true),
        (ColorDescription(matrix: .bt2020, isFullRange: false, transfer: .hlg), "bt2020/tv/hlg/bt2020", true),
        (ColorDescription(matrix: .bt709, isFullRange: false, transfer: .pq, primaries: .bt2020),
         "bt709/tv/pq/bt2020", true),
        (ColorDescription(matrix: .bt709, isFullRange: true, transfer: .srgb, primaries: .p3), "bt709/pc/srgb/p3", true),
        (ColorDescription(matrix: .bt709, isFullRange: false, transfer: .bt601, primaries: .bt601),
         "bt709/tv/bt601/bt601", false),
        (ColorDescription(matrix: .bt709, isFullRange: false, transfer: .linear), "bt709/tv/linear/bt709", true),
    ])
    func descriptionsAndWhatNeedsALightConversion(_ color: ColorDescription, _ text: String, _ converts: Bool) {
        #expect(color.description == text)
        #expect(color.needsLightConversion == converts)
    }

    @Test func untaggedFramesAreSDRWithThePrimariesOfTheirMatrix() throws {
        let frame = try Frame(width: 1920, height: 1080, pixelFormat: .yuv420p10le)
        #expect(frame.colorDescription == .bt709Limited)
        #expect(!frame.colorDescription.isHDR)
        #expect(frame.peakLuminance == nil)
    }
}

/// A probed stream's tags give the description its decoded pictures carry: the one mapping from libav's tags.
@Suite struct ProbedColorDescriptionTests {
    @Test(arguments: [
        ("hlg", ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=error", "-color_primaries",
                 "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"], "bt2020/tv/hlg/bt2020"),
        ("hlg-709", ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=error",
                     "-color_primaries", "bt709", "-color_trc", "arib-std-b67", "-colorspace", "bt709"], "bt709/tv/hlg/bt709"),
        ("pq-full", ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=error", "-color_range",
                     "pc", "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc"],
         "bt2020/pc/pq/bt2020"),
        ("p3", ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-color_primaries", "smpte432", "-color_trc", "bt709",
                "-colorspace", "bt709"], "bt709/tv/bt709/p3"),
        ("untagged-hd", ["-pix_fmt", "yuv420p", "-c:v", "libx264"], "bt709/tv"),
        ("jpeg", ["-pix_fmt", "yuvj420p", "-c:v", "mjpeg"], "bt601/pc"),
    ])
    func probedTagsDescribeThePicturesAsDecoded(name: String, encoding: [String], expected: String) throws {
        let path = try TestScratch.directory("probed-color").appendingPathComponent("\(name).mkv").path
        _ = try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=10:duration=0.2"] + encoding + [path])
        let input = try InputFile(path: path)
        let index = try input.bestStream(.video)
        let probed = ColorDescription(probed: try input.probedStream(index))
        let decoder = try Decoder(input: input, stream: index, threads: 1)
        let picture = try #require(try decoder.nextFrame(from: input))
        #expect(probed.description == expected)
        #expect(probed == picture.colorDescription, "\(name): probed \(probed), decoded \(picture.colorDescription)")
    }
}
