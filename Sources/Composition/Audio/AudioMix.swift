import MediaCore

/// Per-track volume for mixing a composition's audio; tracks without parameters mix at unity gain (AVAudioMix).
public struct AudioMix: Sendable, Hashable, Codable {
    /// The parameters, at most one per track.
    public var inputParameters: [AudioMixInputParameters]

    /// Creates a mix.
    public init(inputParameters: [AudioMixInputParameters] = []) {
        self.inputParameters = inputParameters
    }

    /// The parameters for `trackID`, if any.
    public func parameters(forTrackID trackID: Int32) -> AudioMixInputParameters? {
        inputParameters.first { $0.trackID == trackID }
    }

    /// The volume of `trackID` at `time`: its parameters' volume, or 1.0 without parameters.
    public func volume(ofTrack trackID: Int32, at time: MediaTime) -> Double {
        parameters(forTrackID: trackID)?.volume(at: time) ?? 1
    }
}
