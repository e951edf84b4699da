import Foundation
import MediaCore
import Testing

/// `SortedJSONEncoder` writes the bytes of Foundation's `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`,
/// compact and pretty (fingerprints and plans written by either must match), for every shape `Encodable` types take.
struct SortedJSONEncoderTests {
    struct Point: Codable { var y = 2.5, x = -1, label: String? = nil, tag: String? = "p" }
    enum Shape: Codable { case circle(radius: Double), box(Point, Point), none, named(String) }
    struct Empty: Encodable { func encode(to encoder: any Encoder) throws {} }
    /// Writes one key twice and another after a nested container, as hand-written `encode(to:)` may.
    struct Repeats: Encodable {
        enum Keys: String, CodingKey { case b, a, c, list }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .b)
            var nested = container.nestedUnkeyedContainer(forKey: .list)
            try nested.encode("x")
            var inner = nested.nestedContainer(keyedBy: Keys.self)
            try inner.encode(true, forKey: .c)
            try container.encode(2, forKey: .b)
            try container.encodeNil(forKey: .a)
        }
    }
    /// A subclass-style value: its parent's part under `super`, one that writes nothing under a key.
    struct Layered: Encodable {
        enum Keys: String, CodingKey { case own, parent }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("mine", forKey: .own)
            try Point().encode(to: container.superEncoder())
            _ = container.superEncoder(forKey: .parent)
        }
    }
    struct Numbers: Codable {
        var values: [Double] = [0.1, 1, -0, 1e-7, 1e21, 123456789.125, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var small: [Float] = [0.1, 3, 1e-3]
        var integers: [Int64] = [.min, .max, 0]
        var unsigned: [UInt64] = [.max]
        var bytes: [Int8] = [-128, 127]
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var value: any Encodable & Sendable
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "struct with optionals", value: Point(label: nil)),
        Row(name: "enum cases", value: [Shape.circle(radius: 2), .box(Point(), Point(y: 0, x: 3)), .none, .named("n")]),
        Row(name: "numbers", value: Numbers()),
        Row(name: "strings", value: ["", "a/b\\c\"d", "tab\there\nline\r\u{08}\u{0C}\u{01}\u{1F}\u{7F}", "é 🎉 日本"]),
        Row(name: "dictionaries", value: ["zeta": 1, "alpha": 2, "Beta": 3, "beta": 4, "é": 5, "10": 6, "9": 7]),
        Row(name: "integer keys", value: [10: "ten", 2: "two", -1: "minus"]),
        Row(name: "nested arrays and empties", value: [[[Int]](), [[1, 2], []]]),
        Row(name: "a value that writes nothing", value: ["a": Empty()]),
        Row(name: "an empty dictionary", value: [String: Int]()),
        Row(name: "repeated keys and nested containers", value: Repeats()),
        Row(name: "super encoders", value: Layered()),
        Row(name: "URL, Data, Decimal, Date", value: Special()),
        Row(name: "a string alone", value: "fragment/with slash"),
        Row(name: "nil alone", value: Optional<Int>.none),
        Row(name: "a number alone", value: 42.0),
    ]

    struct Special: Encodable {
        var file = URL(fileURLWithPath: "/tmp/a b/c.mp4")
        var web = URL(string: "https://example.com/a?b=c&d=%20")!
        var data = Data([0, 1, 2, 250, 255])
        var decimal = Decimal(string: "12.50")!
        var date = Date(timeIntervalSinceReferenceDate: 1234.5)
    }

    /// Compact, pretty, and compact with slashes escaped (as segment keys record their JSON parts).
    static let layouts: [(pretty: Bool, escapesSlashes: Bool)] = [(false, false), (true, false), (false, true)]

    @Test(arguments: rows, layouts)
    func writesTheBytesOfFoundationsEncoder(_ row: Row, layout: (pretty: Bool, escapesSlashes: Bool)) throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        if layout.pretty { foundation.outputFormatting.insert(.prettyPrinted) }
        if !layout.escapesSlashes { foundation.outputFormatting.insert(.withoutEscapingSlashes) }
        let expected = try foundation.encode(row.value)
        let actual = try SortedJSONEncoder(prettyPrinted: layout.pretty, escapesSlashes: layout.escapesSlashes)
            .encode(row.value)
        #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func passesUserInfoOn() throws {
        var encoder = SortedJSONEncoder()
        encoder.userInfo[.leavesOutLocations] = true
        let location = SourceLocation(file: "m.yaml", line: 3, column: 4)
        #expect(String(decoding: try encoder.encode(["at": location]), as: UTF8.self) == #"{"at":null}"#)
        #expect(String(decoding: try SortedJSONEncoder().encode(location), as: UTF8.self)
                == #"{"column":4,"file":"m.yaml","line":3}"#)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func refusesNumbersJSONCannotHold(_ number: Double) {
        #expect(throws: EncodingError.self) { try SortedJSONEncoder().encode(["n": number]) }
    }
}
