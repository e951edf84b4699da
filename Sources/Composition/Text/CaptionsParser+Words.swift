import MediaCore

extension CaptionsParser {
    /// Where a word's time is given in a caption line.
    struct WordMark {
        enum Kind {
            /// The text after the mark starts at this time (WebVTT).
            case at(MediaTime)
            /// The text after the mark lasts this long, after the syllables before it (ASS `\k`).
            case lasting(MediaTime)
        }

        /// Grapheme clusters of the line's plain text before the mark.
        var offset: Int
        var kind: Kind
    }

    /// The length an override block (`\k50`, `\kf120`, `\K8`, `\ko30`, among other tags) gives in centiseconds.
    static func karaokeLength(_ block: Substring) -> MediaTime? {
        for tag in block.split(separator: "\\") {
            let name = tag.prefix { $0.isLetter }
            guard ["k", "K", "kf", "ko"].contains(String(name)) else { continue }
            let digits = tag.dropFirst(name.count)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits) else {
                continue
            }
            return MediaTime(value: value * 10, timescale: 1000)
        }
        return nil
    }

    /// The timed words of a cue starting at `start` whose lines' plain texts and marks are `lines`: each mark starts
    /// a word (the text up to the next mark, spaces trimmed); text before the first mark starts with the cue.
    static func words(_ lines: [(text: String, marks: [WordMark])], start: MediaTime) -> [Karaoke.Word] {
        guard lines.contains(where: { !$0.marks.isEmpty }) else { return [] }
        var starts: [(offset: Int, time: MediaTime)] = [(0, start)]
        var base = 0, running = start
        for line in lines {
            for mark in line.marks {
                switch mark.kind {
                case .at(let time):
                    starts.append((base + mark.offset, time))
                case .lasting(let length):
                    starts.append((base + mark.offset, running))
                    running = running + length
                }
            }
            base += line.text.count + 1
        }
        let characters = Array(lines.map(\.text).joined(separator: "\n"))
        var words: [Karaoke.Word] = []
        for (index, word) in starts.enumerated() {
            var lower = word.offset, upper = index + 1 < starts.count ? starts[index + 1].offset : characters.count
            upper = min(upper, characters.count)
            while lower < upper, characters[lower].isWhitespace { lower += 1 }
            while upper > lower, characters[upper - 1].isWhitespace { upper -= 1 }
            guard upper > lower else { continue }
            words.append(Karaoke.Word(start: word.time, characters: lower..<upper))
        }
        return words
    }
}
