import Composition
import Foundation
import MediaCore

/// A track of a mutable composition; every edit changes the composition.
public class AVMutableCompositionTrack: AVCompositionTrack, @unchecked Sendable {
    /// Runs `edit` on the track in the composition, with errors as `AVError`s.
    private func modify(_ edit: (inout CompositionTrack) throws -> Void) throws(AVError) {
        do {
            try composition.state.withLock { composition in try composition.modifyTrack(trackID, edit) }
        } catch let error as CompositionError {
            throw AVError(error)
        } catch let error as AVError {
            throw error
        } catch {
            throw AVError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
        }
    }

    /// Inserts `timeRange` of `track` (a track of a file asset or of a composition) at `startTime`, pushing what is
    /// there later; an invalid `startTime` appends, a time past the end leaves a gap.
    public func insertTimeRange(_ timeRange: CMTimeRange, of track: AVAssetTrack, at startTime: CMTime) throws {
        if let nested = track as? AVCompositionTrack {
            guard let part = nested.native else { throw AVError(CompositionError.noSuchTrack(trackID: nested.trackID)) }
            try modify { try $0.insertTimeRange(timeRange.native, of: part, at: startTime.native) }
            return
        }
        guard let source = track.source else {
            throw AVError(.operationNotSupportedForAsset, .trackOfComposition(operation: "insertTimeRange(_:of:at:)"))
        }
        try modify { try $0.insertTimeRange(timeRange.native, of: source, at: startTime.native) }
    }

    /// Inserts a gap of the range's duration at its start; an invalid range, or one at or after the end, changes
    /// nothing.
    public func insertEmptyTimeRange(_ timeRange: CMTimeRange) {
        try? modify { try $0.insertEmptyTimeRange(timeRange.native) }
    }

    /// Removes the range, pulling later media in; an invalid range changes nothing.
    public func removeTimeRange(_ timeRange: CMTimeRange) {
        try? modify { try $0.removeTimeRange(timeRange.native) }
    }

    /// Plays the range in `duration`; an invalid range or duration changes nothing.
    public func scaleTimeRange(_ timeRange: CMTimeRange, toDuration duration: CMTime) {
        try? modify { try $0.scaleTimeRange(timeRange.native, toDuration: duration.native) }
    }

    /// Throws unless `trackSegments` could be the track's segments: contiguous from zero, numeric, non-empty.
    public func validateSegments(_ trackSegments: [AVCompositionTrackSegment]) throws {
        guard let native else { throw AVError(CompositionError.noSuchTrack(trackID: trackID)) }
        do {
            try native.validateSegments(trackSegments.map(\.native))
        } catch let error as CompositionError {
            throw AVError(error)
        }
    }

    /// Video: the size of the pictures; setting it overrides the sources'.
    override public var naturalSize: CGSize {
        get { super.naturalSize }
        set { try? modify { $0.naturalSize = Size(width: Double(newValue.width), height: Double(newValue.height)) } }
    }

    /// The transform recorded for display; informative only, as pictures are upright.
    override public var preferredTransform: CGAffineTransform {
        get { super.preferredTransform }
        set { try? modify { $0.preferredTransform = newValue.native } }
    }

    /// The track's timescale; 0 or less restores the default.
    override public var naturalTimeScale: CMTimeScale {
        get { super.naturalTimeScale }
        set { try? modify { $0.naturalTimeScale = newValue } }
    }

    /// Replaces the segments; an array `validateSegments` refuses changes nothing.
    func setSegments(_ segments: [AVCompositionTrackSegment]) {
        try? modify { try $0.setSegments(segments.map(\.native)) }
    }
}
