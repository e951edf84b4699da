import MediaBatch
import Testing

/// `--only` patterns.
struct GlobTests {
    @Test(arguments: [
        ("promo-*", "promo-shoes-16x9", true),
        ("promo-*", "teaser", false),
        ("*-9x16", "promo-bag-9x16", true),
        ("promo-?ag-*", "promo-bag-1x1", true),
        ("promo-[bw]*", "promo-watch-1x1", true),
        ("promo-[bw]*", "promo-shoes-1x1", false),
        ("teaser", "teaser", true),
        ("teaser", "teaser-2", false),
        ("*", "", true),
        ("a*b*c", "aXXbYYc", true),
        ("a*b*c", "aXXbYY", false),
    ])
    func matchesWholeNames(pattern: String, name: String, expected: Bool) {
        #expect(Glob.matches(pattern, name) == expected)
    }
}
