/// The part of a source line a diagnostic quotes: the whole line when it is short, else a window around the error's
/// column with `...` where it was cut, so a 20 MB line costs a few dozen characters per message, not 20 MB.
public struct LineExcerpt: Sendable, Hashable, Codable {
    /// Lines up to this many Unicode scalars are quoted whole.
    public static let maxScalars = 160
    /// Scalars kept on each side of the column when a line is cut.
    public static let context = 70
    /// What marks a cut.
    static let marker = "..."

    /// The quoted text.
    public var text: String
    /// How far left the caret moves because the front of the line was cut: the caret's column in `text` is the
    /// location's column minus `shift`.
    public var shift: Int

    /// An excerpt as given.
    public init(text: String, shift: Int) {
        self.text = text
        self.shift = shift
    }

    /// The excerpt of `line` for a caret at 1-based scalar `column`.
    public init(line: String, column: Int) {
        let count = line.unicodeScalars.count
        guard count > Self.maxScalars else {
            self.init(text: line, shift: 0)
            return
        }
        let window = Self.window(column: column, count: count)
        let scalars = line.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: window.lowerBound)
        let end = scalars.index(start, offsetBy: window.count)
        self.init(window: String(scalars[start..<end]), range: window, count: count)
    }

    /// The excerpt made of `text`, which holds scalars `range` of a line of `count` scalars.
    public init(window text: String, range: Range<Int>, count: Int) {
        let front = range.lowerBound > 0 ? Self.marker : ""
        let back = range.upperBound < count ? Self.marker : ""
        self.init(text: front + text + back, shift: range.lowerBound - front.unicodeScalars.count)
    }

    /// Which scalars of a line of `count` scalars to keep for a caret at `column`: all of them when the line is
    /// short, else `context` on each side of the column (more on one side when the other reaches an end).
    public static func window(column: Int, count: Int) -> Range<Int> {
        guard count > maxScalars else { return 0..<count }
        let caret = min(max(column - 1, 0), count)
        let start = max(0, min(caret - context, count - 2 * context))
        return start..<min(count, start + 2 * context)
    }
}
