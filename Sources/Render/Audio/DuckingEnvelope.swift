import Composition
import Foundation

/// The gain curve of one ducked track, computed block by block from its side chain's level (the envelope is
/// documented on `Ducking`). Fed consecutive chunks; a chunk that does not continue the last one restarts it at
/// unity gain.
final class DuckingEnvelope {
    let ducking: Ducking
    /// Frames per level block (10 ms).
    let blockSize: Int
    private let threshold: Double
    private let depth: Float
    private let attackCoefficient: Float
    private let releaseCoefficient: Float
    /// The next frame expected.
    private var position: Int64 = 0
    /// Sum of the current block's mean-square side-chain samples so far.
    private var blockEnergy = 0.0
    /// Gain at the current block's first frame and just after its last.
    private var startGain: Float = 1
    private var endGain: Float = 1

    init(ducking: Ducking, sampleRate: Int) {
        self.ducking = ducking
        blockSize = max(1, sampleRate / 100)
        threshold = ducking.threshold
        depth = Float(min(max(ducking.depth.isFinite ? ducking.depth : 1, 0), 1))
        func coefficient(_ time: Double) -> Float {
            guard time.isFinite, time > 0 else { return 1 }
            return Float(1 - exp(-Double(max(1, sampleRate / 100)) / (time * Double(sampleRate))))
        }
        attackCoefficient = coefficient(ducking.attack.isNumeric ? ducking.attack.seconds : 0)
        releaseCoefficient = coefficient(ducking.release.isNumeric ? ducking.release.seconds : 0)
    }

    /// The ducking gain of frames `sample ..< sample + energy.count`, given the side chain's mean square over
    /// channels at each of those frames.
    func gains(energy: [Float], from sample: Int64) -> [Float] {
        if sample != position {
            position = sample
            blockEnergy = 0
            startGain = 1
            endGain = 1
        }
        var gains = [Float](repeating: 1, count: energy.count)
        let size = Int64(blockSize)
        for i in 0..<energy.count {
            let offset = Int(position % size)
            gains[i] = startGain + (endGain - startGain) * Float(offset) / Float(blockSize)
            blockEnergy += Double(energy[i])
            position += 1
            if offset == blockSize - 1 { closeBlock() }
        }
        return gains
    }

    /// A block is complete: its level sets where the gain heads over the next block.
    private func closeBlock() {
        let meanSquare = blockEnergy / Double(blockSize)
        blockEnergy = 0
        let level = meanSquare > 0 ? 10 * log10(meanSquare) : -Double.infinity
        let target: Float = level > threshold ? depth : 1
        let coefficient = target < endGain ? attackCoefficient : releaseCoefficient
        startGain = endGain
        endGain += (target - endGain) * coefficient
    }
}
