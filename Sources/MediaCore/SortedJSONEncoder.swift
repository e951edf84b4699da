public import Foundation

/// Encodes a value as JSON with every object's keys sorted by their UTF-8 bytes: the bytes Foundation's `JSONEncoder`
/// writes with `.sortedKeys` and `.withoutEscapingSlashes`, and `.prettyPrinted` when asked (URLs as their absolute
/// string, `Data` in base64, non-finite numbers refused), written while the value is walked instead of through a
/// tree of boxed values. Fingerprinting thousands of outputs encodes every job's composition, and `plan --json`
/// prints it, and the tree was most of the cost.
///
/// Containers are closed when the code that opened them returns or writes to a container further out, as
/// `Encodable` implementations (synthesized or written like them) do; writing to a container after that is refused
/// with an error.
public struct SortedJSONEncoder {
    /// Values the encoded types can read (`Encoder.userInfo`).
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// One entry or value per line, indented two spaces a level, `"key" : value`, as `.prettyPrinted` writes.
    public var prettyPrinted: Bool
    /// `/` written as `\/`, as Foundation does without `.withoutEscapingSlashes` (keys recorded that way).
    public var escapesSlashes: Bool

    /// An encoder with no user info, compact unless `prettyPrinted`, slashes as they are unless `escapesSlashes`.
    public init(prettyPrinted: Bool = false, escapesSlashes: Bool = false) {
        self.prettyPrinted = prettyPrinted
        self.escapesSlashes = escapesSlashes
    }

    /// `value` as JSON with sorted keys.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let writer = JSONStreamWriter(userInfo: userInfo, pretty: prettyPrinted, escapesSlashes: escapesSlashes)
        try writer.write(value, level: 0)
        return Data(writer.bytes)
    }
}

/// The bytes written so far and the containers still open, innermost last.
final class JSONStreamWriter {
    /// An open object or array.
    struct Frame {
        var id: Int32
        var isObject: Bool
        /// Where its `{` or `[` is.
        var start: Int
        /// Values (arrays) or entries (objects) written.
        var count = 0
        /// Objects: where each entry's `"key"` starts, with its key; entries are separated by a comma (and, pretty,
        /// a line break and the entries' indent).
        var entries: [(key: String, start: Int)] = []
        /// Objects: whether the keys came in strictly ascending order, so nothing needs moving.
        var inOrder = true
        /// Where a super encoder's value starts, until the container is written to again: if it wrote nothing, the
        /// value is `{}`, as for any value that writes nothing.
        var superValue: Int?
    }

    // Unchecked: one writer serves one `encode` call on one thread, and the runtime's check of each access to these
    // was a fifth of the time.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) private(set) var frames: [Frame] = []
    @exclusivity(unchecked) private var nextID: Int32 = 0
    let userInfo: [CodingUserInfoKey: Any]
    let pretty: Bool
    let escapesSlashes: Bool

    init(userInfo: [CodingUserInfoKey: any Sendable], pretty: Bool, escapesSlashes: Bool) {
        self.userInfo = userInfo
        self.pretty = pretty
        self.escapesSlashes = escapesSlashes
        bytes.reserveCapacity(4096)
    }

    /// Writes `value` into the slot made ready for it, by an encoder whose containers open at `level`.
    func write<T: Encodable>(_ value: T, level: Int) throws {
        // Exact type checks, cheaper than casts (so the value is of that type, and `unsafeBitCast` only names it).
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writeText(String(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Double.self {
            try writeNumber(unsafeBitCast(value, to: Double.self))
        } else if T.self == Bool.self {
            writeText(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if T.self == Decimal.self {
            writeText((value as! Decimal).description)
        } else {
            let before = bytes.count
            try value.encode(to: StreamEncoder(writer: self, level: level))
            try close(above: level)
            if bytes.count == before { writeEmptyObject(at: level) }
        }
    }

    /// Closes every container from `level` up (the code that wrote them has moved on).
    func close(above level: Int) throws {
        while frames.count > level {
            fillSuperValue(at: frames.count - 1)
            let frame = frames.removeLast()
            if frame.isObject, !frame.inOrder { sortEntries(of: frame, at: frames.count) }
            if pretty {
                bytes.append(UInt8(ascii: "\n"))
                indent(frames.count)
            }
            bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Makes `frame` (at `level`) the innermost open container, closing those inside it.
    func resume(_ id: Int32, at level: Int) throws {
        try close(above: level + 1)
        guard frames.count == level + 1, frames[level].id == id else {
            throw EncodingError.invalidValue(id, EncodingError.Context(codingPath: [],
                debugDescription: "a JSON container was written to after a container outside it"))
        }
        fillSuperValue(at: level)
    }

    /// Marks the slot just made ready as a super encoder's, to be filled with `{}` if it writes nothing.
    func awaitSuperValue(at level: Int) {
        frames[level].superValue = bytes.count
    }

    private func fillSuperValue(at level: Int) {
        guard let start = frames[level].superValue else { return }
        frames[level].superValue = nil
        if bytes.count == start { writeEmptyObject(at: level + 1) }
    }

    /// Opens an object or array at `level` (the slot is ready), or returns the one already open there for the same
    /// encoder; its id.
    func open(object: Bool, at level: Int) -> Int32 {
        if frames.count > level, frames[level].isObject == object {
            try? close(above: level + 1)
            return frames[level].id
        }
        nextID &+= 1
        frames.append(Frame(id: nextID, isObject: object, start: bytes.count))
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        return nextID
    }

    /// Makes the slot for the next value of the array at `level`.
    func beginElement(at level: Int) {
        separate(at: level)
        frames[level].count += 1
    }

    /// The comma before every value but the first, and, pretty, the line break before it and its indent.
    private func separate(at level: Int) {
        if frames[level].count > 0 { bytes.append(UInt8(ascii: ",")) }
        guard pretty else { return }
        if frames[level].count > 0 { bytes.append(UInt8(ascii: "\n")) }
        indent(level + 1)
    }

    private func indent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// The value of something that wrote nothing, at `level`: an empty object.
    private func writeEmptyObject(at level: Int) {
        guard pretty else { return writeText("{}") }
        writeText("{\n\n")
        indent(level)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Makes the slot for `key`'s value in the object at `level`.
    func beginEntry(_ key: String, at level: Int) {
        separate(at: level)
        if let last = frames[level].entries.last, !last.key.utf8.lexicographicallyPrecedes(key.utf8) {
            frames[level].inOrder = false
        }
        frames[level].entries.append((key, bytes.count))
        frames[level].count += 1
        writeString(key)
        if pretty { bytes += [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")] } else { bytes.append(UInt8(ascii: ":")) }
    }

    /// Puts an object's entries (at `level`) in key order; the last one written wins for a repeated key.
    private func sortEntries(of frame: Frame, at level: Int) {
        let end = bytes.count
        let entries = frame.entries
        let separator: [UInt8] = pretty ? [UInt8(ascii: ","), UInt8(ascii: "\n")] + repeatElement(UInt8(ascii: " "), count: 2 * (level + 1))
            : [UInt8(ascii: ",")]
        // Stable, so of entries with one key the last written comes last and is the one kept.
        let order = entries.indices.sorted { a, b in
            entries[a].key.utf8.lexicographicallyPrecedes(entries[b].key.utf8) || (entries[a].key == entries[b].key && a < b)
        }
        let first = entries[0].start
        var sorted: [UInt8] = []
        sorted.reserveCapacity(end - first)
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, entries[order[position + 1]].key == entries[index].key { continue }
            if !sorted.isEmpty { sorted += separator }
            let stop = index + 1 < entries.count ? entries[index + 1].start - separator.count : end
            sorted += bytes[entries[index].start..<stop]
        }
        bytes.replaceSubrange(first..<end, with: sorted)
    }

    func writeText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    func writeNumber<F: BinaryFloatingPoint & CustomStringConvertible>(_ number: F) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, EncodingError.Context(codingPath: [],
                debugDescription: "Unable to encode \(F.self).\(number) directly in JSON."))
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        writeText(text)
    }

    /// `text` quoted, with quotes, backslashes and control characters escaped as JSON requires (slashes too when
    /// `escapesSlashes`).
    func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        let slash: UInt8 = escapesSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == slash }) {
            bytes.append(contentsOf: utf8)
        } else {
            for byte in utf8 { appendEscaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "/") where escapesSlashes: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "/")]
        case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x00..<0x20:
            let digits = Array("0123456789abcdef".utf8)
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                      digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
        default: bytes.append(byte)
        }
    }
}
