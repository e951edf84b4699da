import Foundation
import LibAV
import MediaTestSupport
import Testing

/// The one rule for float samples becoming PCM integers, which matches libswresample's conversion.
@Suite struct PCMIntegerTests {
    @Test(arguments: [
        (Float(0), 16, Int32(0)),
        (1, 16, 32767),
        (-1, 16, -32768),
        (2, 16, 32767),
        (-2, 16, -32768),
        (0.5 / 32768, 16, 0),
        (1.5 / 32768, 16, 2),
        (-0.5 / 32768, 16, 0),
        (-1.5 / 32768, 16, -2),
        (Float.nan, 16, 0),
        (0.25, 24, 2_097_152),
        (1, 24, 8_388_607),
        (-1, 32, Int32.min),
        (1, 32, Int32.max),
    ] as [(Float, Int, Int32)])
    func floatsBecomeIntegersRoundedHalfToEvenAndHeldInRange(sample: Float, bits: Int, expected: Int32) {
        #expect(PCMInteger.quantize(sample, bits: bits) == expected)
    }

    @Test func theRuleIsFFmpegs() throws {
        // Samples at every half step of 16 bits near zero and near full scale, as ffmpeg converts them.
        let values: [Float] = (-8...8).map { Float($0) / 65536 } + [0.99997, -0.99997, 0.999_985, -0.999_985]
        let floats = values.withUnsafeBytes { Data($0) }
        let directory = try MediaTool.freshDirectory(prefix: "pcm-integer")
        let input = directory + "/floats.raw"
        try floats.write(to: URL(fileURLWithPath: input))
        let converted = try MediaTool.ffmpeg(["-v", "error", "-f", "f32le", "-ar", "48000", "-ac", "1", "-i", input,
                                              "-f", "s16le", "-"])
        let expected = converted.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(values.map { Int16(PCMInteger.quantize($0, bits: 16)) } == expected)
    }
}
