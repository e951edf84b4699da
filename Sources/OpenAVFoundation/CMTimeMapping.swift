import Foundation
import MediaCore

/// CoreMedia's mapping of a source range onto a target range: MediaCore's `TimeMapping`.
public typealias CMTimeMapping = TimeMapping

/// A track's ID inside its asset.
public typealias CMPersistentTrackID = Int32
/// "No track": asks `addMutableTrack` for a fresh ID; the track ID of an empty segment.
public let kCMPersistentTrackID_Invalid: CMPersistentTrackID = 0

extension TimeMapping {
    /// An invalid mapping (both ranges invalid).
    public init() { self.init(source: .invalid, target: .invalid) }

    /// An invalid mapping (both ranges invalid).
    public static let invalid = TimeMapping()
}

/// A mapping of `source` onto `target`; a target duration outside epoch 0 gives an invalid mapping.
public func CMTimeMappingMake(source: CMTimeRange, target: CMTimeRange) -> CMTimeMapping {
    guard target.duration.epoch == 0 else { return .invalid }
    return CMTimeMapping(source: source, target: target)
}

/// An empty edit (source start invalid) covering `target`.
public func CMTimeMappingMakeEmpty(target: CMTimeRange) -> CMTimeMapping {
    guard target.duration.epoch == 0 else { return .invalid }
    return CMTimeMapping.empty(target)
}

/// Whether the mapping's target range is valid.
public func CMTIMEMAPPING_IS_VALID(_ mapping: CMTimeMapping) -> Bool { mapping.target.isValid }
/// Whether the mapping is an empty edit (a valid target, an invalid source start).
public func CMTIMEMAPPING_IS_EMPTY(_ mapping: CMTimeMapping) -> Bool { mapping.target.isValid && mapping.isEmpty }
