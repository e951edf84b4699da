import Composition
import MediaCore

extension TimelineFlattener {
    /// One item of a track where it plays on the output's timeline, before transitions reach into it.
    struct Entry {
        var item: OTIOItem
        var start: MediaTime
        var duration: MediaTime
        var end: MediaTime { start + duration }
    }

    /// Where a clip fades, whether a clip is on the other side (a crossfade), and the transition's place.
    struct Fade {
        var range: TimeRange
        var withClip: Bool
        var location: SourceLocation
    }

    /// A clip as it will play: its output range (with the handles transitions take), its fades and its roll.
    struct Piece {
        var clip: OTIOClip
        var start: MediaTime
        var end: MediaTime
        /// Where its `source_range` starts playing on the output's timeline.
        var anchor: MediaTime
        /// Where it fades in and out, and whether the other side of each fade is a clip (a crossfade).
        var fadeIn: Fade?
        var fadeOut: Fade?
        var roll = 0
    }

    /// A track of `media` whose time 0 is at output `origin`: its clips on one roll, or two taking turns when it has
    /// transitions, in its parent's place among the tracks (nested compositions right after them).
    mutating func track(_ track: OTIOComposition, media: MediaType, origin: MediaTime, window: TimeRange) {
        var entries: [Entry] = [], transitions: [(before: Int, transition: OTIOTransition)] = []
        var cursor = origin
        for child in track.children {
            if case .transition(let transition) = child {
                transitions.append((entries.count, transition))
                continue
            }
            let duration = Self.duration(child)
            entries.append(Entry(item: child, start: cursor, duration: duration))
            cursor = cursor + duration
        }
        let slot = tracks.count
        var pieces: [Int: Piece] = [:]
        for (index, entry) in entries.enumerated() {
            switch entry.item {
            case .clip(let clip) where clip.enabled:
                pieces[index] = Piece(clip: clip, start: entry.start, end: entry.end, anchor: entry.start)
                addMarkers(clip.markers, origin: entry.start - clip.sourceRange.start,
                           window: window.intersection(TimeRange(start: entry.start, duration: entry.duration)))
            case .composition(let inner):
                place(inner, start: entry.start, window: window)
            default: break
            }
        }
        for (before, transition) in transitions {
            join(transition, before: before, entries: entries, end: cursor, pieces: &pieces)
        }
        let ordered = pieces.keys.sorted().compactMap { pieces[$0] }
        let rolls = transitions.isEmpty ? [ordered] : [0, 1].map { roll in
            ordered.enumerated().filter { $0.offset % 2 == roll }.map { var piece = $0.element; piece.roll = roll; return piece }
        }
        var made: [FlatTrack] = []
        if rolls.count > 1 { groups += 1 }
        for roll in rolls {
            if var flat = flatTrack(roll, media: media, window: window, location: track.location) {
                if rolls.count > 1 { flat.spec.rollGroup = groups }
                made.append(flat)
            }
        }
        tracks.insert(contentsOf: made, at: slot)
    }

    /// Extends the clips on either side of a transition into it: the one before by `out_offset`, the one after
    /// by `in_offset`, so the track keeps its length; a side that is a gap (or the track's edge) is faded to.
    private mutating func join(_ transition: OTIOTransition, before index: Int, entries: [Entry], end: MediaTime,
                               pieces: inout [Int: Piece]) {
        let cut = index < entries.count ? entries[index].start : end
        let range = TimeRange(start: cut - transition.inOffset, end: cut + transition.outOffset)
        let previous = index > 0 ? entries[index - 1] : nil, next = index < entries.count ? entries[index] : nil
        for entry in [previous, next] {
            if let entry, case .composition = entry.item {
                error("a transition next to a nested track or stack cannot be rendered", at: transition.location)
                return
            }
        }
        if transition.inOffset > (previous?.duration ?? .zero) || transition.outOffset > (next?.duration ?? .zero) {
            error("the transition reaches further than the items beside it (in_offset \(TimeSyntax.humanReadable(transition.inOffset)), "
                  + "out_offset \(TimeSyntax.humanReadable(transition.outOffset)))", at: transition.location)
            return
        }
        let both = pieces[index - 1] != nil && pieces[index] != nil
        if var piece = pieces[index - 1] {
            piece.end = piece.end + transition.outOffset
            piece.fadeOut = Fade(range: range, withClip: both, location: transition.location)
            pieces[index - 1] = piece
        }
        if var piece = pieces[index] {
            piece.start = piece.start - transition.inOffset
            piece.fadeIn = Fade(range: range, withClip: both, location: transition.location)
            pieces[index] = piece
        }
    }
}
