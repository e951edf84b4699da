import MediaCore

/// A string with `{name}` placeholders; `{{` and `}}` stand for literal braces.
public struct Interpolation: Sendable, Hashable {
    /// A run of literal text or a placeholder.
    public enum Part: Sendable, Hashable {
        /// Text copied as is.
        case literal(String)
        /// A placeholder: the variable's name and its scalar offset in the original string (at the `{`).
        case variable(String, offset: Int)
    }

    /// The parts in order.
    public var parts: [Part]

    /// Why a string's placeholders cannot be read or filled; offsets count Unicode scalars from 0.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// A `{` with no `}` after it.
        case unclosedBrace(offset: Int)
        /// `{}`, or a name with characters other than letters, digits, `_`, `-` and `.`.
        case invalidName(String, offset: Int)
        /// A placeholder naming no known variable.
        case unknownVariable(String, offset: Int, known: [String])

        /// Where in the string the problem is.
        public var offset: Int {
            switch self {
            case .unclosedBrace(let offset), .invalidName(_, let offset), .unknownVariable(_, let offset, _): offset
            }
        }

        /// The message, without location.
        public var description: String {
            switch self {
            case .unclosedBrace:
                return "'{' is not closed; write '{{' for a literal brace"
            case .invalidName(let name, _):
                return name.isEmpty
                    ? "empty placeholder '{}'; write '{{}}' for literal braces"
                    : "invalid variable name '\(name)' in placeholder"
            case .unknownVariable(let name, _, let known):
                var text = "unknown variable '\(name)'"
                if let guess = Suggestion.closest(to: name, among: known) {
                    text += "; did you mean '\(guess)'?"
                } else if known.isEmpty {
                    text += "; no variables are defined here (from 'vars', 'data' or 'matrix')"
                } else {
                    text += "; known variables: " + known.sorted().map { "'\($0)'" }.joined(separator: ", ")
                }
                return text
            }
        }
    }

    /// Reads the placeholders of `text`.
    public init(parsing text: String) throws(Failure) {
        var parts: [Part] = []
        var literal = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" {
                if index + 1 < scalars.count, scalars[index + 1] == "{" {
                    literal.append("{")
                    index += 2
                    continue
                }
                guard let close = scalars[(index + 1)...].firstIndex(of: "}") else {
                    throw .unclosedBrace(offset: index)
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                guard !name.isEmpty, name.unicodeScalars.allSatisfy(Interpolation.isNameScalar) else {
                    throw .invalidName(name, offset: index)
                }
                if !literal.isEmpty { parts.append(.literal(String(literal))); literal = String.UnicodeScalarView() }
                parts.append(.variable(name, offset: index))
                index = close + 1
                continue
            }
            if scalar == "}", index + 1 < scalars.count, scalars[index + 1] == "}" {
                literal.append("}")
                index += 2
                continue
            }
            literal.append(scalar)
            index += 1
        }
        if !literal.isEmpty { parts.append(.literal(String(literal))) }
        self.parts = parts
    }

    /// Whether the string has any placeholder.
    public var hasVariables: Bool { parts.contains { if case .variable = $0 { true } else { false } } }

    /// The names the string uses, in order of first use.
    public var variableNames: [String] {
        var seen = Set<String>()
        return parts.compactMap { part in
            if case .variable(let name, _) = part, seen.insert(name).inserted { return name }
            return nil
        }
    }

    /// The string with every placeholder replaced from `variables`.
    public func resolve(_ variables: [String: String], escaping escape: (String) -> String = { $0 }) throws(Failure)
        -> String
    {
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text):
                result += text
            case .variable(let name, let offset):
                guard let value = variables[name] else {
                    throw .unknownVariable(name, offset: offset, known: Array(variables.keys))
                }
                result += escape(value)
            }
        }
        return result
    }

    /// Fills the placeholders of `text` in one step.
    public static func resolve(_ text: String, with variables: [String: String]) throws(Failure) -> String {
        guard hasBraces(text) else { return text }
        return try Interpolation(parsing: text).resolve(variables)
    }

    /// Whether `text` has a `{` or `}` at all: a byte scan, much cheaper than Foundation's `contains` on every scalar.
    static func hasBraces(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "-" || scalar == "." || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
