/// Shell-style name patterns for `--only`: `*` any run of characters, `?` one character, `[abc]` one of a set.
public enum Glob {
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
