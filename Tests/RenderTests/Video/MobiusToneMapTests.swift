import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// `MobiusToneMap` gives libavfilter's `tonemap=mobius:desat=0` bit for bit: on the linear pictures of graded HLG and
/// PQ clips (the first graph of a real light conversion) and on made-up values the filter treats specially (below
/// and at the knee, zero, negative, far above the peak), across a row's eight-sample steps and its scalar tail.
/// (Not NaN: how the filter picks the brightest of a NaN and a number depends on its compiler; zscale makes none.)
@Suite struct MobiusToneMapTests {
    @Test(arguments: ["arib-std-b67", "smpte2084"], [1000.0, 4000.0])
    func matchesTheFilterOnGradedFootage(transfer: String, peak: Double) throws {
        let input = try InputFile(path: try FootageFixtures.gradedTestPattern(transfer))
        let decoder = try Decoder(input: input, stream: try input.bestStream(.video), threads: 1)
        let decoded = try #require(try decoder.nextFrame(from: input))
        let stages = SourceFrameNormalizer.lightStages(from: decoded.colorDescription, rgb: false, peak: peak,
                                                       alpha: false, size: (width: 320, height: 180))
        let toLinear = try FilterGraph(input: .like(decoded, timeBase: LightConversion.timeBase),
                                       filters: stages.toLinear)
        try toLinear.push(decoded)
        let linear = try #require(try toLinear.pull())
        try expectFilterBits(of: linear, relativePeak: SourceFrameNormalizer.relativePeak(peak))
    }

    @Test func matchesTheFilterOnEdgeValues() throws {
        let values: [Float] = [0, -0.5, 0.3, 0.6, 0.6000001, 0.61, 1, 2.5, 4.9261, 40, 1e9, 1e-7, -1e-6, 1e-6]
        // 13 wide: one eight-sample step and a tail of five; each row shifts the values to mix the components.
        let frame = try Frame(width: 13, height: 5, pixelFormat: try PixelFormat(name: "gbrpf32le"))
        try frame.withMutablePlanes { planes in
            for (index, plane) in planes.prefix(3).enumerated() {
                for row in 0..<plane.rows {
                    let samples = plane.row(row).bindMemory(to: Float.self)
                    for x in 0..<13 { samples[x] = values[(x + row * 3 + index * 5) % values.count] }
                }
            }
        }
        for peak in [4.9261, 1.0, 1.5] { try expectFilterBits(of: frame, relativePeak: peak) }
    }

    /// Tone-maps copies of `linear` with libavfilter's filter and with `MobiusToneMap`, and compares their bits.
    private func expectFilterBits(of linear: Frame, relativePeak: Double) throws {
        let knee = SourceFrameNormalizer.toneMapKnee
        let filter = try FilterGraph(input: .like(linear, timeBase: LightConversion.timeBase),
                                     filters: "tonemap=tonemap=mobius:param=\(knee):desat=0:peak=\(relativePeak)")
        try filter.push(try linear.deepCopy())
        let expected = try #require(try filter.pull())
        let ours = try linear.deepCopy()
        try MobiusToneMap(knee: knee, peak: relativePeak).apply(to: ours)
        #expect(ours.usedBytes == expected.usedBytes, "peak \(relativePeak)")
        #expect(ours.usedBytes != linear.usedBytes || relativePeak == 1, "nothing was tone-mapped at \(relativePeak)")
    }
}

private extension Frame {
    /// A copy with buffers of its own.
    func deepCopy() throws -> Frame {
        let copy = try Frame(width: width, height: height, pixelFormat: pixelFormat)
        try copy.copyPicture(from: self)
        return copy
    }
}
