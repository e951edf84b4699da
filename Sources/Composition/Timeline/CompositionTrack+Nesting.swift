import Foundation
import MediaCore

/// Inserting a part of a composition into a composition (AVMutableComposition taking an AVComposition as its
/// asset): the part's segments are copied, re-timed as they were, so the result plays what the part played.
extension CompositionTrack {
    /// The segments that play `timeRange` of this track, cut at its ends (their target starts do not count), and an
    /// empty segment for the part of the range past the track's end.
    public func segments(playing timeRange: TimeRange) -> [TrackSegment] {
        var piece = self
        let end = piece.endTime
        var block: [TrackSegment] = []
        if timeRange.start < end {
            let from = piece.split(at: timeRange.start)
            let to = piece.split(at: MediaTime.minimum(timeRange.end, end))
            block = Array(piece.segments[from..<to])
        }
        let uncovered = timeRange.end - MediaTime.maximum(end, timeRange.start)
        if uncovered > .zero { block.append(TrackSegment(emptyTimeRange: TimeRange(start: .zero, duration: uncovered))) }
        return block
    }

    /// Inserts `timeRange` of `other` (a track of a composition) at `startTime` as `insertTimeRange(_:of:at:)`
    /// inserts a file's track: the types must match and the range must lie inside `[0, other.endTime]`.
    public mutating func insertTimeRange(_ timeRange: TimeRange, of other: CompositionTrack, at startTime: MediaTime) throws {
        try CompositionTrack.checkInsertion(of: timeRange, at: startTime)
        guard other.mediaType == mediaType else {
            // A track without media has no file to name; the root stands in.
            throw CompositionError.mediaTypeMismatch(
                trackID: trackID, trackType: mediaType,
                source: other.segments.lazy.compactMap(\.sourceURL).first ?? URL(fileURLWithPath: "/"),
                sourceTrackID: other.trackID, sourceType: other.mediaType)
        }
        guard TimeRange(start: .zero, end: other.endTime).contains(timeRange) || timeRange.isEmpty else {
            throw CompositionError.invalidTimeRange(operation: "insertTimeRange", range: timeRange)
        }
        guard !timeRange.isEmpty else { return }
        if naturalSize.isZero { naturalSize = other.naturalSize }
        if nominalFrameRate == nil { nominalFrameRate = other.nominalFrameRate }
        insertBlock(other.segments(playing: timeRange), at: startTime)
    }
}

extension MutableComposition {
    /// Inserts `timeRange` of every video and audio track of `other` at `startTime` (invalid appends), pairing tracks
    /// as `insertTimeRange(_:of:at:)` pairs a file's: each goes into the first track of its type not already used by
    /// this insert, or a new one taking its size, transform and frame rate; every other track gets a gap.
    public mutating func insertTimeRange(_ timeRange: TimeRange, of other: MutableComposition, at startTime: MediaTime) throws {
        try CompositionTrack.checkInsertion(of: timeRange, at: startTime)
        guard !timeRange.isEmpty else { return }
        let time = startTime.isValid ? startTime : duration
        var updated = self
        var blocks: [Int32: [TrackSegment]] = [:]
        for source in other.tracks where source.mediaType == .video || source.mediaType == .audio {
            let trackID: Int32
            if let existing = updated.tracks.first(where: { $0.mediaType == source.mediaType && blocks[$0.trackID] == nil }) {
                trackID = existing.trackID
            } else {
                trackID = updated.addMutableTrack(withMediaType: source.mediaType)!
                try updated.modifyTrack(trackID) { $0.preferredTransform = source.preferredTransform }
            }
            try updated.modifyTrack(trackID) { track in
                if track.naturalSize.isZero { track.naturalSize = source.naturalSize }
                if track.nominalFrameRate == nil { track.nominalFrameRate = source.nominalFrameRate }
            }
            blocks[trackID] = source.segments(playing: timeRange)
        }
        updated.insertBlocks(blocks, lasting: timeRange.duration, at: time)
        self = updated
    }
}
