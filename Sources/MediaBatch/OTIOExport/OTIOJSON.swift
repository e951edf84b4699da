import Foundation

/// A JSON value with its object keys in the order written, printed the way OpenTimelineIO prints its files
/// (four-space indents, `OTIO_SCHEMA` first), so the same composition always gives the same bytes.
indirect enum OTIOJSON: Sendable {
    /// An object, keys in order.
    case object([(String, OTIOJSON)])
    /// A list.
    case array([OTIOJSON])
    /// Text.
    case string(String)
    /// A number, already formatted.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// An OTIO object of `schema` with `fields` after its `OTIO_SCHEMA`.
    static func schema(_ schema: String, _ fields: [(String, OTIOJSON)]) -> OTIOJSON {
        .object([("OTIO_SCHEMA", .string(schema))] + fields)
    }

    /// A whole number or a decimal, as JSON prints it.
    static func number(_ value: Double) -> OTIOJSON {
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(format: "%.1f", value)) }
        return .number("\(value)")
    }

    /// The value as text, indented `level` steps.
    func text(level: Int = 0) -> String {
        let indent = String(repeating: "    ", count: level), inner = String(repeating: "    ", count: level + 1)
        switch self {
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            let body = pairs.map { "\(inner)\(Self.quoted($0.0)): \($0.1.text(level: level + 1))" }
            return "{\n" + body.joined(separator: ",\n") + "\n\(indent)}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.text(level: level + 1) }.joined(separator: ",\n") + "\n\(indent)]"
        case .string(let value): return Self.quoted(value)
        case .number(let value): return value
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    /// `value` as a JSON string literal.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
