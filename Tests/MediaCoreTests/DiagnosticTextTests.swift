import MediaCore
import Testing

/// What a diagnostic prints: characters a terminal would act on escaped, long lines quoted around the column.
struct DiagnosticTextTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("\u{1B}]0;PWNED\u{07}\u{1B}[2J", "\\x1B]0;PWNED\\x07\\x1B[2J"),
        ("a\nb\rc\td", "a\\nb\\rc\\td"),
        ("del\u{7F}", "del\\x7F"),
        ("c1\u{9B}31m", "c1\\u{9B}31m"),
        ("left\u{202E}thgir", "left\\u{202E}thgir"),
        ("isolate\u{2066}x\u{2069}", "isolate\\u{2066}x\\u{2069}"),
        ("é 中文 العربية", "é 中文 العربية"),
    ])
    func escapesWhatATerminalWouldActOn(text: String, expected: String) {
        #expect(TerminalText.escaped(text) == expected)
    }

    @Test func messageLocationAndLineAreEscapedAndTheCaretStaysUnderItsCharacter() {
        let location = SourceLocation(file: "m\u{1B}.yaml", line: 3, column: 14)
        let diagnostic = Diagnostic(.error, at: location, "unknown key '\u{1B}[2J'", sourceLine: "  - { \u{1B}[2J: 1, x: 2 }")
        #expect(diagnostic.description == """
            m\\x1B.yaml:3:14: error: unknown key '\\x1B[2J'
              - { \\x1B[2J: 1, x: 2 }
                            ^
            """)
    }

    @Test func tabsAreKeptSoTheCaretLinesUp() {
        let diagnostic = Diagnostic(.error, at: SourceLocation(file: "m.yaml", line: 1, column: 3), "bad", sourceLine: "\tx: y")
        #expect(diagnostic.description == "m.yaml:1:3: error: bad\n\tx: y\n\t ^")
    }

    @Test(arguments: [
        // column, expected excerpt, caret offset in the excerpt
        (1, String(repeating: "a", count: 140) + "...", 0),
        (500, "..." + String(repeating: "a", count: 70) + "X" + String(repeating: "a", count: 69) + "...", 73),
        (1000, "..." + String(repeating: "a", count: 140), 142),
        (1200, "..." + String(repeating: "a", count: 140), 342),
    ])
    func longLinesAreQuotedAroundTheColumn(column: Int, excerpt: String, caret: Int) {
        var line = Array(repeating: Character("a"), count: 1000)
        line[499] = "X"
        let diagnostic = Diagnostic(.error, at: SourceLocation(file: "m.yaml", line: 1, column: column), "bad",
                                    sourceLine: String(line))
        #expect(diagnostic.sourceLine == excerpt)
        #expect(diagnostic.description == "m.yaml:1:\(column): error: bad\n\(excerpt)\n" + String(repeating: " ", count: caret) + "^")
    }

    @Test func aLineOf160CharactersIsQuotedWhole() {
        let line = String(repeating: "b", count: 160)
        let diagnostic = Diagnostic(.error, at: SourceLocation(file: "m.yaml", line: 1, column: 160), "bad", sourceLine: line)
        #expect(diagnostic.sourceLine == line)
        #expect(diagnostic.sourceLineShift == 0)
    }

    @Test(arguments: [
        ("time '\(String(repeating: "1", count: 3000))s' is too large",
         "time '\(String(repeating: "1", count: 40))...\(String(repeating: "1", count: 39))s' is too large"),
        ("name '\(String(repeating: "n", count: 100))' is fine", "name '\(String(repeating: "n", count: 100))' is fine"),
        ("the output's source '/media/\(String(repeating: "x", count: 101))/clip-001.mp4': gone",
         "the output's source '/media/\(String(repeating: "x", count: 33))...\(String(repeating: "x", count: 27))/clip-001.mp4': gone"),
        ("text 'don\'t \(String(repeating: "w", count: 200))' and 'b'",
         "text 'don\'t \(String(repeating: "w", count: 34))...\(String(repeating: "w", count: 40))' and 'b'"),
        ("an opening quote that never closes: '\(String(repeating: "q", count: 200))",
         "an opening quote that never closes: '\(String(repeating: "q", count: 200))"),
        ("expected one of 'a', 'b', 'c'; \(String(repeating: "z", count: 120))",
         "expected one of 'a', 'b', 'c'; \(String(repeating: "z", count: 120))"),
    ])
    func longQuotedValuesAreCutInTheMessage(message: String, expected: String) {
        let diagnostic = Diagnostic(.error, at: SourceLocation(file: "m.yaml", line: 2, column: 5), message)
        #expect(diagnostic.description == "m.yaml:2:5: error: " + expected)
        #expect(diagnostic.message == message)
    }
}
