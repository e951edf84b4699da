import Manifest
import Testing

struct ValueSyntaxTests {
    @Test(arguments: [("192k", 192_000), ("10M", 10_000_000), ("2.5M", 2_500_000), ("800000", 800_000)])
    func readsBitRates(text: String, expected: Int) {
        #expect(ValueSyntax.bitRate(text) == expected)
    }

    @Test(arguments: ["", "k", "-5M", "fast"])
    func refusesBadBitRates(text: String) {
        #expect(ValueSyntax.bitRate(text) == nil)
    }

    @Test func readsGainsInDecibelsAndFactors() throws {
        #expect(try #require(ValueSyntax.gain("-6dB")) - 0.501187 < 1e-6)
        #expect(ValueSyntax.gain("0dB") == 1)
        #expect(ValueSyntax.gain("0.5") == 0.5)
        #expect(ValueSyntax.gain("loud") == nil)
    }

    @Test(arguments: [("10%", Length.percent(10)), ("120", .pixels(120)), ("64px", .pixels(64)), ("12.5%", .percent(12.5))])
    func readsLengths(text: String, expected: Length) {
        #expect(Length(text) == expected)
    }

    @Test func resolvesPercentAgainstReference() {
        #expect(Length.percent(25).resolve(against: 1920) == 480)
    }

    @Test(arguments: [("16x9", 1920, 1080), ("9x16", 1080, 1920), ("1x1", 1920, 1920), ("9:16", 1080, 1920), ("4/5", 1536, 1920)])
    func refitsCanvasKeepingLongSide(text: String, width: Int, height: Int) throws {
        let aspect = try #require(AspectRatio(text))
        let size = aspect.fit(longSideOf: (1920, 1080))
        #expect(size.width == width && size.height == height)
    }
}
