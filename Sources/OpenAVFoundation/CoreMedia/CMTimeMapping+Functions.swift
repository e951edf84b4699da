import Foundation
import MediaCore

/// A track's ID inside its asset.
public typealias CMPersistentTrackID = Int32
/// "No track": asks `addMutableTrack` for a fresh ID; the track ID of an empty segment.
public let kCMPersistentTrackID_Invalid: CMPersistentTrackID = 0

/// A mapping of `source` onto `target`; a target duration outside epoch 0 gives an invalid mapping.
public func CMTimeMappingMake(source: CMTimeRange, target: CMTimeRange) -> CMTimeMapping {
    guard target.duration.epoch == 0 else { return .invalid }
    return CMTimeMapping(source: source, target: target)
}

/// An empty edit (source start invalid) covering `target`.
public func CMTimeMappingMakeEmpty(target: CMTimeRange) -> CMTimeMapping {
    guard target.duration.epoch == 0 else { return .invalid }
    return CMTimeMapping(TimeMapping.empty(target.native))
}

/// Whether the mapping's target range is valid.
public func CMTIMEMAPPING_IS_VALID(_ mapping: CMTimeMapping) -> Bool { mapping.target.isValid }
/// Whether the mapping is an empty edit (a valid target, an invalid source start).
public func CMTIMEMAPPING_IS_EMPTY(_ mapping: CMTimeMapping) -> Bool { mapping.target.isValid && !mapping.source.start.isValid }
