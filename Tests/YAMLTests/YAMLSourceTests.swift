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

    @Test func linesPastTheSparseIndexCheckpointsAreFound() {
        let text = (1...100).map { "line \($0)" }.joined(separator: "\r\n")
        let source = YAMLSource(file: "x.yaml", text: text)
        for n in [1, 31, 32, 33, 64, 65, 99, 100] { #expect(source.line(n) == "line \(n)") }
        #expect(source.line(101) == nil)
    }

    /// The excerpt of a long line, found through scalar checkpoints, is the one the whole line would give, also with
    /// characters of several bytes before the column.
    @Test(arguments: [1, 70, 1023, 1025, 5000, 9_999, 10_000, 12_000])
    func longLineExcerptsMatchTheWholeLine(column: Int) {
        let line = (0..<10_000).map { $0 % 3 == 0 ? "é" : ($0 % 7 == 0 ? "中" : "a") }.joined()
        let source = YAMLSource(file: "x.yaml", text: "first\n" + line + "\nlast")
        let location = SourceLocation(file: "x.yaml", line: 2, column: column)
        #expect(source.excerpt(at: location) == LineExcerpt(line: line, column: column))
        #expect(source.excerpt(at: SourceLocation(file: "x.yaml", line: 4, column: 1)) == nil)
    }
}
