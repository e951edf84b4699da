import MediaCore
import Synchronization

/// Where the lines of a source start, and where the scalars of its long lines start, found once on first use, so
/// quoting line N under a diagnostic costs the same for line 1 and line 1 000 000, and an excerpt of a 20 MB line
/// costs the same at column 10 and column 10 000 000: thousands of diagnostics stay linear in the input's size.
final class LineIndex: Sendable {
    /// One line start in `stride` is kept (memory stays small even for a file of empty lines).
    static let stride = 32
    /// Lines longer than this many bytes get scalar checkpoints.
    static let longLine = 4096
    /// A scalar checkpoint every this many scalars of a long line.
    static let scalarStride = 1024

    private struct LongLine {
        /// The line's length in scalars.
        var count: Int
        /// The byte offset (from the line's start) of scalar `k * scalarStride`.
        var checkpoints: [Int]
    }

    private struct State {
        /// The byte offset of line `k * stride + 1`'s start.
        var starts: [Int]?
        var longLines: [Int: LongLine] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// The byte range of 1-based line `n` without its break, or nil when there is no such line.
    func range(ofLine n: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard n >= 1 else { return nil }
        let starts = state.withLock { state in
            if let starts = state.starts { return starts }
            let starts = Self.sparseStarts(bytes)
            state.starts = starts
            return starts
        }
        let checkpoint = (n - 1) / Self.stride
        guard checkpoint < starts.count else { return nil }
        var scanner = LineScanner(bytes)
        var start = starts[checkpoint]
        for _ in 0..<((n - 1) % Self.stride) {
            guard let (_, next) = scanner.lineBreak(from: start) else { return nil }
            start = next
        }
        return start..<(scanner.lineBreak(from: start)?.at ?? bytes.count)
    }

    /// The excerpt of the line at byte range `line` for a caret at 1-based scalar `column`.
    func excerpt(of line: Range<Int>, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> LineExcerpt {
        let text = UnsafeBufferPointer(rebasing: bytes[line])
        guard line.count > Self.longLine else {
            return LineExcerpt(line: String(decoding: text, as: UTF8.self), column: column)
        }
        let long = state.withLock { state in
            if let known = state.longLines[line.lowerBound] { return known }
            let made = Self.scan(text)
            state.longLines[line.lowerBound] = made
            return made
        }
        let window = LineExcerpt.window(column: column, count: long.count)
        let from = Self.offset(ofScalar: window.lowerBound, in: text, long: long)
        let to = Self.offset(ofScalar: window.upperBound, in: text, long: long)
        let kept = String(decoding: UnsafeBufferPointer(rebasing: text[from..<to]), as: UTF8.self)
        return LineExcerpt(window: kept, range: window, count: long.count)
    }

    /// The start of every `stride`-th line.
    private static func sparseStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var scanner = LineScanner(bytes)
        var start = 0, line = 1
        while let (_, next) = scanner.lineBreak(from: start) {
            line += 1
            start = next
            if (line - 1) % stride == 0 { starts.append(start) }
        }
        return starts
    }

    /// A long line's scalar count and checkpoints.
    private static func scan(_ text: UnsafeBufferPointer<UInt8>) -> LongLine {
        var checkpoints: [Int] = []
        var count = 0
        var offset = 0
        // An index loop, not `enumerated()`: a 20 MB line is scanned in a blink even in debug builds.
        while offset < text.count {
            if text[offset] & 0xC0 != 0x80 {
                if count % scalarStride == 0 { checkpoints.append(offset) }
                count += 1
            }
            offset += 1
        }
        return LongLine(count: count, checkpoints: checkpoints)
    }

    /// The byte offset of scalar `index` (the end of the line for `index == count`).
    private static func offset(ofScalar index: Int, in text: UnsafeBufferPointer<UInt8>, long: LongLine) -> Int {
        guard index < long.count else { return text.count }
        var offset = long.checkpoints[index / scalarStride]
        var remaining = index % scalarStride
        while remaining > 0 {
            offset += 1
            while offset < text.count && text[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        return offset
    }
}
