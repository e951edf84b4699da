import Foundation
import Render
import Testing

/// The amplitude of the `frequency` component of `samples` (Goertzel; a sine of amplitude A gives about A).
func toneAmplitude(_ samples: ArraySlice<Float>, frequency: Double, sampleRate: Int) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
    var previous = 0.0, beforePrevious = 0.0
    for sample in samples {
        let value = Double(sample) + coefficient * previous - beforePrevious
        beforePrevious = previous
        previous = value
    }
    let power = max(0, previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious)
    return 2 * power.squareRoot() / Double(samples.count)
}

/// The frequency in `range` with the largest DFT amplitude: a 5 Hz scan, then a 0.25 Hz scan around its peak.
func dominantFrequency(_ samples: ArraySlice<Float>, sampleRate: Int, in range: ClosedRange<Double> = 100...2000) -> Double {
    func peak(_ frequencies: StrideThrough<Double>) -> Double {
        frequencies.max { toneAmplitude(samples, frequency: $0, sampleRate: sampleRate)
            < toneAmplitude(samples, frequency: $1, sampleRate: sampleRate) } ?? .nan
    }
    let coarse = peak(stride(from: range.lowerBound, through: range.upperBound, by: 5))
    return peak(stride(from: coarse - 5, through: coarse + 5, by: 0.25))
}

/// The largest jump between neighbouring samples.
func largestStep(_ samples: ArraySlice<Float>) -> Float {
    zip(samples, samples.dropFirst()).reduce(0) { max($0, abs($1.1 - $1.0)) }
}

/// Pitch-preserving tempo change, measured on synthetic signals.
@Suite struct TimeStretcherTests {
    static let sampleRate = 48_000

    /// `count` samples of a sine of `frequency` Hz at `amplitude`.
    static func sine(_ frequency: Double, count: Int, amplitude: Float = 0.5, sampleRate: Int = sampleRate) -> [Float] {
        (0..<count).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / Double(sampleRate))) }
    }

    /// A deterministic signal with varied content: two tones, a sweep and noise from a fixed LCG.
    static func mixture(count: Int) -> [Float] {
        var state: UInt32 = 12345
        return (0..<count).map { i in
            state = state &* 1_664_525 &+ 1_013_904_223
            let noise = Float(Int32(bitPattern: state)) / Float(Int32.max) * 0.1
            let t = Double(i) / Double(sampleRate)
            return Float(0.3 * sin(2 * .pi * 220 * t) + 0.2 * sin(2 * .pi * (500 + 800 * t) * t)) + noise
        }
    }

    /// Runs `input` through a stretcher in chunks cycling through `pattern`.
    static func stretch(_ input: [[Float]], rate: Double, pattern: [Int], sampleRate: Int = sampleRate) throws -> [[Float]] {
        let stretcher = try #require(TimeStretcher(channels: input.count, sampleRate: sampleRate, rate: rate))
        var output = Array(repeating: [Float](), count: input.count)
        var start = 0, index = 0
        let count = input[0].count
        while start < count {
            let size = min(pattern[index % pattern.count], count - start)
            let chunk = input.map { Array($0[start..<start + size]) }
            for (c, samples) in stretcher.process(chunk).enumerated() { output[c] += samples }
            start += size
            index += 1
        }
        for (c, samples) in stretcher.finish().enumerated() { output[c] += samples }
        #expect(stretcher.inputCount == count)
        #expect(stretcher.outputCount == output[0].count)
        return output
    }

    @Test(arguments: [(2.0, 440.0), (0.5, 440.0), (1.5, 440.0), (0.8, 1000.0), (2.0, 150.0)])
    func toneKeepsItsPitchAndLevel(rate: Double, frequency: Double) throws {
        let amplitude: Float = 0.5
        let input = Self.sine(frequency, count: 24_000, amplitude: amplitude)
        let output = try Self.stretch([input], rate: rate, pattern: [1024])[0]
        #expect(output.count == Int((24_000 / rate).rounded()))
        // Skip the first and last frame (25 ms each).
        let body = output[1200..<(output.count - 1200)]
        let measured = dominantFrequency(body, sampleRate: Self.sampleRate)
        #expect(abs(measured - frequency) < 1, "dominant frequency \(measured) Hz")
        // The level in every 20 ms window, so a dip at one splice shows.
        var levels: [Double] = []
        var start = body.startIndex
        while start + 960 <= body.endIndex {
            let window = body[start..<start + 960]
            levels.append((window.reduce(0.0) { $0 + Double($1) * Double($1) } / 960).squareRoot() * 2.0.squareRoot())
            start += 960
        }
        let decibels = levels.map { 20 * log10($0 / Double(amplitude)) }
        #expect(decibels.allSatisfy { abs($0) < 1 }, "window levels \(decibels.min()!) ... \(decibels.max()!) dB")
        // A pure sine moves at most A * 2π f / rate per sample; a click jumps further.
        let bound = Float(Double(amplitude) * 2 * Double.pi * frequency / Double(Self.sampleRate)) * 1.25
        let step = largestStep(output[1200...])
        #expect(step < bound, "largest step \(step), bound \(bound)")
        print("stretch \(frequency) Hz at \(rate)x: \(measured) Hz, level \(decibels.min()!)...\(decibels.max()!) dB, "
              + "largest step \(step) (sine \(bound / 1.25))")
    }

    @Test(arguments: [0.5, 0.8, 1, 1.25, 1.9, 2])
    func totalLengthIsExactAndChunkingDoesNotMatter(rate: Double) throws {
        let input = [Self.mixture(count: 9_871)]
        let whole = try Self.stretch(input, rate: rate, pattern: [input[0].count])
        #expect(whole[0].count == Int((Double(input[0].count) / rate).rounded()))
        for pattern in [[1], [7], [1024], [4800], [3, 1000, 17, 4096, 1]] {
            let chunked = try Self.stretch(input, rate: rate, pattern: pattern)
            #expect(chunked == whole, "pattern \(pattern) at \(rate)x")
        }
    }

    @Test(arguments: [0, 1, 10, 599, 600, 1201, 2500])
    func shortInputsGiveExactLengths(count: Int) throws {
        for rate in [0.5, 2.0, 1.3] {
            let stretcher = try #require(TimeStretcher(channels: 2, sampleRate: 44_100, rate: rate))
            let input = Self.sine(440, count: count, sampleRate: 44_100)
            var total = 0
            if count > 0 { total += stretcher.process([input, input])[0].count }
            let tail = stretcher.finish()
            #expect(tail[0].count == tail[1].count)
            total += tail[0].count
            #expect(total == Int((Double(count) / rate).rounded()), "\(count) samples at \(rate)x")
        }
    }

    @Test func channelsStaySeparateButShareTheSegmentation() throws {
        let left = Self.mixture(count: 20_000)
        let silent = [Float](repeating: 0, count: left.count)
        let inverted = left.map { -0.5 * $0 }
        let tone = Self.sine(660, count: left.count)
        for rate in [0.5, 2.0] {
            let output = try Self.stretch([left, silent, inverted, tone], rate: rate, pattern: [512])
            #expect(output[1].allSatisfy { $0 == 0 }, "no cross-talk into a silent channel at \(rate)x")
            // The same frame positions on every channel: a scaled copy stays a scaled copy.
            let error = zip(output[0], output[2]).reduce(Float(0)) { max($0, abs($1.1 + 0.5 * $1.0)) }
            #expect(error < 1e-6, "channel 3 is not -0.5 x channel 1 at \(rate)x (error \(error))")
            let body = output[3][1200..<(output[3].count - 1200)]
            #expect(abs(dominantFrequency(body, sampleRate: Self.sampleRate) - 660) < 1)
        }
    }

    @Test func timeMapsLinearlyWithinTheSearchTolerance() throws {
        // 40 ms bursts of 1 kHz every 12 000 samples: a burst centred at input i comes out centred near i / rate.
        let burst = 1920
        let tone = Self.sine(1000, count: 48_000)
        var signal = [Float](repeating: 0, count: 48_000)
        for position in stride(from: 3000, to: 45_000, by: 12_000) {
            for i in position..<position + burst { signal[i] = tone[i] }
        }
        for rate in [0.5, 2.0] {
            let stretcher = try #require(TimeStretcher(channels: 1, sampleRate: Self.sampleRate, rate: rate))
            let output = stretcher.process([signal])[0] + stretcher.finish()[0]
            for position in stride(from: 3000, to: 45_000, by: 12_000) {
                let expected = Double(position + burst / 2) / rate
                let window = max(0, Int(expected) - 2500)..<min(output.count, Int(expected) + 2500)
                let energy = window.reduce(0.0) { $0 + Double(output[$1] * output[$1]) }
                let centre = window.reduce(0.0) { $0 + Double($1) * Double(output[$1] * output[$1]) } / energy
                #expect(abs(centre - expected) <= Double(stretcher.tolerance), "burst \(position) centred at \(centre), expected \(expected)")
            }
        }
    }

    @Test func invalidArgumentsAreRefused() {
        #expect(TimeStretcher(channels: 0, sampleRate: 48_000, rate: 2) == nil)
        #expect(TimeStretcher(channels: 2, sampleRate: 0, rate: 2) == nil)
        #expect(TimeStretcher(channels: 2, sampleRate: 48_000, rate: 0) == nil)
        #expect(TimeStretcher(channels: 2, sampleRate: 48_000, rate: .infinity) == nil)
        let stretcher = TimeStretcher(channels: 2, sampleRate: 48_000, rate: 1.5)
        #expect(stretcher?.frameLength == 1200)
        #expect(stretcher?.hop == 600)
        #expect(stretcher?.tolerance == 576)
        #expect(stretcher?.decimation == 4)
    }
}
