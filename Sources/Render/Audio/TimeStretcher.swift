import Foundation

/// Changes the tempo of float planar audio without changing its pitch: `rate` 2 plays twice as fast (half as many
/// samples out), 0.5 half as fast. Streaming: feed chunks of any size to `process`, then call `finish` once; the
/// total output is exactly `outputCount(forInput:)` = round(input / rate) samples per channel, whatever the chunking,
/// and the samples themselves do not depend on the chunking either.
///
/// The algorithm is WSOLA (waveform-similarity overlap-add), chosen over a phase vocoder because it works in the time
/// domain (no FFT, no phase smearing of transients, no "phasiness" on speech), is cheap enough for real time in plain
/// Swift and is good for speech and music at 0.5x-2x. Output frame `k` is a Hann-windowed input frame
/// (`frameLength` ≈ 25 ms) centred on output sample `k * hop` (`hop` = half a frame, so windows sum to exactly 1);
/// its input centre is the nominal `k * hop * rate` moved by up to `tolerance` (≈ 12 ms) to the place whose first
/// half looks most like the natural continuation of the previous frame (normalised cross-correlation, summed over
/// all channels). The search runs first on a moving-average smoothed signal at every `decimation`-th lag and sample,
/// then exactly around the best coarse lag. Every channel uses the same frame positions, so the stereo image holds.
///
/// The output starts with input sample 0 (the first frame is centred on it) and its sample `j` plays input near
/// `j * rate`, never more than `tolerance` away. All memory is owned by the instance and reused; the loops run on
/// raw pointers.
public final class TimeStretcher {
    /// Number of planar channels.
    public let channels: Int
    /// Samples per second per channel (sets the frame, hop and search lengths).
    public let sampleRate: Int
    /// Tempo factor: input samples consumed per output sample.
    public let rate: Double
    /// Samples in one analysis/synthesis frame (twice `hop`).
    public let frameLength: Int
    /// Output samples between frame centres (half a frame: 50 % overlap).
    public let hop: Int
    /// The furthest a frame's input centre moves from its nominal place while searching.
    public let tolerance: Int
    /// Lag and sample step of the coarse search.
    public let decimation: Int

    /// Input samples, `channels` planes of `capacity`; slot 0 is absolute input index `inputStart`.
    private var input: UnsafeMutablePointer<Float>
    /// The input smoothed by a `decimation`-long moving average, same layout (for the coarse search).
    private var smooth: UnsafeMutablePointer<Float>
    private var capacity: Int
    private var inputStart: Int
    /// One past the last stored absolute index (real input plus padding after `finish`).
    private var inputEnd = 0
    /// Real input samples received.
    public private(set) var inputCount = 0
    /// Output samples handed out so far.
    public private(set) var outputCount = 0
    /// The Hann window, `frameLength` samples.
    private let window: UnsafeMutablePointer<Float>
    /// Overlap-add accumulator, `channels` planes of `frameLength`: output `(k-1)*hop ..< (k+1)*hop` before frame `k`.
    private let overlap: UnsafeMutablePointer<Float>
    /// Output ready to hand out, `channels` planes of `stagedCapacity`.
    private var staged: UnsafeMutablePointer<Float>
    private var stagedCapacity: Int
    private var stagedCount = 0
    /// The next frame to place.
    private var frameIndex = 0
    /// The input centre chosen for the previous frame.
    private var previousCenter = 0
    private var finished = false

    /// A stretcher; nil unless `channels` and `sampleRate` are positive and `rate` is finite and positive.
    public init?(channels: Int, sampleRate: Int, rate: Double) {
        guard channels > 0, sampleRate > 0, rate.isFinite, rate > 0 else { return nil }
        self.channels = channels
        self.sampleRate = sampleRate
        self.rate = rate
        hop = max(2, Int((Double(sampleRate) * 0.0125).rounded()))
        frameLength = 2 * hop
        tolerance = max(1, Int((Double(sampleRate) * 0.012).rounded()))
        decimation = max(1, sampleRate / 12_000)
        window = .allocate(capacity: frameLength)
        for n in 0..<frameLength {
            window[n] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(n) / Double(frameLength)))
        }
        overlap = .allocate(capacity: channels * frameLength)
        overlap.initialize(repeating: 0, count: channels * frameLength)
        capacity = 4 * (frameLength + tolerance) + 4096
        input = .allocate(capacity: channels * capacity)
        input.initialize(repeating: 0, count: channels * capacity)
        smooth = .allocate(capacity: channels * capacity)
        smooth.initialize(repeating: 0, count: channels * capacity)
        stagedCapacity = 4096
        staged = .allocate(capacity: channels * stagedCapacity)
        staged.initialize(repeating: 0, count: channels * stagedCapacity)
        // Silence before input sample 0: the first frame reads half a frame of it (it only feeds discarded output).
        inputStart = -(hop + decimation)
        inputEnd = 0
    }

    deinit {
        window.deallocate()
        overlap.deallocate()
        input.deallocate()
        smooth.deallocate()
        staged.deallocate()
    }

    /// The exact number of output samples for `count` input samples: `count / rate` rounded to nearest.
    public func outputCount(forInput count: Int) -> Int {
        Int((Double(count) / rate).rounded())
    }

    /// Appends `frameCount` samples per channel (channel `c` read from `channel(c)`), then hands the output that
    /// became ready to `output`, once per channel with the same count (nothing when none is ready).
    public func process(frameCount: Int, channel: (Int) -> UnsafePointer<Float>,
                        output: (Int, UnsafeBufferPointer<Float>) -> Void) {
        precondition(!finished, "TimeStretcher.process after finish")
        guard frameCount > 0 else { return }
        append(frameCount: frameCount, channel: channel)
        inputCount = inputEnd
        while isReady { placeFrame() }
        handOut(output)
    }

    /// Ends the input and hands out the rest of the output, so the total is `outputCount(forInput: inputCount)`.
    public func finish(output: (Int, UnsafeBufferPointer<Float>) -> Void) {
        guard !finished else { return }
        finished = true
        // Silence after the end, so the last frames read zeros rather than stale memory.
        let padding = frameLength + tolerance + decimation
        ensureRoom(padding)
        for c in 0..<channels {
            (input + c * capacity + (inputEnd - inputStart)).update(repeating: 0, count: padding)
        }
        smoothTail(from: inputEnd, count: padding)
        inputEnd += padding
        let total = outputCount(forInput: inputCount)
        while outputCount + stagedCount < total { placeFrame(total: total) }
        handOut(output)
    }

    /// Appends one chunk (one array per channel, all the same length) and returns the output that became ready.
    public func process(_ chunk: [[Float]]) -> [[Float]] {
        precondition(chunk.count == channels, "expected \(channels) channels, got \(chunk.count)")
        let count = chunk.first?.count ?? 0
        var result = Array(repeating: [Float](), count: channels)
        guard count > 0 else { return result }
        precondition(chunk.allSatisfy { $0.count == count }, "every channel needs \(count) samples")
        withPointers(chunk) { pointers in
            process(frameCount: count, channel: { pointers[$0] }, output: { result[$0].append(contentsOf: $1) })
        }
        return result
    }

    /// Ends the input and returns the rest of the output.
    public func finish() -> [[Float]] {
        var result = Array(repeating: [Float](), count: channels)
        finish(output: { result[$0].append(contentsOf: $1) })
        return result
    }

    // MARK: Frames

    /// The nominal input centre of frame `k`.
    private func nominalCenter(_ k: Int) -> Int { Int((Double(k) * Double(hop) * rate).rounded()) }

    /// Whether frame `frameIndex` can be placed before the input ends (its whole search range is stored).
    private var isReady: Bool { nominalCenter(frameIndex) + tolerance + hop <= inputEnd }

    /// Places frame `frameIndex` and stages the output it completes; `total` (after `finish`) bounds the search to
    /// real input and the output to that many samples.
    private func placeFrame(total: Int? = nil) {
        let k = frameIndex
        let center: Int
        if k == 0 {
            center = 0
        } else {
            let nominal = nominalCenter(k)
            var hi = nominal + tolerance
            // Never before input 0 (the silence there is not signal).
            var lo = max(nominal - tolerance, hop)
            if total != nil { hi = min(hi, max(hop, inputCount - hop)) }
            lo = min(lo, hi)
            center = bestCenter(lo: lo, hi: hi, nominal: nominal, reference: previousCenter)
        }
        for c in 0..<channels {
            let source = input + c * capacity + (center - hop - inputStart)
            let sum = overlap + c * frameLength
            for n in 0..<frameLength { sum[n] += source[n] * window[n] }
        }
        if k > 0 {
            // Output (k-1)*hop ..< k*hop is complete.
            let count = total.map { min(hop, $0 - outputCount - stagedCount) } ?? hop
            if count > 0 { stage(count) }
        }
        for c in 0..<channels {
            let sum = overlap + c * frameLength
            sum.update(from: sum + hop, count: hop)
            (sum + hop).update(repeating: 0, count: hop)
        }
        previousCenter = center
        frameIndex += 1
    }

    /// The input centre in `lo...hi` whose preceding half frame best matches the half frame after `reference`; the
    /// nominal centre when the reference is silent (nothing to match, and no reason to drift).
    private func bestCenter(lo: Int, hi: Int, nominal: Int, reference: Int) -> Int {
        guard lo < hi else { return lo }
        var referenceEnergy: Float = 0
        for c in 0..<channels {
            let a = input + c * capacity + (reference - inputStart)
            for j in 0..<hop { referenceEnergy += a[j] * a[j] }
        }
        if referenceEnergy < 1e-10 * Float(hop * channels) { return min(max(nominal, lo), hi) }
        let step = decimation
        var best = lo
        if step > 1 {
            var bestScore = -Float.infinity
            var q = lo
            while q <= hi {
                let score = similarity(smooth, reference: reference, candidate: q, step: step)
                if score > bestScore { bestScore = score; best = q }
                q += step
            }
        }
        var bestScore = -Float.infinity
        let from = max(lo, best - step + 1), through = step > 1 ? min(hi, best + step - 1) : hi
        var exact = from
        for q in from...through {
            let score = similarity(input, reference: reference, candidate: q, step: 1)
            if score > bestScore { bestScore = score; exact = q }
        }
        return exact
    }

    /// Normalised cross-correlation (over all channels, every `step`-th sample) of `signal`'s half frame from
    /// `reference` with its half frame before `candidate`.
    @inline(__always)
    private func similarity(_ signal: UnsafeMutablePointer<Float>, reference: Int, candidate: Int, step: Int) -> Float {
        var dot: Float = 0, energy: Float = 0
        for c in 0..<channels {
            let a = signal + c * capacity + (reference - inputStart)
            let b = signal + c * capacity + (candidate - hop - inputStart)
            var j = 0
            while j < hop {
                dot += a[j] * b[j]
                energy += b[j] * b[j]
                j += step
            }
        }
        return dot / (energy + 1e-12).squareRoot()
    }

    // MARK: Buffers

    /// Copies a chunk into the input planes and smooths it.
    private func append(frameCount: Int, channel: (Int) -> UnsafePointer<Float>) {
        ensureRoom(frameCount)
        for c in 0..<channels {
            (input + c * capacity + (inputEnd - inputStart)).update(from: channel(c), count: frameCount)
        }
        smoothTail(from: inputEnd, count: frameCount)
        inputEnd += frameCount
    }

    /// Fills the smoothed planes for absolute indices `from ..< from + count` (the input there is stored).
    private func smoothTail(from: Int, count: Int) {
        let scale = 1 / Float(decimation)
        for c in 0..<channels {
            let x = input + c * capacity - inputStart, s = smooth + c * capacity - inputStart
            for i in from..<from + count {
                var sum: Float = 0
                for d in 0..<decimation { sum += x[i - d] }
                s[i] = sum * scale
            }
        }
    }

    /// Makes room for `extra` more input samples: drops what no later frame reads, then grows if still needed.
    private func ensureRoom(_ extra: Int) {
        // The next reference starts at `previousCenter`, the next candidates at the nominal centre less the search
        // range and half a frame; after `finish` a frame clamped to the end reads from at least `previousCenter - hop`.
        let needed = min(previousCenter - hop, nominalCenter(frameIndex) - tolerance - hop) - decimation
        let drop = max(0, needed - inputStart)
        if drop > 0 {
            let kept = inputEnd - inputStart - drop
            for c in 0..<channels {
                (input + c * capacity).update(from: input + c * capacity + drop, count: kept)
                (smooth + c * capacity).update(from: smooth + c * capacity + drop, count: kept)
            }
            inputStart += drop
        }
        let used = inputEnd - inputStart
        guard used + extra > capacity else { return }
        let grown = max(2 * capacity, used + extra)
        input = Self.moved(input, planes: channels, from: capacity, to: grown, keeping: used)
        smooth = Self.moved(smooth, planes: channels, from: capacity, to: grown, keeping: used)
        capacity = grown
    }

    /// Stages overlap samples `0 ..< count` (complete output).
    private func stage(_ count: Int) {
        if stagedCount + count > stagedCapacity {
            let grown = max(2 * stagedCapacity, stagedCount + count)
            staged = Self.moved(staged, planes: channels, from: stagedCapacity, to: grown, keeping: stagedCount)
            stagedCapacity = grown
        }
        for c in 0..<channels {
            (staged + c * stagedCapacity + stagedCount).update(from: overlap + c * frameLength, count: count)
        }
        stagedCount += count
    }

    /// Hands the staged output to `output` and empties the stage.
    private func handOut(_ output: (Int, UnsafeBufferPointer<Float>) -> Void) {
        guard stagedCount > 0 else { return }
        for c in 0..<channels {
            output(c, UnsafeBufferPointer(start: staged + c * stagedCapacity, count: stagedCount))
        }
        outputCount += stagedCount
        stagedCount = 0
    }

    /// A new allocation of `planes` planes of `newCapacity` holding each old plane's first `count` samples.
    private static func moved(_ old: UnsafeMutablePointer<Float>, planes: Int, from oldCapacity: Int, to newCapacity: Int,
                              keeping count: Int) -> UnsafeMutablePointer<Float> {
        let new = UnsafeMutablePointer<Float>.allocate(capacity: planes * newCapacity)
        new.initialize(repeating: 0, count: planes * newCapacity)
        for c in 0..<planes { (new + c * newCapacity).update(from: old + c * oldCapacity, count: count) }
        old.deallocate()
        return new
    }
}

/// Lends stable pointers to every array of `arrays` (none empty) at once.
private func withPointers<R>(_ arrays: [[Float]], _ body: ([UnsafePointer<Float>]) -> R) -> R {
    func nest(_ index: Int, _ collected: [UnsafePointer<Float>]) -> R {
        guard index < arrays.count else { return body(collected) }
        return arrays[index].withUnsafeBufferPointer { buffer in
            nest(index + 1, collected + [buffer.baseAddress!])
        }
    }
    return nest(0, [])
}
