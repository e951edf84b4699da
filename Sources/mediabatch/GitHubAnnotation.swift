import MediaCore

/// A problem as a GitHub Actions workflow command (`::error file=m/a.yaml,line=9,col=14::message`), which a
/// workflow's run shows on the manifest's line. Notes become `notice` annotations at their own places.
enum GitHubAnnotation {
    /// The workflow command of `diagnostic`, one line.
    static func line(for diagnostic: Diagnostic) -> String {
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=" + escapedProperty(location.file))
            if location.line > 0 { properties.append("line=\(location.line)") }
            if location.column > 0 { properties.append("col=\(location.column)") }
        }
        let head = properties.isEmpty ? "::\(command)" : "::\(command) " + properties.joined(separator: ",")
        // Control characters a manifest's text may carry are shown escaped, as on the terminal.
        return TerminalText.escaped(head + "::" + escapedMessage(diagnostic.message))
    }

    /// A message with the characters a workflow command reads specially written as `%XX`.
    private static func escapedMessage(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value, where `:` and `,` are special too.
    private static func escapedProperty(_ text: String) -> String {
        escapedMessage(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
