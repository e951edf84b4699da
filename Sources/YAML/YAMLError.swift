public import MediaCore

/// Why a YAML input could not be turned into documents; each located case carries the text of its line for the caret.
public enum YAMLError: Error, CustomStringConvertible, Sendable, Hashable {
    /// libyaml's scanner or parser rejected the text: its problem, and the construct being read when it happened.
    case syntax(problem: String, context: String?, contextLocation: SourceLocation?, at: SourceLocation, sourceLine: String?)
    /// The bytes are not readable text (invalid UTF-8, control characters); `value` is the offending byte or code point.
    case invalidText(problem: String, value: Int?, at: SourceLocation, sourceLine: String?)
    /// `*name` refers to no anchor defined before it.
    case unknownAlias(name: String, at: SourceLocation, sourceLine: String?)
    /// The document holds more than `limit` nodes; `alias` names the alias that crossed the limit, if one did.
    case tooManyNodes(limit: Int, alias: String?, at: SourceLocation, sourceLine: String?)
    /// Collections nest more than `limit` levels deep (aliases included).
    case tooDeep(limit: Int, at: SourceLocation, sourceLine: String?)
    /// The input is larger than `limit` bytes; refused before parsing.
    case tooLarge(file: String, size: Int, limit: Int)
    /// The file could not be read; `reason` is the system's lowercase explanation.
    case unreadableFile(path: String, reason: String)
    /// A single document was expected and a second one starts here.
    case multipleDocuments(at: SourceLocation, sourceLine: String?)
    /// A merge key `<<` whose value is not a mapping or a sequence of mappings; `found` names what it is.
    case invalidMerge(found: String, at: SourceLocation, sourceLine: String?)
    /// A mapping repeats the key `key`, first written at `firstLocation`.
    case duplicateKey(key: String, firstLocation: SourceLocation, at: SourceLocation, sourceLine: String?)

    /// Where the problem is, when it has a place in a file.
    public var location: SourceLocation? {
        switch self {
        case .syntax(_, _, _, let at, _), .invalidText(_, _, let at, _), .unknownAlias(_, let at, _),
            .tooManyNodes(_, _, let at, _), .tooDeep(_, let at, _), .multipleDocuments(let at, _),
            .invalidMerge(_, let at, _), .duplicateKey(_, _, let at, _):
            return at
        case .tooLarge(let file, _, _):
            return SourceLocation(file: file, line: 1, column: 1)
        case .unreadableFile:
            return nil
        }
    }

    /// The text of the line at `location`, if kept.
    public var sourceLine: String? {
        switch self {
        case .syntax(_, _, _, _, let line), .invalidText(_, _, _, let line), .unknownAlias(_, _, let line),
            .tooManyNodes(_, _, _, let line), .tooDeep(_, _, let line), .multipleDocuments(_, let line),
            .invalidMerge(_, _, let line), .duplicateKey(_, _, _, let line):
            return line
        case .tooLarge, .unreadableFile:
            return nil
        }
    }

    /// The lowercase message, without location.
    public var message: String {
        switch self {
        case .syntax(let problem, let context, let contextLocation, let at, let sourceLine):
            var text = problem
            if let context {
                text += " " + context
                if let contextLocation, contextLocation != at {
                    text += " that started at \(contextLocation.line):\(contextLocation.column)"
                }
            }
            if let sourceLine, at.column >= 1, sourceLine.unicodeScalars.dropFirst(at.column - 1).first == "\t" {
                text += "; indent with spaces, YAML does not allow tabs there"
            }
            return text
        case .invalidText(let problem, let value, _, _):
            guard let value else { return problem }
            if problem.contains("octet") { return problem + " 0x" + hex(value, width: 2) }
            return problem + " (U+" + hex(value, width: 4) + ")"
        case .unknownAlias(let name, _, _):
            return "unknown alias '\(name)'; define the anchor '&\(name)' before using it"
        case .tooManyNodes(let limit, let alias?, _, _):
            return "document expands to more than \(limit) nodes through aliases; alias '\(alias)' crosses the limit"
        case .tooManyNodes(let limit, nil, _, _):
            return "document has more than \(limit) nodes; split it into smaller files"
        case .tooDeep(let limit, _, _):
            return "collections nest more than \(limit) levels deep; flatten the document"
        case .tooLarge(_, let size, let limit):
            return "document is \(size) bytes, more than the limit of \(limit) bytes"
        case .unreadableFile(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .multipleDocuments:
            return "expected a single document but another one starts here; put each document in its own file"
        case .invalidMerge(let found, _, _):
            return "merge key '<<' needs a mapping or a sequence of mappings, found \(found)"
        case .duplicateKey(let key, let first, _, _):
            return "duplicate key '\(key)'; first defined at \(first.line):\(first.column)"
        }
    }

    /// The error as a diagnostic, ready for reports.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, at: location, message, sourceLine: sourceLine)
    }

    /// `path:line:col: error: message`, then the source line and a caret.
    public var description: String { diagnostic.description }

    private func hex(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: width == 4)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
