/// Text from manifests, file names and libraries made safe to print: characters a terminal would act on instead of
/// show (escape sequences, carriage returns, backspaces, bidirectional overrides that reorder what follows) become
/// visible escapes, so a hostile manifest can neither retitle nor clear the terminal nor disguise a message.
public enum TerminalText {
    /// `text` with every unsafe character written as an escape: `\x1B` for C0 controls and DEL, `\u{202E}` for the
    /// others. Tabs are kept when `keepingTabs` is true (source lines keep them so the caret lines up), line feeds
    /// when `keepingNewlines` is (text of several lines).
    public static func escaped(_ text: String, keepingTabs: Bool = false, keepingNewlines: Bool = false) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool {
            isUnsafe(scalar) && !(keepingTabs && scalar == "\t") && !(keepingNewlines && scalar == "\n")
        }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// How many scalars `scalar` takes once escaped (1 when it is printed as is).
    public static func escapedWidth(of scalar: Unicode.Scalar, keepingTabs: Bool = false) -> Int {
        isUnsafe(scalar) && !(keepingTabs && scalar == "\t") ? escape(scalar).unicodeScalars.count : 1
    }

    /// Whether a terminal could act on `scalar` rather than show it: C0 and C1 controls, DEL, the bidirectional
    /// embedding, override and isolate controls, and the line and paragraph separators.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            if scalar.value < 0x80 { return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex }
            return "\\u{" + hex + "}"
        }
    }
}
