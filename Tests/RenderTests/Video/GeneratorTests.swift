import Foundation
import MediaCore
import Testing
import Composition
import Render

struct GeneratorTests {
    static let frame = FrameRate(30000, 1001).frameDuration

    @Test func testPatternIsDeterministic() throws {
        let generator = TestPatternGenerator(width: 320, height: 180)
        let time = MediaTime(value: 1001 * 17, timescale: 30000)
        let a = try #require(try generator.frame(at: time))
        let b = try #require(try generator.frame(at: time))
        #expect(a.packedBytes() == b.packedBytes())
        // The same instant spelled differently is the same picture.
        let c = try #require(try generator.frame(at: MediaTime(value: 1001 * 17 * 2, timescale: 60000)))
        #expect(c.packedBytes() == a.packedBytes())
        // Rendering into a reused, dirty buffer gives the same bytes.
        let reused = try gradientBuffer(width: 320, height: 180)
        try generator.render(at: time, into: reused)
        #expect(reused.packedBytes() == a.packedBytes())
    }

    @Test func testPatternShowsMotionAndOrder() throws {
        let generator = TestPatternGenerator(width: 320, height: 180)
        var positions: [Int] = []
        var pictures: Set<[UInt8]> = []
        for n in 0..<10 {
            let time = Self.frame.multiplied(by: Int64(n), dividedBy: 1)
            positions.append(TestPatternGenerator.boxPosition(at: time, width: 320, boxWidth: 30))
            pictures.insert(try #require(try generator.frame(at: time)).packedBytes())
        }
        #expect(positions == positions.sorted())
        #expect(Set(positions).count == 10)
        #expect(pictures.count == 10)
        #expect(positions.allSatisfy { $0 % 2 == 0 })
    }

    @Test func testPatternBarsAndBox() throws {
        let buffer = try #require(try TestPatternGenerator(width: 140, height: 60).frame(at: .zero))
        for (bar, color) in TestPatternGenerator.barColors.enumerated() {
            #expect(buffer.pixel(x: bar * 20 + 10, y: 10) == color)
        }
        // Band below the bars (rows 40...59): box of side 10 at x 0, rows 44...53.
        #expect(buffer.pixel(x: 4, y: 48) == .white)
        #expect(buffer.pixel(x: 30, y: 48) == .black)
        #expect(buffer.pixel(x: 4, y: 41) == .black)
    }

    @Test(arguments: [(MediaTime(value: -1, timescale: 30), false), (.zero, true), (MediaTime(value: 149, timescale: 30), true),
                      (MediaTime(value: 5, timescale: 1), false)])
    func generatorsEndAtTheirDuration(_ time: MediaTime, _ hasFrame: Bool) throws {
        let duration = MediaTime(value: 5, timescale: 1)
        #expect((try TestPatternGenerator(width: 16, height: 16, duration: duration).frame(at: time) != nil) == hasFrame)
        #expect((try ColorGenerator(color: YUVColor.white, width: 16, height: 16, duration: duration).frame(at: time) != nil) == hasFrame)
    }

    @Test func nonNumericTimeThrows() {
        #expect(throws: RenderError.nonNumericTime(what: "test pattern time")) {
            _ = try TestPatternGenerator(width: 16, height: 16).frame(at: .positiveInfinity)
        }
    }

    @Test func colorGeneratorFills() throws {
        let generator = ColorGenerator(color: Color(red: 1, green: 0, blue: 0, alpha: 0.5), width: 8, height: 4, format: .yuva420p)
        let buffer = try #require(try generator.frame(at: MediaTime(value: 7, timescale: 3)))
        #expect(buffer.pixel(x: 7, y: 3) == YUVColor(y: 63, cb: 102, cr: 240, a: 128))
        #expect(buffer.packedBytes() == (try #require(try generator.frame(at: .zero))).packedBytes())
    }

    @Test(arguments: [440.0, 440.5, 1000.0])
    func toneMatchesFormulaAndJoinsAcrossChunks(_ frequency: Double) throws {
        let tone = ToneGenerator(frequency: frequency, amplitude: 0.8)
        let whole = try AudioBuffer(channelCount: 2, frameCapacity: 3000, sampleRate: 48000)
        try tone.read(into: whole, from: 1_000_000, count: 3000)
        let chunk = try AudioBuffer(channelCount: 2, frameCapacity: 1000, sampleRate: 48000)
        var joined: [Float] = []
        for start in stride(from: 0, to: 3000, by: 1000) {
            try tone.read(into: chunk, from: 1_000_000 + Int64(start), count: 1000)
            #expect(chunk.samples(channel: 1) == chunk.samples(channel: 0))
            joined += chunk.samples(channel: 0)
        }
        #expect(joined == whole.samples(channel: 0))
        for i in [0, 999, 1000, 2999] {
            let n = Double(1_000_000 + i)
            let expected = 0.8 * sin(2 * Double.pi * frequency * n / 48000)
            #expect(abs(Double(whole.samples(channel: 0)[i]) - expected) < 1e-5)
        }
    }

    @Test func toneEndsAtItsSampleCountAndSilenceIsZero() throws {
        let buffer = try AudioBuffer(channelCount: 1, frameCapacity: 8, sampleRate: 8000)
        try ToneGenerator(frequency: 1000, amplitude: 1, sampleCount: 4).read(into: buffer, from: 0, count: 8)
        #expect(buffer.samples(channel: 0).suffix(4) == [0, 0, 0, 0])
        #expect(abs(buffer.samples(channel: 0)[2] - 1) < 1e-6)
        try SilenceGenerator().read(into: buffer, from: 123, count: 5)
        #expect(buffer.samples(channel: 0) == [0, 0, 0, 0, 0])
        #expect(throws: RenderError.frameCountExceedsCapacity(requested: 9, capacity: 8)) {
            try SilenceGenerator().read(into: buffer, from: 0, count: 9)
        }
    }
}
