/// A command-line value the manifests cannot satisfy (exit status 64): a `--preset` no preset folder or manifest
/// defines, an `--only` pattern no output matches.
public enum PlanArgumentError: Sendable, Hashable {
    /// `--preset NAME` names no preset; `suggestion` is the nearest name.
    case unknownPreset(String, suggestion: String?)
    /// These `--only` patterns match no output; `nearest` are the output names closest to them.
    case unmatchedPatterns([String], nearest: [String])

    /// The option the value was given to.
    public var option: String {
        switch self {
        case .unknownPreset: "--preset"
        case .unmatchedPatterns: "--only"
        }
    }

    /// The values at fault, as given.
    public var values: [String] {
        switch self {
        case .unknownPreset(let name, _): [name]
        case .unmatchedPatterns(let patterns, _): patterns
        }
    }

    /// The message without the `mediabatch: error:` prefix.
    public var message: String {
        switch self {
        case let .unknownPreset(name, suggestion):
            return "unknown preset '\(name)' for '--preset'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .unmatchedPatterns(patterns, nearest):
            let quoted = patterns.map { "'\($0)'" }.joined(separator: ", ")
            var text = patterns.count == 1 ? "--only \(quoted) matches no output" : "--only patterns \(quoted) match no output"
            if !nearest.isEmpty { text += "; nearest output names: " + nearest.map { "'\($0)'" }.joined(separator: ", ") }
            return text
        }
    }
}
