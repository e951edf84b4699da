import MediaCore

/// The edits of AVMutableCompositionTrack, exact on rational time.
extension CompositionTrack {
    /// Inserts `timeRange` of `source` at `startTime`, pushing existing content at that time out by its duration
    /// (splitting a segment it falls inside). `MediaTime.invalid` appends; a time past the end leaves an empty gap.
    public mutating func insertTimeRange(_ timeRange: TimeRange, of source: SourceTrack, at startTime: MediaTime) throws {
        try Self.checkInsertion(of: timeRange, at: startTime)
        guard source.mediaType == mediaType else {
            throw CompositionError.mediaTypeMismatch(
                trackID: trackID, trackType: mediaType, source: source.url, sourceTrackID: source.trackID,
                sourceType: source.mediaType)
        }
        guard source.timeRange.contains(timeRange) else {
            throw CompositionError.rangeOutsideSource(
                trackID: trackID, range: timeRange, source: source.url, sourceTrackID: source.trackID,
                available: source.timeRange)
        }
        guard !timeRange.isEmpty else { return }
        adoptProperties(of: source)
        let segment = TrackSegment(
            sourceURL: source.url, sourceTrackID: source.trackID, sourceTimeScale: source.naturalTimeScale,
            timeMapping: TimeMapping(source: timeRange, target: TimeRange(start: .zero, duration: timeRange.duration)))
        insertBlock([segment], at: startTime)
    }

    /// Inserts a gap of `timeRange.duration` at `timeRange.start`; the displaced media plays right after it. A range
    /// starting at or past the end changes nothing, since empty ranges cannot end a track.
    public mutating func insertEmptyTimeRange(_ timeRange: TimeRange) throws {
        try CompositionTrack.checkRange(timeRange, "insertEmptyTimeRange")
        guard timeRange.start < endTime, !timeRange.isEmpty else { return }
        insertBlock([TrackSegment(emptyTimeRange: TimeRange(start: .zero, duration: timeRange.duration))],
                    at: timeRange.start)
    }

    /// Removes `timeRange`, truncating or splitting the segments it touches and pulling later content in. The track
    /// stays even if it becomes empty.
    public mutating func removeTimeRange(_ timeRange: TimeRange) throws {
        try CompositionTrack.checkRange(timeRange, "removeTimeRange")
        let end = endTime
        guard timeRange.start < end, !timeRange.isEmpty else { return }
        let from = split(at: timeRange.start)
        let to = split(at: MediaTime.minimum(timeRange.end, end))
        segments.removeSubrange(from..<to)
        reflow()
    }

    /// Re-times the part of the track in `timeRange` to last `duration` (scaled by the same factor where the range
    /// runs past the end): every segment in it gets rate `source.duration / target.duration`; later content moves.
    public mutating func scaleTimeRange(_ timeRange: TimeRange, toDuration duration: MediaTime) throws {
        let operation = "scaleTimeRange"
        try CompositionTrack.checkRange(timeRange, operation)
        guard duration.isNumeric, duration > .zero else {
            throw CompositionError.invalidDuration(operation: operation, duration: duration)
        }
        guard !timeRange.isEmpty else {
            throw CompositionError.invalidTimeRange(operation: operation, range: timeRange)
        }
        let end = endTime
        guard timeRange.start < end else { return }
        let from = split(at: timeRange.start)
        let to = split(at: MediaTime.minimum(timeRange.end, end))
        let scaled = TimeRange(start: timeRange.start, duration: duration)
        for index in from..<to {
            let target = segments[index].targetRange
            let newStart = TimeRange.map(target.start, from: timeRange, to: scaled)
            let newEnd = TimeRange.map(target.end, from: timeRange, to: scaled)
            segments[index] = segments[index].placed(at: newStart, duration: newEnd - newStart)
        }
        reflow()
    }

    // MARK: - Internals

    /// Ranges must be valid, numeric and start at or after zero.
    static func checkRange(_ range: TimeRange, _ operation: String) throws {
        guard range.isValid, range.start.isNumeric, range.duration.isNumeric, range.start >= .zero else {
            throw CompositionError.invalidTimeRange(operation: operation, range: range)
        }
    }

    /// Checks the arguments of an `insertTimeRange`: a valid range from zero on, and a start time that is invalid (to
    /// append) or numeric from zero on.
    static func checkInsertion(of timeRange: TimeRange, at startTime: MediaTime) throws {
        try checkRange(timeRange, "insertTimeRange")
        guard !startTime.isValid || (startTime.isNumeric && startTime >= .zero) else {
            throw CompositionError.invalidTime(operation: "insertTimeRange", time: startTime)
        }
    }

    /// Takes the natural size and frame rate of the first source that has them.
    mutating func adoptProperties(of source: SourceTrack) {
        if naturalSize.isZero { naturalSize = source.naturalSize }
        if nominalFrameRate == nil, let rate = source.frameRate, rate.isValid { nominalFrameRate = rate }
    }

    /// Inserts segments (their durations count, their target starts do not) at `time`; invalid appends, past the end
    /// fills the gap with an empty segment.
    mutating func insertBlock(_ block: [TrackSegment], at time: MediaTime) {
        let end = endTime
        if !time.isValid || time >= end {
            var appended = block
            if time.isValid, time > end {
                appended.insert(TrackSegment(emptyTimeRange: TimeRange(start: end, end: time)), at: 0)
            }
            // The segments already there are laid out, so appending lays out only the new ones: filling a track
            // with N repetitions costs N, not N squared.
            layOut(appended, after: segments.count)
        } else {
            segments.insert(contentsOf: block, at: split(at: time))
            reflow()
        }
    }

    /// Makes a segment boundary fall at `time` and returns the index of the first segment starting at or after it.
    mutating func split(at time: MediaTime) -> Int {
        for index in segments.indices {
            let target = segments[index].targetRange
            if time <= target.start { return index }
            if time < target.end {
                let (head, tail) = segments[index].split(at: time)
                segments.replaceSubrange(index...index, with: [head, tail])
                return index + 1
            }
        }
        return segments.count
    }

    /// Lays the segments end to end from zero by their target durations, dropping zero-length ones, joining adjacent
    /// empty ones (a gap has no source, so two are one) and trimming empty ones from the end.
    mutating func reflow() {
        let all = segments
        segments = []
        layOut(all, after: 0)
    }

    /// Keeps the first `kept` segments (already laid out) and lays `more` out after them, with the rules of
    /// `reflow()`.
    mutating func layOut(_ more: [TrackSegment], after kept: Int) {
        segments.removeSubrange(kept...)
        var cursor = segments.last?.targetRange.end ?? .zero
        for segment in more {
            let duration = segment.targetRange.duration
            guard duration > .zero else { continue }
            if segment.isEmpty, let last = segments.last, last.isEmpty {
                segments[segments.count - 1] = last.placed(at: last.targetRange.start,
                                                           duration: last.targetRange.duration + duration)
            } else {
                segments.append(segment.placed(at: cursor, duration: duration))
            }
            cursor = cursor + duration
        }
        while let last = segments.last, last.isEmpty { segments.removeLast() }
    }
}
