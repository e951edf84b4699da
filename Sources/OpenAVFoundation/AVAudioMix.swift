import Composition
import Foundation
import MediaCore
import Synchronization

/// How an audio track sounds when played faster or slower than recorded (`scaleTimeRange`).
public struct AVAudioTimePitchAlgorithm: RawRepresentable, Sendable, Hashable {
    /// Apple's name.
    public let rawValue: String
    /// Creates an algorithm from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Pitch kept with little latency; rendered as `timeDomain`.
    public static let lowQualityZeroLatency = AVAudioTimePitchAlgorithm(rawValue: "LowQualityZeroLatency")
    /// Pitch kept (time-domain stretching, WSOLA); the default.
    public static let timeDomain = AVAudioTimePitchAlgorithm(rawValue: "TimeDomain")
    /// Pitch kept in Apple's high-quality frequency-domain way; rendered as `timeDomain`.
    public static let spectral = AVAudioTimePitchAlgorithm(rawValue: "Spectral")
    /// Pitch follows speed, like tape (resampling).
    public static let varispeed = AVAudioTimePitchAlgorithm(rawValue: "Varispeed")

    /// The composition model's algorithm: varispeed, spectral, or time-domain for the rest.
    var native: TimePitchAlgorithm {
        switch self {
        case .varispeed: .varispeed
        case .spectral: .spectral
        default: .timeDomain
        }
    }

    /// The facade's name for an algorithm of the composition model.
    init(_ native: TimePitchAlgorithm) {
        switch native {
        case .varispeed: self = .varispeed
        case .spectral: self = .spectral
        case .timeDomain: self = .timeDomain
        }
    }
}

/// Per-track volume for mixing a composition's sound; tracks without parameters play at full volume.
public class AVAudioMix: @unchecked Sendable {
    let state: Mutex<[AVAudioMixInputParameters]>

    init(inputParameters: [AVAudioMixInputParameters]) {
        state = Mutex(inputParameters)
    }

    /// The parameters, one per track.
    public var inputParameters: [AVAudioMixInputParameters] { state.withLock { $0 } }

    /// The mix in the composition model.
    var native: AudioMix { AudioMix(inputParameters: inputParameters.map(\.native)) }
}

/// An audio mix whose parameters you set.
public class AVMutableAudioMix: AVAudioMix, @unchecked Sendable {
    /// A mix without parameters.
    public init() {
        super.init(inputParameters: [])
    }

    /// The parameters, one per track.
    override public var inputParameters: [AVAudioMixInputParameters] {
        get { super.inputParameters }
        set { state.withLock { $0 = newValue } }
    }
}

/// The volume of one audio track over time: 1 before its first value, interpolated within a ramp, held after the last.
public class AVAudioMixInputParameters: @unchecked Sendable {
    let state: Mutex<AudioMixInputParameters>

    init(native: AudioMixInputParameters) {
        state = Mutex(native)
    }

    /// The parameters in the composition model.
    var native: AudioMixInputParameters { state.withLock { $0 } }

    /// The composition track these parameters apply to.
    public var trackID: CMPersistentTrackID { native.trackID }

    /// How the track sounds when sped up or slowed down; nil is the default, `.timeDomain`.
    public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm? { native.timePitchAlgorithm.map(AVAudioTimePitchAlgorithm.init) }

    /// Writes the volume ramp in effect at `time` (or the next one) and says whether there is one.
    public func getVolumeRamp(for time: CMTime, startVolume: UnsafeMutablePointer<Float>?,
                              endVolume: UnsafeMutablePointer<Float>?,
                              timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let span = native.volumeRamp(at: time.native) else { return false }
        startVolume?.pointee = Float(span.startValue)
        endVolume?.pointee = Float(span.endValue)
        timeRange?.pointee = CMTimeRange(span.timeRange)
        return true
    }
}

/// Volume values and ramps you set for one track. A non-numeric time or range, or a negative or non-finite volume,
/// is ignored.
public class AVMutableAudioMixInputParameters: AVAudioMixInputParameters, @unchecked Sendable {
    /// Parameters for `track` (a track of the composition being exported), or for no track yet.
    public init(track: AVAssetTrack?) {
        super.init(native: AudioMixInputParameters(trackID: track?.trackID ?? kCMPersistentTrackID_Invalid))
    }

    /// Parameters for no track yet; set `trackID`.
    public convenience init() {
        self.init(track: nil)
    }

    /// The composition track these parameters apply to.
    override public var trackID: CMPersistentTrackID {
        get { super.trackID }
        set { state.withLock { $0.trackID = newValue } }
    }

    /// How the track sounds when sped up or slowed down.
    override public var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm? {
        get { super.audioTimePitchAlgorithm }
        set { state.withLock { $0.timePitchAlgorithm = newValue?.native } }
    }

    /// The volume (1 is unity gain) from `time` until the next value.
    public func setVolume(_ volume: Float, at time: CMTime) {
        state.withLock { try? $0.setVolume(Double(volume), at: time.native) }
    }

    /// The volume ramping linearly from `startVolume` to `endVolume` over `timeRange`.
    public func setVolumeRamp(fromStartVolume startVolume: Float, toEndVolume endVolume: Float, timeRange: CMTimeRange) {
        state.withLock {
            try? $0.setVolumeRamp(fromStartVolume: Double(startVolume), toEndVolume: Double(endVolume), timeRange: timeRange.native)
        }
    }
}
