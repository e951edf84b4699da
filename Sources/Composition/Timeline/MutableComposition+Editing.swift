import MediaCore

/// Edits that apply to the whole composition (AVMutableComposition's editing methods).
extension MutableComposition {
    /// Inserts `timeRange` of an asset's tracks at `startTime` (invalid appends at the composition's end). Each source
    /// goes into the first track of its media type not already used by this insert, or a new track that takes its
    /// size, transform and frame rate. Every other track gets a gap, so existing content at `startTime` is pushed out
    /// by the duration in all tracks. A source with less media than `timeRange` contributes what it has, at the
    /// matching place; a source with none of it contributes a gap.
    public mutating func insertTimeRange(_ timeRange: TimeRange, of sources: [SourceTrack], at startTime: MediaTime) throws {
        try CompositionTrack.checkInsertion(of: timeRange, at: startTime)
        guard !timeRange.isEmpty else { return }
        let time = startTime.isValid ? startTime : duration
        var updated = self
        var blocks: [Int32: [TrackSegment]] = [:]
        for source in sources {
            let available = timeRange.intersection(source.timeRange)
            let trackID: Int32
            if let existing = updated.tracks.first(where: { $0.mediaType == source.mediaType && blocks[$0.trackID] == nil }) {
                trackID = existing.trackID
            } else {
                trackID = updated.addMutableTrack(withMediaType: source.mediaType)!
                try updated.modifyTrack(trackID) { track in
                    track.preferredTransform = source.preferredTransform ?? .identity
                }
            }
            var block: [TrackSegment] = []
            if available.isValid, !available.isEmpty {
                try updated.modifyTrack(trackID) { $0.adoptProperties(of: source) }
                let lead = available.start - timeRange.start
                block.append(TrackSegment(emptyTimeRange: TimeRange(start: .zero, duration: lead)))
                block.append(TrackSegment(
                    sourceURL: source.url, sourceTrackID: source.trackID, sourceTimeScale: source.naturalTimeScale,
                    timeMapping: TimeMapping(source: available, target: TimeRange(start: .zero, duration: available.duration))))
                block.append(TrackSegment(emptyTimeRange: TimeRange(start: .zero, duration: timeRange.end - available.end)))
            } else {
                block.append(TrackSegment(emptyTimeRange: TimeRange(start: .zero, duration: timeRange.duration)))
            }
            blocks[trackID] = block
        }
        updated.insertBlocks(blocks, lasting: timeRange.duration, at: time)
        self = updated
    }

    /// Inserts each track's block of `blocks` (by track ID) at `time`, and a gap of `duration` in every other track
    /// that goes on past `time`, so that all tracks move on together.
    mutating func insertBlocks(_ blocks: [Int32: [TrackSegment]], lasting duration: MediaTime, at time: MediaTime) {
        for index in tracks.indices {
            if let block = blocks[tracks[index].trackID] {
                tracks[index].insertBlock(block, at: time)
            } else if time < tracks[index].endTime {
                tracks[index].insertBlock([TrackSegment(emptyTimeRange: TimeRange(start: .zero, duration: duration))],
                                          at: time)
            }
        }
    }

    /// Inserts a gap of `timeRange.duration` at `timeRange.start` in every track.
    public mutating func insertEmptyTimeRange(_ timeRange: TimeRange) throws {
        try CompositionTrack.checkRange(timeRange, "insertEmptyTimeRange")
        for index in tracks.indices { try tracks[index].insertEmptyTimeRange(timeRange) }
    }

    /// Removes `timeRange` from every track, pulling later content in; tracks are never removed.
    public mutating func removeTimeRange(_ timeRange: TimeRange) throws {
        try CompositionTrack.checkRange(timeRange, "removeTimeRange")
        for index in tracks.indices { try tracks[index].removeTimeRange(timeRange) }
    }

    /// Scales `timeRange` of every track to `duration`.
    public mutating func scaleTimeRange(_ timeRange: TimeRange, toDuration duration: MediaTime) throws {
        var updated = self
        for index in updated.tracks.indices { try updated.tracks[index].scaleTimeRange(timeRange, toDuration: duration) }
        if updated.tracks.isEmpty {
            // Still report bad arguments for an empty composition.
            var probe = CompositionTrack(trackID: 1, mediaType: .video)
            try probe.scaleTimeRange(timeRange, toDuration: duration)
        }
        self = updated
    }
}
