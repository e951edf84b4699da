import MediaCore

/// Cuts one source range into the segments of a smart passthrough.
///
/// The copied stretch of a piece starts at the first IDR picture K1 at or after the piece's start and runs, in decode
/// order, up to the last packet P before which everything copied is shown before everything after (see `copyEnd`),
/// so a keyframe's leading pictures (open GOP, decoded after it, referring to the group before) are re-encoded with
/// the tail, never copied. The head re-encodes `[start, K1)`, the tail `[first picture from P on, end)`; a piece
/// with no IDR to start copying at is re-encoded whole.
///
/// Why K1 must be an IDR: after a re-encoded head, a copied open-GOP I picture (a recovery point that is not an IDR)
/// continues picture-order counts and reference marking from pictures the output does not have; FFmpeg then drops or
/// reorders pictures. An IDR resets both, and the re-encoded head ends its sequence (an end-of-sequence NAL unit) so
/// the IDR follows it as the standard requires.
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
        guard let first = entries.indices.first(where: { entries[$0].isIDR && entries[$0].pts >= start }),
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

    /// Where copying from decode position `first` stops: the last decode position P whose earlier packets (from
    /// `first`) are all shown before every later one, with the first picture still to come (X) no later than `end`;
    /// returns P and X. Any such P works, keyframe or not (with B-pictures, the end of a mini-GOP): the tail
    /// re-encode decodes from an earlier keyframe. Nil when nothing after `first` can be copied.
    private func copyEnd(after first: Int, end: MediaTime) -> (Int, MediaTime)? {
        let entries = index.entries
        if let shownLast = index.displayTimes.last, shownLast < end { return (entries.count, end) }
        var shownMax = entries[first].pts
        var best: (Int, MediaTime)?
        var position = first + 1
        while position < entries.count, laterMinimum[position] <= end {
            if shownMax < laterMinimum[position] { best = (position, laterMinimum[position]) }
            if entries[position].pts >= entries[first].pts { shownMax = max(shownMax, entries[position].pts) }
            position += 1
        }
        return best
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
