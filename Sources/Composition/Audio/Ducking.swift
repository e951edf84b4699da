import MediaCore

/// Ducking that listens: while the side-chain tracks (speech) are louder than `threshold`, the ducked track's gain
/// glides down to `depth`; when they fall quiet it glides back to 1, on top of its volume ramps.
///
/// The renderer's envelope: every 10 ms block it takes the RMS (over samples and channels) of the side-chain tracks'
/// sum after their own volume, in dBFS (a full-scale square wave is 0 dBFS). A block above `threshold` sets the
/// target gain to `depth`, otherwise to 1. The gain follows the target with a one-pole smoother per block, time
/// constant `attack` while falling and `release` while rising (63 % of the way after one time constant), and is
/// interpolated linearly sample by sample within a block. The gain reacts one block (10 ms) after the level it
/// hears, because a block's level is known only once the block is complete.
public struct Ducking: Sendable, Hashable, Codable {
    /// The composition tracks whose sound ducks this one.
    public var sideChainTrackIDs: [Int32]
    /// The linear gain while fully ducked, 0...1 (0.316 is -10 dB).
    public var depth: Double
    /// The side-chain level in dBFS (block RMS) above which ducking engages.
    public var threshold: Double
    /// How quickly the gain falls towards `depth` (one-pole time constant).
    public var attack: MediaTime
    /// How quickly the gain returns to 1 (one-pole time constant).
    public var release: MediaTime

    /// Creates ducking settings; `validate()` checks them.
    public init(sideChainTrackIDs: [Int32], depth: Double = 0.316, threshold: Double = -40,
                attack: MediaTime = MediaTime(value: 50, timescale: 1000),
                release: MediaTime = MediaTime(value: 300, timescale: 1000)) {
        self.sideChainTrackIDs = sideChainTrackIDs
        self.depth = depth
        self.threshold = threshold
        self.attack = attack
        self.release = release
    }

    /// Throws `CompositionError` when depth is outside 0...1, the threshold is not finite or a time is negative or
    /// not numeric.
    public func validate() throws(CompositionError) {
        guard depth.isFinite else { throw CompositionError.invalidValue(name: "ducking depth", value: depth) }
        guard depth >= 0, depth <= 1 else {
            throw CompositionError.valueOutOfRange(name: "ducking depth", value: depth, range: 0...1)
        }
        guard threshold.isFinite else { throw CompositionError.invalidValue(name: "ducking threshold", value: threshold) }
        for (name, time) in [("ducking attack", attack), ("ducking release", release)] {
            guard time.isNumeric, time >= .zero else { throw CompositionError.invalidTime(operation: name, time: time) }
        }
    }
}
