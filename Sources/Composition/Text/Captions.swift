import MediaCore

/// Timed captions read from SubRip (`.srt`) or WebVTT (`.vtt`) text, ready to become text layers.
///
/// Parsing keeps the text and the times (exact milliseconds) and drops what a plain text layer cannot show:
/// markup tags (`<i>`, `<b>`, `<u>`, `<font>`, WebVTT `<c.x>`, `<v Name>`), SubRip `{\an8}`-style overrides,
/// WebVTT cue settings, `NOTE`, `STYLE` and `REGION` blocks. Word times (WebVTT inline time stamps, `{\k}`
/// durations) are kept as each cue's `words`. Entities (`&amp;` and friends)
/// are decoded. Cue order is kept as in the file.
public struct Captions: Sendable, Hashable, Codable {
    /// The caption file formats.
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        /// SubRip: numbered blocks with `hh:mm:ss,mmm --> hh:mm:ss,mmm` lines.
        case srt
        /// WebVTT: a `WEBVTT` header, then cues with `[hh:]mm:ss.mmm --> [hh:]mm:ss.mmm [settings]` lines.
        case webvtt
    }

    /// The cues, in file order.
    public var cues: [CaptionCue]

    /// Creates captions from cues.
    public init(cues: [CaptionCue]) {
        self.cues = cues
    }

    /// Parses caption text; without a format, text starting with `WEBVTT` is WebVTT and anything else SubRip.
    /// `file` names the source in error messages.
    public static func parse(_ text: String, format: Format? = nil, file: String = "captions") throws(CaptionsError)
        -> Captions
    {
        var parser = CaptionsParser(text: text, file: file)
        let format = format ?? (parser.startsWithWebVTTHeader ? .webvtt : .srt)
        return Captions(cues: try parser.parse(format))
    }

    /// The same captions later by `offset` (earlier when negative).
    public func shifted(by offset: MediaTime) -> Captions {
        Captions(cues: cues.map { cue in
            var moved = CaptionCue(timeRange: TimeRange(start: cue.timeRange.start + offset,
                                                        duration: cue.timeRange.duration), text: cue.text)
            moved.words = cue.words.map { Karaoke.Word(start: $0.start + offset, characters: $0.characters) }
            return moved
        })
    }

    /// The captions of a clip that plays `clipSourceRange` of its source at `target` on the timeline: cues outside
    /// the source range are dropped, cues partly inside are cut to it, and the rest move (and stretch, if the clip
    /// is sped up or slowed down) to the target range.
    public func mapped(from clipSourceRange: TimeRange, to target: TimeRange) -> Captions {
        Captions(cues: cues.compactMap { cue in
            let inside = cue.timeRange.intersection(clipSourceRange)
            guard inside.isValid, inside.duration > .zero else { return nil }
            let start = TimeRange.map(inside.start, from: clipSourceRange, to: target)
            let end = TimeRange.map(inside.end, from: clipSourceRange, to: target)
            guard start.isNumeric, end.isNumeric, end > start else { return nil }
            var mapped = CaptionCue(timeRange: TimeRange(start: start, end: end), text: cue.text)
            mapped.words = cue.words.map { word in
                let time = MediaTime.maximum(inside.start, MediaTime.minimum(word.start, inside.end))
                return Karaoke.Word(start: TimeRange.map(time, from: clipSourceRange, to: target),
                                    characters: word.characters)
            }
            return mapped
        })
    }

    /// One text layer per non-empty cue, in `style` at `placement` with `animation`; with a `highlight` colour,
    /// cues with word times highlight each word from its time on (karaoke).
    public func textLayers(style: TextStyle = .caption, placement: TextPlacement = .anchored(.bottom),
                           animation: TextAnimation = .none, highlight: Color? = nil) -> [TextLayer] {
        cues.filter { !$0.text.isEmpty }.map { cue in
            var layer = TextLayer(text: cue.text, timeRange: cue.timeRange, style: style, placement: placement,
                                  animation: animation)
            if let highlight, !cue.words.isEmpty { layer.karaoke = Karaoke(words: cue.words, color: highlight) }
            return layer
        }
    }
}

extension TextStyle {
    /// The default caption look: white DejaVu Sans at 5% of the height on a translucent black box.
    public static let caption = TextStyle(
        size: 0.05, outlineWidth: 0, boxColor: Color(red: 0, green: 0, blue: 0, alpha: 0.6), boxPadding: 0.008)
}
