import Foundation

/// A look-ahead brick-wall limiter on true peaks, with its latency compensated: sample n out is sample n in, gained,
/// and exactly as many samples come out as went in (once `flush` has run).
///
/// Detection: each frame's level is the largest of its own samples and of the 4x-oversampled values (windowed-sinc
/// interpolation, 12 taps per phase) in the intervals on either side, over all channels. The gain each frame needs
/// (`ceiling / level`, at most 1) goes through a minimum over the look-ahead window, a one-pole release towards 1
/// (the fall is instant) and a moving average over the look-ahead window, so the gain has fully arrived when the peak
/// does and moves smoothly (attack = the look-ahead). Latency: look-ahead - 1 + 6 interpolation frames.
final class TruePeakLimiter {
    let channelCount: Int
    /// Linear ceiling for the true-peak estimate.
    let ceiling: Float
    /// Look-ahead (and attack) in frames.
    let lookahead: Int
    /// Frames between a sample going in and coming out.
    let latency: Int

    /// Half the interpolation filter length.
    private static let halfTaps = 6
    /// `taps[phase - 1][t]` weights input `j - halfTaps + 1 + t` for the value at `j + phase / 4`.
    private let taps: [[Float]]
    private let releaseCoefficient: Double

    /// Raw input history, one ring per channel.
    private var history: [[Float]]
    private let mask: Int
    /// Frames taken in and given out.
    private(set) var framesIn: Int64 = 0
    private(set) var framesOut: Int64 = 0
    /// The interpolated peak of the previous interval.
    private var previousInterval: Float = 0
    /// Monotonic deque of (frame, required gain) for the window minimum.
    private var dequeFrames: [Int64]
    private var dequeValues: [Float]
    private var dequeHead = 0, dequeCount = 0
    private var released = 1.0
    /// The last `lookahead` released gains and their sum.
    private var recent: [Double]
    private var recentSum: Double
    /// The smallest gain applied so far.
    private(set) var deepestGain: Float = 1

    /// A limiter holding true peaks under `ceiling` (linear) with `lookahead` seconds of look-ahead and `release`
    /// seconds of release.
    init(channelCount: Int, sampleRate: Int, ceiling: Float, lookahead: Double = 0.005, release: Double = 0.1) {
        self.channelCount = channelCount
        self.ceiling = ceiling
        self.lookahead = max(1, Int((lookahead * Double(sampleRate)).rounded()))
        latency = self.lookahead - 1 + Self.halfTaps
        releaseCoefficient = 1 - exp(-1 / max(1, release * Double(sampleRate)))
        let half = Self.halfTaps
        taps = (1...3).map { phase in
            let offset = Double(phase) / 4
            var weights = (0..<2 * half).map { t -> Double in
                let distance = Double(t - half + 1) - offset
                let sinc = distance == 0 ? 1 : sin(Double.pi * distance) / (Double.pi * distance)
                return sinc * (0.5 + 0.5 * cos(Double.pi * distance / Double(half)))
            }
            let sum = weights.reduce(0, +)
            weights = weights.map { $0 / sum }
            return weights.map(Float.init)
        }
        var size = 1
        while size < latency + 2 * half + 2 { size *= 2 }
        mask = size - 1
        history = Array(repeating: Array(repeating: 0, count: size), count: channelCount)
        dequeFrames = Array(repeating: 0, count: self.lookahead + 1)
        dequeValues = Array(repeating: 1, count: self.lookahead + 1)
        recent = Array(repeating: 1, count: self.lookahead)
        recentSum = Double(self.lookahead)
    }

    /// Feeds `count` frames from `input` (one pointer per channel) and writes the frames that come out to `output`
    /// from `outputOffset`; returns how many came out (fewer than fed until the latency has filled).
    func process(_ input: [UnsafePointer<Float>]?, count: Int, output: [UnsafeMutablePointer<Float>],
                 outputOffset: Int) -> Int {
        var written = 0
        let half = Self.halfTaps
        for k in 0..<count {
            let i = framesIn
            for channel in 0..<channelCount {
                history[channel][Int(i) & mask] = input.map { $0[channel][k] } ?? 0
            }
            framesIn += 1
            // Frame j = i - halfTaps now has its whole interpolation neighbourhood.
            let j = i - Int64(half)
            guard j >= 0 else { continue }
            var interval: Float = 0, own: Float = 0
            for channel in 0..<channelCount {
                history[channel].withUnsafeBufferPointer { ring in
                    own = max(own, abs(ring[Int(j) & mask]))
                    for phase in taps {
                        var value: Float = 0
                        for t in 0..<2 * half { value += ring[Int(j - Int64(half) + 1 + Int64(t)) & mask] * phase[t] }
                        interval = max(interval, abs(value))
                    }
                }
            }
            let level = max(own, interval, previousInterval)
            previousInterval = interval
            let required = level > ceiling ? ceiling / level : 1
            push(frame: j, value: required)
            let windowMinimum = dequeValues[dequeHead]
            released = Double(windowMinimum) < released
                ? Double(windowMinimum) : released + (Double(windowMinimum) - released) * releaseCoefficient
            let slot = Int(j % Int64(lookahead))
            recentSum += released - recent[slot]
            recent[slot] = released
            let gain = Float(recentSum / Double(lookahead))
            // The gain belongs to frame j - lookahead + 1.
            let target = j - Int64(lookahead) + 1
            guard target >= 0, target < framesInLimit else { continue }
            deepestGain = min(deepestGain, gain)
            for channel in 0..<channelCount {
                output[channel][outputOffset + written] = history[channel][Int(target) & mask] * min(gain, 1)
            }
            written += 1
            framesOut += 1
        }
        return written
    }

    /// The real frames fed (flushing adds padding that never comes out).
    private var realFrames: Int64 = 0
    private var framesInLimit: Int64 { flushing ? realFrames : .max }
    private var flushing = false

    /// Frames still inside the limiter.
    var pending: Int { Int((flushing ? realFrames : framesIn) - framesOut) }

    /// Feeds silence to push out up to `capacity` held frames; returns how many came out. Call until it returns 0.
    func flush(output: [UnsafeMutablePointer<Float>], capacity: Int) -> Int {
        if !flushing {
            flushing = true
            realFrames = framesIn
        }
        var written = 0
        while framesOut < realFrames, written < capacity {
            written += process(nil, count: 1, output: output, outputOffset: written)
        }
        return written
    }

    /// Adds the required gain of frame `frame` to the window-minimum deque and drops frames out of the window.
    private func push(frame: Int64, value: Float) {
        let size = dequeValues.count
        while dequeCount > 0, dequeValues[(dequeHead + dequeCount - 1) % size] >= value { dequeCount -= 1 }
        dequeFrames[(dequeHead + dequeCount) % size] = frame
        dequeValues[(dequeHead + dequeCount) % size] = value
        dequeCount += 1
        while dequeFrames[dequeHead] <= frame - Int64(lookahead) {
            dequeHead = (dequeHead + 1) % size
            dequeCount -= 1
        }
    }
}
