import Foundation
import MediaCore

/// One edit of a composition track: a source range mapped onto the track's timeline, or an empty edit (a gap).
public struct TrackSegment: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The media file; nil for an empty segment.
    public var sourceURL: URL?
    /// The track inside the file; 0 (`kCMPersistentTrackID_Invalid`) for an empty segment.
    public var sourceTrackID: Int32
    /// The source track's natural timescale; 0 for an empty segment.
    public var sourceTimeScale: Int32
    /// Source range -> track range; the rate is `source.duration / target.duration`.
    public var timeMapping: TimeMapping

    /// A segment that plays `timeMapping.source` of a source track over `timeMapping.target`.
    public init(sourceURL: URL, sourceTrackID: Int32, sourceTimeScale: Int32 = 600, timeMapping: TimeMapping) {
        self.sourceURL = sourceURL.absoluteURL
        self.sourceTrackID = sourceTrackID
        self.sourceTimeScale = sourceTimeScale
        self.timeMapping = timeMapping
    }

    /// An empty segment covering `timeRange` of the track (`compositionTrackSegmentWithTimeRange:`).
    public init(emptyTimeRange timeRange: TimeRange) {
        self.sourceURL = nil
        self.sourceTrackID = 0
        self.sourceTimeScale = 0
        self.timeMapping = .empty(timeRange)
    }

    /// Whether this is a gap: silence for audio, background for video.
    public var isEmpty: Bool { timeMapping.isEmpty }

    /// Where the segment sits on the track.
    public var targetRange: TimeRange { timeMapping.target }

    /// The source range played; its start is invalid for an empty segment.
    public var sourceRange: TimeRange { timeMapping.source }

    /// `source.duration / target.duration` (1 for an empty segment).
    public var rate: Double { timeMapping.rate }

    /// The source time shown at track time `time`, exact; invalid for an empty segment.
    public func sourceTime(forTrackTime time: MediaTime) -> MediaTime {
        timeMapping.sourceTime(forTargetTime: time)
    }

    /// `file#track [source) -> [target)` or `empty -> [target)`.
    public var description: String {
        guard let sourceURL, !isEmpty else { return "empty -> \(targetRange)" }
        return "\(CompositionError.text(sourceURL))#\(sourceTrackID) \(timeMapping)"
    }

    /// The same segment placed on the track at `start` lasting `duration`, keeping its source range.
    func placed(at start: MediaTime, duration: MediaTime) -> TrackSegment {
        let target = TimeRange(start: start, duration: duration)
        if isEmpty { return TrackSegment(emptyTimeRange: target) }
        var copy = self
        copy.timeMapping = TimeMapping(source: timeMapping.source, target: target)
        return copy
    }

    /// The parts before and after track time `time`, which must lie strictly inside the target range.
    func split(at time: MediaTime) -> (TrackSegment, TrackSegment) {
        let target = targetRange
        let first = TimeRange(start: target.start, end: time)
        let second = TimeRange(start: time, end: target.end)
        if isEmpty { return (TrackSegment(emptyTimeRange: first), TrackSegment(emptyTimeRange: second)) }
        let cut = TimeRange.map(time, from: target, to: timeMapping.source)
        var head = self, tail = self
        head.timeMapping = TimeMapping(source: TimeRange(start: timeMapping.source.start, end: cut), target: first)
        tail.timeMapping = TimeMapping(source: TimeRange(start: cut, end: timeMapping.source.end), target: second)
        return (head, tail)
    }
}
