#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds lines in UTF-8 bytes with `memchr`, so quoting a line of a 50 MB input stays fast even in debug builds.
/// Lines end at `\n`, `\r\n` or a lone `\r`, as libyaml counts them.
struct LineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var nextLF: Int
    private var nextCR: Int
    private var searchedLF = -1
    private var searchedCR = -1

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        nextLF = -1
        nextCR = -1
    }

    /// Byte range of 1-based line `n` without its break, or nil when there is no such line.
    static func range(ofLine n: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard n >= 1 else { return nil }
        var scanner = LineScanner(bytes)
        var start = 0
        for _ in 1..<n {
            guard let (_, next) = scanner.lineBreak(from: start) else { return nil }
            start = next
        }
        return start..<(scanner.lineBreak(from: start)?.at ?? bytes.count)
    }

    /// 1-based line and column (in Unicode scalars) of byte `offset`.
    static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var scanner = LineScanner(bytes)
        var line = 1
        var start = 0
        while let (at, next) = scanner.lineBreak(from: start), at < offset {
            line += 1
            start = next
        }
        let prefix = UnsafeBufferPointer(rebasing: bytes[start..<max(start, offset)])
        return (line, String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1)
    }

    /// The first line break at or after `start`: where it is and where the next line begins. Each byte is searched
    /// once for a scan that moves forward: a search that found nothing is not repeated (that made quoting line N
    /// of a file without carriage returns cost N full scans).
    mutating func lineBreak(from start: Int) -> (at: Int, next: Int)? {
        if searchedLF < 0 || start < searchedLF || (nextLF >= 0 && nextLF < start) {
            nextLF = find(0x0A, from: start)
            searchedLF = start
        }
        if searchedCR < 0 || start < searchedCR || (nextCR >= 0 && nextCR < start) {
            nextCR = find(0x0D, from: start)
            searchedCR = start
        }
        switch (nextLF, nextCR) {
        case (-1, -1):
            return nil
        case (let lf, let cr) where cr >= 0 && (lf < 0 || cr < lf):
            return (cr, cr + 1 == lf ? lf + 1 : cr + 1)
        case (let lf, _):
            return (lf, lf + 1)
        }
    }

    /// Index of the first `byte` at or after `start`, or -1.
    private func find(_ byte: UInt8, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return -1 }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return -1 }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
