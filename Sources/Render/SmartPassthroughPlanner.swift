import MediaCore

/// Cuts one source range into the segments of a smart passthrough.
///
/// The copied stretch of a piece starts at the first keyframe K1 at or after the piece's start and runs, in decode
/// order, up to the last keyframe K2 whose group (with any leading pictures decoded after it, which refer to the
/// group before) is shown no later than the piece's end. Copied packets shown before K1 (K1's own leading pictures
/// in an open GOP) are dropped: the head re-encode shows those times. The head re-encodes `[start, K1)`, the tail
/// `[first picture of K2's group, end)`; a piece with no usable keyframe is re-encoded whole.
struct SmartPassthroughPlanner {
    /// The source's packets.
    let index: VideoPacketIndex
    /// The smallest pts of the packets from each decode position to the end (the earliest picture still to come).
    let laterMinimum: [MediaTime]

    /// A planner over `index`.
    init(index: VideoPacketIndex) {
        self.index = index
        var minimum = MediaTime.positiveInfinity
        var later = [MediaTime](repeating: minimum, count: index.entries.count + 1)
        for position in index.entries.indices.reversed() {
            minimum = min(minimum, index.entries[position].pts)
            later[position] = minimum
        }
        laterMinimum = later
    }

    /// The segments for the source range `[start, end)`, in order; nil when the range holds no picture.
    func segments(from start: MediaTime, to end: MediaTime) -> [SmartPassthroughPlan.Segment]? {
        guard !index.times(from: start, to: end).isEmpty else { return nil }
        let entries = index.entries
        guard let first = entries.indices.first(where: { entries[$0].isKeyframe && entries[$0].pts >= start }),
              entries[first].pts < end, let (last, copyEnd) = copyEnd(after: first, end: end),
              copyIsClean(packets: first..<last, times: entries[first].pts..<copyEnd) else {
            return [reencode(start..<end)]
        }
        var segments: [SmartPassthroughPlan.Segment] = []
        if start < entries[first].pts { segments.append(reencode(start..<entries[first].pts)) }
        segments.append(.copy(packets: first..<last, times: entries[first].pts..<copyEnd))
        if copyEnd < end, !index.times(from: copyEnd, to: end).isEmpty { segments.append(reencode(copyEnd..<end)) }
        return segments
    }

    /// Where copying from decode position `first` stops: the decode position of K2 (or the end of the stream) and the
    /// first time not copied; nil when nothing after `first` can be copied.
    private func copyEnd(after first: Int, end: MediaTime) -> (Int, MediaTime)? {
        let entries = index.entries
        if let shownLast = index.displayTimes.last, shownLast < end { return (entries.count, end) }
        guard let last = entries.indices.last(where: { $0 > first && entries[$0].isKeyframe && laterMinimum[$0] <= end }),
              laterMinimum[last] > entries[first].pts else { return nil }
        return (last, laterMinimum[last])
    }

    /// Whether the packets at `packets` shown in `times` are exactly the pictures of `times`, none shown later.
    private func copyIsClean(packets: Range<Int>, times: Range<MediaTime>) -> Bool {
        let kept = packets.filter { times.contains(index.entries[$0].pts) }.count
        let later = packets.contains { index.entries[$0].pts >= times.upperBound }
        return !later && kept == index.times(from: times.lowerBound, to: times.upperBound).count
    }

    /// A re-encode of `times`, decoding from the last keyframe at or before its start.
    private func reencode(_ times: Range<MediaTime>) -> SmartPassthroughPlan.Segment {
        let entries = index.entries
        let from = entries.indices.last { entries[$0].isKeyframe && entries[$0].pts <= times.lowerBound } ?? 0
        return .reencode(decodeFrom: from, times: times)
    }
}
