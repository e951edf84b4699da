/// A title's `text` is Pango markup (`<b>`, `<i>`, `<u>`, `<span color="#ff0000">`): variable values are escaped
/// into it so that they show as written, and a lone `&` the manifest itself writes stays an ampersand.
enum TitleMarkup {
    /// `text` with the characters markup gives meaning to escaped: `Salt & <Pepper>` shows as it reads.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `markup` with every `&` that starts no entity (`&amp;`, `&#38;`, `&#x26;`) written as `&amp;`, so that
    /// `Tom & Jerry` needs no escaping.
    static func ampersandsKept(_ markup: String) -> String {
        guard markup.contains("&") else { return markup }
        var result = ""
        var rest = Substring(markup)
        while let index = rest.firstIndex(of: "&") {
            result += rest[..<index]
            let after = rest[rest.index(after: index)...]
            result += startsEntity(after) ? "&" : "&amp;"
            rest = after
        }
        return result + rest
    }

    /// Whether `text` (after an `&`) is the rest of an entity: a name or `#` number, then `;`.
    private static func startsEntity(_ text: Substring) -> Bool {
        guard let semicolon = text.prefix(12).firstIndex(of: ";") else { return false }
        let body = text[..<semicolon]
        if body.first == "#" {
            let digits = body.dropFirst()
            if digits.first == "x" || digits.first == "X" { return !digits.dropFirst().isEmpty && digits.dropFirst().allSatisfy(\.isHexDigit) }
            return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
        }
        return !body.isEmpty && body.allSatisfy { $0.isASCII && $0.isLetter }
    }
}
