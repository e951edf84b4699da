import Foundation

/// Values written into the text of a drawn picture (an SVG file's `{variables}`): carried in the query of the
/// source's file URL, so one file shown with two sets of values is two sources, and applied when the file is read.
public enum DrawingText {
    /// Whether `path` names an SVG file (`.svg`, or gzip-compressed `.svgz`), which is drawn as a vector.
    public static func isSVG(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".svg") || lowered.hasSuffix(".svgz")
    }

    /// The file URL of `path` carrying `replacements` (variable name to value) in its query; the plain file URL when
    /// there are none.
    public static func url(path: String, replacements: [String: String]) -> URL {
        let file = URL(fileURLWithPath: path)
        guard !replacements.isEmpty, var components = URLComponents(url: file, resolvingAgainstBaseURL: false) else {
            return file
        }
        components.queryItems = replacements.keys.sorted().map { URLQueryItem(name: $0, value: replacements[$0]) }
        return components.url ?? file
    }

    /// The replacements a URL made by `url(path:replacements:)` carries.
    public static func replacements(in url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of `variables` that `text` writes as `{name}`.
    public static func names(in text: String, among variables: some Sequence<String>) -> [String] {
        variables.filter { text.contains("{\($0)}") }.sorted()
    }

    /// `text` with every `{name}` of `replacements` replaced by its value passed through `escape`, in one pass (a
    /// value that itself reads `{name}` stays as written); other braces are kept (an SVG's CSS `.a{fill:red}`).
    public static func applying(_ replacements: [String: String], to text: String,
                                escape: (String) -> String) -> String {
        guard !replacements.isEmpty else { return text }
        var result = "", rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = replacements[String(rest[afterOpen..<close])] {
                result += escape(value)
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    /// `text` escaped for XML character data and attribute values.
    public static func xmlEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
