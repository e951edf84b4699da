/// How an audio track's segments played at a rate other than 1 (`scaleTimeRange`, a clip's speed) are rendered
/// (AVAudioMixInputParameters' `audioTimePitchAlgorithm`; Apple's names).
public enum TimePitchAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple's high-quality frequency-domain stretch; not implemented here: renders as `timeDomain`.
    case spectral
    /// Tempo changes, pitch stays (WSOLA time stretching); the default when none is set.
    case timeDomain
    /// Tempo and pitch change together, like a tape played faster or slower (resampling).
    case varispeed

    /// What the renderer does for `algorithm` (nil is the default): `timeDomain` or `varispeed`.
    public static func effective(_ algorithm: TimePitchAlgorithm?) -> TimePitchAlgorithm {
        algorithm == .varispeed ? .varispeed : .timeDomain
    }
}
