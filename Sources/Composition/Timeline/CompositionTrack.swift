import MediaCore

/// A track of a composition: segments laid end to end from zero, without gaps or overlaps (docs/semantics.md,
/// Tracks and segments).
public struct CompositionTrack: Sendable, Hashable, Codable {
    /// The track's ID in the composition, > 0.
    public let trackID: Int32
    /// What the track carries.
    public let mediaType: MediaType
    /// The edits in track order; the edit methods keep them contiguous from zero.
    public internal(set) var segments: [TrackSegment]
    /// Video: the size of the pictures; set from the first inserted source when still zero.
    public var naturalSize: Size
    /// Video: the transform to apply when displaying; inserting does not change it (as in AVFoundation).
    public var preferredTransform: AffineTransform2D
    /// Video: the nominal frame rate; set from the first inserted source that has one when still nil.
    public var nominalFrameRate: FrameRate?
    /// The timescale set explicitly, if any.
    var authoredNaturalTimeScale: Int32?

    /// An empty track.
    public init(trackID: Int32, mediaType: MediaType, naturalSize: Size = .zero,
                preferredTransform: AffineTransform2D = .identity, nominalFrameRate: FrameRate? = nil) {
        self.trackID = trackID
        self.mediaType = mediaType
        self.segments = []
        self.naturalSize = naturalSize
        self.preferredTransform = preferredTransform
        self.nominalFrameRate = nominalFrameRate
        self.authoredNaturalTimeScale = nil
    }

    /// The timescale of the track's media: as set, else that of the first non-empty edit, else 600.
    /// Setting 0 or less restores the default.
    public var naturalTimeScale: Int32 {
        get {
            if let authoredNaturalTimeScale { return authoredNaturalTimeScale }
            return segments.first { !$0.isEmpty && $0.sourceTimeScale > 0 }?.sourceTimeScale ?? 600
        }
        set { authoredNaturalTimeScale = newValue > 0 ? newValue : nil }
    }

    /// Where the track's content ends (zero for an empty track).
    public var endTime: MediaTime { segments.last?.targetRange.end ?? .zero }

    /// `[0, end)` of the track.
    public var timeRange: TimeRange { TimeRange(start: .zero, end: endTime) }

    /// Whether the track has no segments.
    public var isEmpty: Bool { segments.isEmpty }

    /// The segment containing `time`, or the closest one: the first before the track, the last after it.
    /// Nil for a track without segments or a time that is invalid or indefinite.
    public func segment(forTrackTime time: MediaTime) -> TrackSegment? {
        guard let first = segments.first, let last = segments.last else { return nil }
        if time.isNegativeInfinity { return first }
        if time.isPositiveInfinity { return last }
        guard time.isNumeric else { return nil }
        if time < first.targetRange.start { return first }
        // Segments lie end to end in order, so the one holding `time` is found by bisection (a renderer asks once
        // a frame, and a looped bed has thousands of segments).
        var low = 0, high = segments.count
        while low < high {
            let middle = low + (high - low) / 2
            if segments[middle].targetRange.end > time { high = middle } else { low = middle + 1 }
        }
        return low < segments.count && segments[low].targetRange.contains(time) ? segments[low] : last
    }

    /// Replaces the segments after checking them with the rules of `validateSegments(_:)`.
    public mutating func setSegments(_ newSegments: [TrackSegment]) throws {
        try validateSegments(newSegments)
        segments = newSegments
    }

    /// Checks the track's own segments with the rules of `validateSegments(_:)`.
    public func validateSegments() throws {
        try validateSegments(segments)
    }

    /// Checks that `proposed` could be this track's segments (`validateTrackSegments:error:`): the first starts at 0,
    /// each later one starts where the previous one ends, every target range is numeric and not empty, every
    /// non-empty segment has a numeric start and a numeric, non-empty duration in its source, and (**decision**,
    /// as `insertEmptyTimeRange` documents) no empty segment ends the track.
    public func validateSegments(_ proposed: [TrackSegment]) throws {
        var previousEnd = MediaTime.zero
        for (index, segment) in proposed.enumerated() {
            let target = segment.timeMapping.target
            guard target.isValid, target.start.isNumeric, target.duration.isNumeric, !target.isEmpty else {
                throw CompositionError.invalidSegmentTarget(trackID: trackID, index: index, range: target)
            }
            if !segment.isEmpty {
                let source = segment.timeMapping.source
                guard source.start.isNumeric else {
                    throw CompositionError.invalidSegmentSourceStart(trackID: trackID, index: index, start: source.start)
                }
                guard source.isValid, source.duration.isNumeric, !source.isEmpty else {
                    throw CompositionError.invalidSegmentSourceDuration(trackID: trackID, index: index, range: source)
                }
            }
            if index == 0, target.start != .zero {
                throw CompositionError.firstSegmentNotAtZero(trackID: trackID, start: target.start)
            }
            if index > 0, target.start != previousEnd {
                throw CompositionError.segmentMisplaced(trackID: trackID, index: index, start: target.start,
                                                        previousEnd: previousEnd)
            }
            previousEnd = target.end
        }
        if let last = proposed.last, last.isEmpty {
            throw CompositionError.trailingEmptySegment(trackID: trackID, index: proposed.count - 1)
        }
    }
}
