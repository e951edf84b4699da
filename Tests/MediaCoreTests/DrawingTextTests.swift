import Foundation
import MediaCore
import Testing

/// Variables written into drawings' text: which are used, how the source URL carries them, and the one-pass
/// replacement that leaves other braces (an SVG's CSS) alone.
struct DrawingTextTests {
    static let replacements = ["name": "Fish & <Chips>", "tint": "#ff0000", "loop": "{name}"]

    @Test(arguments: [
        ("<text>{name}</text>", "<text>Fish &amp; &lt;Chips&gt;</text>"),
        ("<circle fill=\"{tint}\"/>", "<circle fill=\"#ff0000\"/>"),
        (".a{fill:red} {unknown} {", ".a{fill:red} {unknown} {"),
        ("{loop}", "{name}"),
        ("{{tint}}", "{#ff0000}"),
        ("", ""),
    ])
    func replacesKnownNamesInOnePass(text: String, expected: String) {
        #expect(DrawingText.applying(Self.replacements, to: text, escape: DrawingText.xmlEscaped) == expected)
    }

    @Test func urlCarriesTheValuesItsFileUses() {
        let url = DrawingText.url(path: "/m/logo.svg", replacements: ["tint": "#ff0000", "name": "a&b c"])
        #expect(url.isFileURL && url.path == "/m/logo.svg")
        #expect(url.absoluteString == "file:///m/logo.svg?name=a%26b%20c&tint=%23ff0000")
        #expect(DrawingText.replacements(in: url) == ["tint": "#ff0000", "name": "a&b c"])
        #expect(DrawingText.url(path: "/m/logo.svg", replacements: [:]).absoluteString == "file:///m/logo.svg")
        #expect(DrawingText.names(in: "<text>{name}</text>{tint", among: ["tint", "name", "x"]) == ["name"])
        #expect(DrawingText.isSVG("/m/Logo.SVG") && DrawingText.isSVG("a.svgz") && !DrawingText.isSVG("a.png"))
    }

    @Test func xmlEscapesEveryMarkupCharacter() {
        #expect(DrawingText.xmlEscaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
    }
}
