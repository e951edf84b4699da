/// The installed font families, looked up the way fontconfig compares family names (ignoring case and spaces),
/// with the generic CSS families fontconfig substitutes (`sans-serif`, `serif`, `monospace`) always present.
public struct FontFamilies: Sendable, Hashable {
    /// The families fontconfig substitutes an installed family for.
    public static let generic = ["sans-serif", "serif", "monospace"]

    /// The installed family names, sorted.
    public let names: [String]
    /// Each name by its comparison key.
    private let byKey: [String: String]

    /// The families named `names`.
    public init(_ names: [String]) {
        self.names = names.sorted()
        var byKey: [String: String] = [:]
        for name in Self.generic + self.names where byKey[Self.key(name)] == nil { byKey[Self.key(name)] = name }
        self.byKey = byKey
    }

    /// The installed spelling of `family`, nil when no such family is installed.
    public func installedName(of family: String) -> String? {
        byKey[Self.key(family)]
    }

    /// Why `family` cannot be used, naming it: `unknown font family 'X'; did you mean 'Y'?`, or a short list of
    /// what is installed when nothing is near.
    public func unknownFamilyMessage(_ family: String) -> String {
        var message = "unknown font family '\(family)'"
        if let guess = Suggestion.closest(to: family, among: names) { return message + "; did you mean '\(guess)'?" }
        guard !names.isEmpty else { return message + "; no font families are installed; give a font file (.ttf, .otf, .ttc)" }
        let shown = names.prefix(Self.listed)
        message += "; installed families are " + shown.map { "'\($0)'" }.joined(separator: ", ")
        if names.count > shown.count { message += " and \(names.count - shown.count) more (`fc-list : family` lists them)" }
        return message + ", or give a font file (.ttf, .otf, .ttc)"
    }

    /// How many installed families an unknown-family message names.
    static let listed = 6

    private static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " })
    }
}
