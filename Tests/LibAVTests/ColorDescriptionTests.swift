import LibAV
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
