import Foundation
import MediaCore

/// Number formats and escaping shared by the writers.
public enum ReportText {
    /// Line breaks and other control characters become spaces (runs of spaces they make are kept short);
    /// bidirectional controls, which would reorder what follows on a terminal or a page, become visible escapes.
    static func oneLine(_ text: String) -> String {
        var result = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isBreak = scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
            if isBreak {
                if !lastWasSpace { result.unicodeScalars.append(" ") }
                lastWasSpace = true
            } else if TerminalText.isUnsafe(scalar) {
                result += TerminalText.escaped(String(scalar))
                lastWasSpace = false
            } else {
                result.unicodeScalars.append(scalar)
                lastWasSpace = scalar == " "
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// `12.50s`, or `-` when unknown.
    static func seconds(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%.2fs", value)
    }

    /// `3.91x`, or `-` when unknown.
    static func speed(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(format: "%.2fx", value)
    }

    /// Decimal units: `512 B`, `1.2 kB`, `3.4 MB`, `1.0 GB`, or `-` when unknown.
    public static func bytes(_ value: Int64?) -> String {
        guard let value else { return "-" }
        if value < 1000 { return "\(value) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var amount = Double(value) / 1000
        var unit = 0
        while amount >= 999.95, unit < units.count - 1 {
            amount /= 1000
            unit += 1
        }
        return String(format: "%.1f ", amount) + units[unit]
    }

    /// Text for XML content and attribute values: markup characters and quotes as entities, tab/LF/CR as character
    /// references (attribute normalization would turn them into spaces), other characters XML 1.0 cannot hold as U+FFFD.
    static func xml(_ text: String) -> String {
        escape(text, apostrophe: "&apos;", references: ["\t": "&#9;", "\n": "&#10;", "\r": "&#13;"]) { value in
            value < 0x20 || value == 0xFFFE || value == 0xFFFF
        }
    }

    /// Text for HTML content and quoted attribute values.
    static func html(_ text: String) -> String {
        escape(text, apostrophe: "&#39;", references: [:]) { value in value < 0x20 && value != 0x0A && value != 0x09 }
    }

    /// `&`, `<`, `>` and quotes as entities, `references` as given, scalars `unrepresentable` says so as U+FFFD,
    /// and DEL, C1 and bidirectional controls (which would disguise text) as visible escapes.
    private static func escape(_ text: String, apostrophe: String, references: [Unicode.Scalar: String],
                               unrepresentable: (UInt32) -> Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += apostrophe
            default:
                if let reference = references[scalar] {
                    result += reference
                } else if unrepresentable(scalar.value) {
                    result.unicodeScalars.append("\u{FFFD}")
                } else if scalar.value >= 0x7F && TerminalText.isUnsafe(scalar) {
                    result += TerminalText.escaped(String(scalar))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A path as a URL reference for `href`/`src`: percent-encoded, then HTML-escaped.
    static func htmlURL(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#")
        return html(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }

    /// Text for a Markdown table cell or list item: on one line, with Markdown punctuation backslash-escaped
    /// (so `|` cannot end a cell and `<` cannot open HTML).
    static func markdown(_ text: String) -> String {
        var result = ""
        for character in oneLine(text) {
            if "\\`*_[]<>|#&!~".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
