import MediaCore

/// Shell-style name patterns for `--only`: `*` any run of characters, `?` one character, `[abc]` one of a set.
public enum Glob {
    /// Up to `limit` names closest to what `patterns` spell (their wildcards left out), nearest first.
    public static func nearest(to patterns: [String], among names: [String], limit: Int = 3) -> [String] {
        let literals = patterns.map { $0.filter { !"*?[]".contains($0) } }
        let scored = names.map { name in
            (name, literals.map { Suggestion.editDistance($0.lowercased(), name.lowercased()) }.min() ?? .max)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }

    /// Whether `name` matches `pattern` as a whole.
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        match(Array(pattern), 0, Array(name), 0)
    }

    private static func match(_ p: [Character], _ i: Int, _ s: [Character], _ j: Int) -> Bool {
        var (i, j) = (i, j)
        var star: (Int, Int)?
        while j < s.count {
            if i < p.count, p[i] == "*" {
                star = (i, j)
                i += 1
            } else if i < p.count, p[i] == "[", let close = p[(i + 1)...].firstIndex(of: "]"), p[(i + 1)..<close].contains(s[j]) {
                i = close + 1
                j += 1
            } else if i < p.count, p[i] == "?" || (p[i] == s[j] && p[i] != "[") {
                i += 1
                j += 1
            } else if let (starI, starJ) = star {
                i = starI + 1
                j = starJ + 1
                star = (starI, starJ + 1)
            } else {
                return false
            }
        }
        while i < p.count, p[i] == "*" { i += 1 }
        return i == p.count
    }
}
