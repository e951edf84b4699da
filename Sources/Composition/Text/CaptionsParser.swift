import MediaCore

/// The line-by-line reader behind `Captions.parse`.
struct CaptionsParser {
    private let lines: [Substring]
    private let file: String

    init(text: String, file: String) {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        // Swift treats "\r\n" as one Character, so splitting on newlines handles CRLF, LF and CR files alike.
        lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        self.file = file
    }

    var startsWithWebVTTHeader: Bool {
        guard let first = lines.first, first.hasPrefix("WEBVTT") else { return false }
        let rest = first.dropFirst(6)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }

    /// The cues of the whole text.
    mutating func parse(_ format: Captions.Format) throws(CaptionsError) -> [CaptionCue] {
        var cues: [CaptionCue] = []
        var index = 0
        if format == .webvtt {
            guard startsWithWebVTTHeader else { throw .missingHeader(file: file) }
            index = skipBlock(from: 0)
        }
        while true {
            index = skipBlank(from: index)
            guard index < lines.count else { break }
            let first = trimmed(lines[index])
            if format == .webvtt, first == "NOTE" || first.hasPrefix("NOTE ") || first.hasPrefix("NOTE\t")
                || first == "STYLE" || first == "REGION" {
                index = skipBlock(from: index)
                continue
            }
            var timingLine = index
            if !first.contains("-->") {
                // A cue number (SubRip) or identifier (WebVTT) comes before the timing line.
                timingLine = index + 1
                guard timingLine < lines.count, lines[timingLine].contains("-->") else {
                    let line = format == .srt && first.allSatisfy(\.isNumber) ? index + 1 : index
                    let found = line < lines.count ? String(trimmed(lines[line])) : ""
                    throw .missingTiming(file: file, line: line + 1, found: found)
                }
            }
            let range = try timing(lines[timingLine], line: timingLine + 1, format: format)
            var text: [(text: String, marks: [WordMark])] = []
            index = timingLine + 1
            while index < lines.count, !trimmed(lines[index]).isEmpty {
                let line = timingLine + 1
                text.append(Self.markedText(String(lines[index]), timestamp: { stamp in
                    format == .webvtt ? try? timestamp(stamp, line: line, format: .webvtt) : nil
                }))
                index += 1
            }
            var cue = CaptionCue(timeRange: range, text: text.map(\.text).joined(separator: "\n"))
            cue.words = Self.words(text, start: range.start)
            cues.append(cue)
        }
        return cues
    }

    /// The range of a `start --> end [settings]` line.
    private func timing(_ text: Substring, line: Int, format: Captions.Format) throws(CaptionsError) -> TimeRange {
        let arrow = text.range(of: "-->")!
        let startText = trimmed(text[..<arrow.lowerBound])
        let after = trimmed(text[arrow.upperBound...])
        // WebVTT cue settings (and SubRip's rare X1:... coordinates) follow the end time after white space.
        let endText = after.prefix { $0 != " " && $0 != "\t" }
        let start = try timestamp(startText, line: line, format: format)
        let end = try timestamp(endText, line: line, format: format)
        guard end >= start else {
            throw .endBeforeStart(file: file, line: line, start: String(startText), end: String(endText))
        }
        return TimeRange(start: start, end: end)
    }

    /// `hh:mm:ss,mmm` / `hh:mm:ss.mmm` / `mm:ss.mmm` as exact milliseconds (1 to 3 fraction digits accepted).
    private func timestamp(_ text: Substring, line: Int, format: Captions.Format) throws(CaptionsError) -> MediaTime {
        let expected = format == .srt ? "hh:mm:ss,mmm" : "[hh:]mm:ss.mmm"
        let failure = CaptionsError.invalidTimestamp(file: file, line: line, timestamp: String(text), expected: expected)
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, let last = fields.last else { throw failure }
        let secondsParts = last.split(omittingEmptySubsequences: false) { $0 == "," || $0 == "." }
        guard secondsParts.count == 2, let fraction = secondsParts.last, (1...3).contains(fraction.count) else {
            throw failure
        }
        let numbers = fields.dropLast().map { String($0) } + [String(secondsParts[0]), String(fraction)]
        guard numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              numbers.dropFirst(numbers.count - 2).allSatisfy({ $0.count <= 3 }) else { throw failure }
        let values = numbers.map { Int64($0) ?? Int64.max }
        let hours = fields.count == 3 ? values[0] : 0
        let minutes = values[values.count - 3], seconds = values[values.count - 2]
        guard hours < 1_000_000, minutes < 60, seconds < 60 else { throw failure }
        var milliseconds = values[values.count - 1]
        for _ in fraction.count..<3 { milliseconds *= 10 }
        return MediaTime(value: ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds, timescale: 1000)
    }

    /// The index after the block starting at `index` (the next blank line or the end).
    private func skipBlock(from index: Int) -> Int {
        var index = index
        while index < lines.count, !trimmed(lines[index]).isEmpty { index += 1 }
        return index
    }

    private func skipBlank(from index: Int) -> Int {
        var index = index
        while index < lines.count, trimmed(lines[index]).isEmpty { index += 1 }
        return index
    }

    private func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    /// A caption line without markup tags or `{\...}` overrides, with entities decoded.
    static func plainText(_ line: String) -> String {
        markedText(line, timestamp: { _ in nil }).text
    }

    /// A caption line's plain text, and the word marks in it at grapheme offsets of that text: a WebVTT inline time
    /// stamp (`<00:00:01.500>`, read by `timestamp`) starts the text after it at that time; an ASS-style
    /// `{\k50}` (`\K`, `\kf`, `\ko`) gives the text after it that many centiseconds.
    static func markedText(_ line: String, timestamp: (Substring) -> MediaTime?) -> (text: String, marks: [WordMark]) {
        var result = ""
        var marks: [WordMark] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "<", let close = line[index...].firstIndex(of: ">") {
                if let time = timestamp(line[line.index(after: index)..<close]) {
                    marks.append(WordMark(offset: result.count, kind: .at(time)))
                }
                index = line.index(after: close)
                continue
            }
            if character == "{", line[line.index(after: index)...].first == "\\",
               let close = line[index...].firstIndex(of: "}") {
                if let length = karaokeLength(line[line.index(after: index)..<close]) {
                    marks.append(WordMark(offset: result.count, kind: .lasting(length)))
                }
                index = line.index(after: close)
                continue
            }
            if character == "&", let semicolon = line[index...].prefix(10).firstIndex(of: ";"),
               let decoded = entities[String(line[line.index(after: index)..<semicolon])] {
                result.append(decoded)
                index = line.index(after: semicolon)
                continue
            }
            result.append(character)
            index = line.index(after: index)
        }
        let leading = result.prefix { $0 == " " || $0 == "\t" }.count
        let text = result.trimmingSpaces()
        return (text, marks.map { WordMark(offset: min(text.count, max(0, $0.offset - leading)), kind: $0.kind) })
    }

    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "lrm": "\u{200E}",
        "rlm": "\u{200F}",
    ]
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
