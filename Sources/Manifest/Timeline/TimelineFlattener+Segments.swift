import Composition
import MediaCore

extension TimelineFlattener {
    /// The explicit track for one roll of pieces, trimmed to `window`; nil when nothing of it plays.
    mutating func flatTrack(_ pieces: [Piece], media: MediaType, window: TimeRange, location: SourceLocation) -> FlatTrack? {
        var segments: [SegmentSpec] = [], ramps: [RampSpec] = []
        var previousEnd = MediaTime.negativeInfinity
        for piece in pieces {
            if piece.start < previousEnd {
                error("the transitions around clip '\(piece.clip.name)' overlap each other", at: piece.clip.location)
                continue
            }
            previousEnd = piece.end
            guard let segment = segment(piece, media: media, window: window) else { continue }
            segments.append(segment)
            ramps += fades(piece, media: media)
        }
        guard !segments.isEmpty else { return nil }
        // A roll that never fades needs no ramps: it plays at full opacity and volume.
        let fading = ramps.contains { $0.duration > .zero }
        return FlatTrack(spec: TrackSpec(segments: segments, location: location, media: media), ramps: fading ? ramps : [])
    }

    /// The segment a piece plays, its media range reaching into the handles its transitions take; nil when it is
    /// outside `window`, silent (a held frame on an audio track) or its handles are missing.
    private mutating func segment(_ piece: Piece, media: MediaType, window: TimeRange) -> SegmentSpec? {
        let clip = piece.clip
        let start = MediaTime.maximum(piece.start, window.start), end = MediaTime.minimum(piece.end, window.end)
        guard start < end else { return nil }
        let from: MediaTime, to: MediaTime, speed: FrameRate
        switch clip.speed {
        case .freeze:
            guard media == .video else { return nil }
            // A held frame is one millisecond of media slowed to the clip's length.
            from = clip.sourceRange.start
            to = from + MediaTime(value: 1, timescale: 1000)
            guard let slow = Self.ratio(to - from, end - start) else {
                error("clip '\(clip.name)' holds its frame too long to render", at: clip.location)
                return nil
            }
            speed = slow
        case .rate(let rate):
            from = clip.sourceRange.start + Self.scale(start - piece.anchor, by: rate)
            to = from + Self.scale(end - start, by: rate)
            speed = rate
        }
        guard handles(piece, from: from, to: to) else { return nil }
        return SegmentSpec(source: .file(path: clip.path), location: clip.pathLocation, from: from, to: to, at: start,
                           speed: speed)
    }

    /// Whether the media reaches as far as the transitions take it: not before its `available_range` (or before
    /// 0), not past its end.
    private mutating func handles(_ piece: Piece, from: MediaTime, to: MediaTime) -> Bool {
        let clip = piece.clip, first = clip.availableRange?.start ?? .zero
        if from < first {
            let need = TimeSyntax.humanReadable(clip.sourceRange.start - from)
            let reach = clip.availableRange == nil
                ? "the media starts at 0" : "its available_range starts at \(TimeSyntax.humanReadable(first))"
            error("the transition needs \(need) of clip '\(clip.name)' before its source_range (a handle), but \(reach)",
                  at: piece.fadeIn?.location ?? clip.location)
            return false
        }
        if let available = clip.availableRange, to > available.end, piece.fadeOut != nil {
            error("the transition needs \(TimeSyntax.humanReadable(to - clip.sourceRange.end)) of clip '\(clip.name)' after its "
                  + "source_range (a handle), but its available_range ends at \(TimeSyntax.humanReadable(available.end))",
                  at: piece.fadeOut?.location ?? clip.location)
            return false
        }
        return true
    }

    /// A piece's opacity (video) or volume (audio) over its time: full from its start, ramped across its fades. On
    /// video, a crossfade ramps only the clip on the upper roll, which shows the lower one through it.
    private func fades(_ piece: Piece, media: MediaType) -> [RampSpec] {
        func ramps(_ fade: Fade?) -> Bool {
            guard let fade else { return false }
            return media == .audio || !fade.withClip || piece.roll == 0
        }
        var result: [RampSpec] = []
        if ramps(piece.fadeIn), let fade = piece.fadeIn {
            result.append(RampSpec(start: fade.range.start, duration: fade.range.duration, startValue: 0, endValue: 1))
        } else {
            result.append(RampSpec(start: piece.start, duration: .zero, startValue: 1, endValue: 1))
        }
        if ramps(piece.fadeOut), let fade = piece.fadeOut {
            result.append(RampSpec(start: fade.range.start, duration: fade.range.duration, startValue: 1, endValue: 0))
        }
        return result
    }

    /// `time x rate`, exact.
    static func scale(_ time: MediaTime, by rate: FrameRate) -> MediaTime {
        time.multiplied(by: Int64(rate.numerator), dividedBy: Int64(rate.denominator))
    }

    /// `a / b` as an exact ratio, nil when it does not fit.
    static func ratio(_ a: MediaTime, _ b: MediaTime) -> FrameRate? {
        let top = Int128(a.value) * Int128(b.timescale), bottom = Int128(a.timescale) * Int128(b.value)
        var (x, y) = (top, bottom)
        while y != 0 { (x, y) = (y, x % y) }
        guard x != 0, let numerator = Int32(exactly: top / x), let denominator = Int32(exactly: bottom / x),
              numerator > 0, denominator > 0 else { return nil }
        return FrameRate(numerator, denominator)
    }
}
