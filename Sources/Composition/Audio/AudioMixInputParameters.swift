import MediaCore

/// The volume of one audio track over time (AVAudioMixInputParameters; docs/semantics.md, Audio mix).
public struct AudioMixInputParameters: Sendable, Hashable, Codable {
    /// The composition track these parameters apply to.
    public var trackID: Int32
    /// Volume ramps sorted by start; 1.0 is unity gain.
    public internal(set) var volumeRamps: [Ramp<Double>]
    /// Ducking under other tracks' sound, applied on top of the volume; nil (and absent in JSON) for none.
    public var ducking: Ducking?
    /// How segments at a rate other than 1 sound; nil (and absent in JSON) for the default, `.timeDomain`.
    public var timePitchAlgorithm: TimePitchAlgorithm?

    /// Parameters with no ramps: unity gain throughout.
    public init(trackID: Int32) {
        self.trackID = trackID
        volumeRamps = []
    }

    /// Sets `volume` (not negative) from `time` until the next value; one set at the same time is replaced.
    public mutating func setVolume(_ volume: Double, at time: MediaTime) throws {
        try RampCheck.time(time, "setVolume")
        try AudioMixInputParameters.check(volume, "volume")
        volumeRamps.insertRamp(Ramp(value: volume, at: time))
    }

    /// Ramps the volume linearly from `startVolume` to `endVolume` over `timeRange`.
    public mutating func setVolumeRamp(fromStartVolume startVolume: Double, toEndVolume endVolume: Double,
                                       timeRange: TimeRange) throws {
        try RampCheck.range(timeRange, "setVolumeRamp")
        try AudioMixInputParameters.check(startVolume, "startVolume")
        try AudioMixInputParameters.check(endVolume, "endVolume")
        volumeRamps.insertRamp(Ramp(from: startVolume, to: endVolume, timeRange: timeRange))
    }

    /// 1.0 before the first value, interpolated within a ramp, the last value held afterwards.
    public func volume(at time: MediaTime) -> Double { volumeRamps.rampValue(at: time, default: 1) }

    /// The volume ramp in effect at `time`, else the next one; nil past the last ramp.
    public func volumeRamp(at time: MediaTime) -> RampSpan<Double>? { volumeRamps.rampSpan(at: time) }

    private static func check(_ value: Double, _ name: String) throws {
        guard value.isFinite, value >= 0 else { throw CompositionError.invalidValue(name: name, value: value) }
    }
}
