import Foundation
import LibAV
import MediaCore
import Testing

/// `Resampler` with `followTimestamps`: blocks placed by their pts, holes filled with silence, drift corrected
/// gradually, on synthetic 48 kHz mono sine blocks.
@Suite struct TimestampResamplingTests {
    /// A 1024-sample block of a 1 kHz sine (amplitude 0.5) whose sample n is sine sample `first + n`, timed `pts`.
    func block(first: Int, pts: MediaTime) throws -> Frame {
        let frame = try Frame(sampleCount: 1024, sampleFormat: .fltp, sampleRate: 48_000, channels: 1)
        try frame.withMutablePlanes { planes in
            let samples = planes[0].base.assumingMemoryBound(to: Float.self)
            for n in 0..<1024 { samples[n] = Self.sine(first + n) }
        }
        frame.pts = pts
        return frame
    }

    /// Sample `index` of a 1 kHz sine of amplitude 0.5 at 48 kHz.
    static func sine(_ index: Int) -> Float {
        let phase: Double = 2 * Double.pi * 1000 * Double(index) / 48_000
        return Float(0.5 * sin(phase))
    }

    /// Every output sample of `blocks` (first sample index, pts in samples) through one resampler.
    func resample(_ blocks: [(first: Int, pts: Int64)]) throws -> [Float] {
        let format = Resampler.AudioFormat(sampleRate: 48_000, channels: 1, sampleFormat: .fltp)
        let resampler = try Resampler(source: format, destination: format, timing: .followTimestamps(origin: .zero))
        var output: [Float] = []
        func take(_ frame: Frame) {
            guard frame.sampleCount > 0 else { return }
            frame.withPlanes { planes in
                let samples = planes[0].base.assumingMemoryBound(to: Float.self)
                output += UnsafeBufferPointer(start: samples, count: frame.sampleCount)
            }
        }
        for block in blocks {
            let pts = MediaTime(value: block.pts, timescale: 48_000)
            take(try resampler.convert(try self.block(first: block.first, pts: pts), at: pts))
        }
        take(try resampler.flush())
        return output
    }

    @Test func aHoleInTheTimestampsBecomesSilenceOfItsLength() throws {
        // Ten blocks, then half a second missing, then ten more.
        let before: [(first: Int, pts: Int64)] = (0..<10).map { ($0 * 1024, Int64($0 * 1024)) }
        let after: [(first: Int, pts: Int64)] = (10..<20).map { index in
            let first: Int = index * 1024 + 24_000
            return (first, Int64(first))
        }
        let output = try resample(before + after)
        try #require(output.count == 20 * 1024 + 24_000)
        // Silence, but for the resampling filter's few samples of ringing at either edge.
        #expect(output[10_304..<34_176].allSatisfy { abs($0) < 0.0001 })
        #expect(output[10_100..<10_200].contains { abs($0) > 0.1 })
        // The block after the hole starts exactly where its timestamp says: its first samples are the sine's.
        #expect(abs(output[34_250] - Self.sine(34_250)) < 0.01)
    }

    @Test func overlappingAudioIsTrimmed() throws {
        // The third block claims the second one's place (21 ms of overlap, above the 15 ms that is fixed at once).
        let output = try resample([(0, 0), (1024, 1024), (2048, 1024), (3072, 2048)])
        #expect(output.count == 3 * 1024)
    }

    @Test func slowDriftIsCorrectedGraduallyWithoutGapsOrJumps() throws {
        // A recorder whose clock runs 0.2 % slow: each block of 1024 samples is stamped 1026 samples after the last.
        let blocks: [(first: Int, pts: Int64)] = (0..<500).map { ($0 * 1024, Int64($0 * 1026)) }
        let output = try resample(blocks)
        let target = 499 * 1026 + 1024
        try #require(output.count > 1024)
        // Over ten seconds 1000 samples (21 ms) of drift build up; the correction keeps the lag under 15 ms.
        #expect(abs(output.count - target) < 720, "\(output.count) samples for \(target)")
        // Gradually: never a run of silence (no hard fill) after the start.
        var zeros = 0, longest = 0
        for sample in output[1024...] { zeros = sample == 0 ? zeros + 1 : 0; longest = max(longest, zeros) }
        #expect(longest < 4)
    }
}
