import MediaCore
import Testing
import YAML

@Suite struct YAMLSourceTests {
    @Test(arguments: [
        (0, nil), (1, "first"), (2, ""), (3, "third"), (4, "fourth"), (5, "last"), (6, nil),
    ] as [(Int, String?)])
    func lineN(n: Int, expected: String?) {
        let source = YAMLSource(file: "x.yaml", text: "first\n\nthird\r\nfourth\rlast")
        #expect(source.line(n) == expected)
    }

    @Test func trailingNewlineEndsTheLastLine() {
        let source = YAMLSource(file: "x.yaml", text: "a\nb\n")
        #expect(source.line(2) == "b")
        #expect(source.line(3) == "")
        #expect(source.line(4) == nil)
    }

    @Test func documentDiagnosticQuotesTheNodeLine() throws {
        let document = try YAMLParser.parseDocument("name: x\nspeed: fast\n", file: "m.yaml")
        let node = try #require(document.root["speed"])
        let diagnostic = document.diagnostic("'speed' must be a number", at: node)
        #expect(diagnostic.description == """
            m.yaml:2:8: error: 'speed' must be a number
            speed: fast
                   ^
            """)
    }
}
