import MediaCore
import Testing
import YAML

/// Hostile input must come back as an error (or a parse), never a crash or a hang.
/// Speed is measured in Benchmarks (about 0.4 s for 50 MB on an idle machine); the limit here only tells a hang or a
/// quadratic blow-up (hours at these sizes) from a slow, loaded machine, so it is far above the real figure.
@Suite struct YAMLHostileInputTests {
    static let hangLimit = 30.0

    static let billionLaughs = """
        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
        b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
        c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
        d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
        e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
        f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
        g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
        h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
        i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
        """

    private func expectError(_ text: String, limits: YAMLLimits = YAMLLimits(), _ expected: String) {
        let (result, seconds) = measure { Result { () throws(YAMLError) in try YAMLParser.parse(text, file: "h.yaml", limits: limits) } }
        print("hostile input of \(text.utf8.count) bytes answered in \(seconds) s")
        #expect(seconds < Self.hangLimit)
        switch result {
        case .success: Issue.record("expected an error")
        case .failure(let error): #expect(error.description == expected)
        }
    }

    @Test func billionLaughsIsRefused() {
        expectError(Self.billionLaughs, """
            h.yaml:7:8: error: document expands to more than 1000000 nodes through aliases; alias 'f' crosses the limit
            g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
                   ^
            """)
    }

    @Test func nodeLimitWithoutAliases() {
        expectError("[1, 2, 3, 4, 5]", limits: YAMLLimits(maxNodes: 5), """
            h.yaml:1:14: error: document has more than 5 nodes; split it into smaller files
            [1, 2, 3, 4, 5]
                         ^
            """)
    }

    /// A long line is quoted only around the error's column: 70 characters each side, `...` where it is cut.
    @Test func deepFlowNestingIsRefused() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        expectError(text, "h.yaml:1:257: error: collections nest more than 256 levels deep; flatten the document\n..."
            + String(repeating: "[", count: 140) + "...\n" + String(repeating: " ", count: 73) + "^")
    }

    @Test func deepBlockNestingIsRefused() {
        let text = String(repeating: "- ", count: 10_000) + "x\n"
        expectError(text, "h.yaml:1:513: error: collections nest more than 256 levels deep; flatten the document\n..."
            + String(repeating: "- ", count: 70) + "...\n" + String(repeating: " ", count: 73) + "^")
    }

    @Test func deepMappingNestingIsRefused() {
        let text = String(repeating: "{a: ", count: 10_000) + String(repeating: "}", count: 10_000)
        expectError(text, "h.yaml:1:1025: error: collections nest more than 256 levels deep; flatten the document\n..."
            + String(Array(text)[954..<1094]) + "...\n" + String(repeating: " ", count: 73) + "^")
    }

    @Test func depthLimitIsExact() throws {
        let limits = YAMLLimits(maxDepth: 3)
        let root = try YAMLParser.parseDocument("[[[x]]]", file: "h.yaml", limits: limits).root
        #expect(root.items?.first?.items?.first?.items?.first?.string == "x")
        expectError("[[[[x]]]]", limits: limits, """
            h.yaml:1:4: error: collections nest more than 3 levels deep; flatten the document
            [[[[x]]]]
               ^
            """)
    }

    @Test func aliasesCountTowardsDepth() {
        expectError("a: &a [[x]]\nb: [[*a]]\n", limits: YAMLLimits(maxDepth: 4), """
            h.yaml:2:6: error: collections nest more than 4 levels deep; flatten the document
            b: [[*a]]
                 ^
            """)
    }

    @Test func oversizedInputIsRefusedBeforeParsing() {
        let text = String(repeating: "#", count: (64 << 20) + 1)
        expectError(text, "h.yaml:1:1: error: document is 67108865 bytes, more than the limit of 67108864 bytes")
    }

    @Test func oversizedFileIsRefusedBeforeReading() throws {
        let path = temporaryPath("big.yaml")
        try Array("0123456789".utf8).write(to: path)
        defer { remove(path) }
        #expect(throws: YAMLError.tooLarge(file: path, size: 10, limit: 5)) {
            try YAMLParser.parse(fileAt: path, limits: YAMLLimits(maxBytes: 5))
        }
    }

    @Test(arguments: [
        ([0x61, 0x3A, 0x20, 0x62, 0x0A, 0x63, 0x3A, 0x20, 0xFF, 0x64], "h.yaml:2:4: error: invalid leading UTF-8 octet 0xff\nc: \u{FFFD}d\n   ^"),
        ([0x6B, 0x3A, 0x20, 0xC3, 0xA9, 0xC3], "h.yaml:1:5: error: incomplete UTF-8 octet sequence\nk: é\u{FFFD}\n    ^"),
        // Control characters in quoted lines are shown as escapes, never sent to the terminal.
        ([0x6B, 0x3A, 0x20, 0x01], "h.yaml:1:4: error: control characters are not allowed (U+0001)\nk: \\x01\n   ^"),
        ([0xFF, 0xFE, 0x61, 0x00], "h.yaml:1:1: error: invalid leading UTF-8 octet 0xff\n\u{FFFD}\u{FFFD}a\\x00\n^"),
    ] as [([UInt8], String)])
    func invalidTextIsAPositionedError(bytes: [UInt8], expected: String) {
        do {
            _ = try YAMLParser.parse(bytes: bytes, file: "h.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(state: 20_240_601)
        let seeds = ["a: [1, {b: c}]\n", "- &x y\n- *x\n", "k: |\n  text\n", "<<: {a: 1}\n"].map { Array($0.utf8) }
        var errors = 0
        let (_, seconds) = measure {
            for round in 0..<400 {
                var bytes: [UInt8]
                if round % 2 == 0 {
                    bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                } else {
                    // Printable-ish noise, and mutations of valid YAML, reach deeper into the scanner.
                    bytes = seeds[round / 2 % seeds.count]
                    for _ in 0..<Int.random(in: 1...6, using: &generator) {
                        let alphabet = Array("[]{}:,-?&*!|>'\"#%@` \n\tab1<".utf8)
                        let byte = round % 4 == 1 ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
                        bytes.insert(byte, at: Int.random(in: 0...bytes.count, using: &generator))
                    }
                }
                do throws(YAMLError) {
                    _ = try YAMLParser.parse(bytes: bytes, file: "r.yaml")
                } catch {
                    errors += 1
                    let lines = bytes.count { $0 == 0x0A || $0 == 0x0D } + 1
                    if let location = error.location {
                        #expect(location.file == "r.yaml")
                        #expect(location.line >= 1 && location.line <= lines + 1, "\(error)")
                        #expect(location.column >= 1, "\(error)")
                    } else {
                        Issue.record("error without location: \(error)")
                    }
                    #expect(error.description.hasPrefix("r.yaml:"))
                }
            }
        }
        print("400 random inputs: \(errors) errors in \(seconds) s")
        #expect(errors > 250)
    }
}

/// 50 MB inputs, one at a time so their timings do not compete with each other for the two cores.
@Suite(.serialized) struct YAMLLargeInputTests {
    /// Choice: a 50 MB scalar is within the 64 MiB limit and is parsed, not refused.
    @Test(arguments: [YAMLNode.ScalarStyle.plain, .doubleQuoted])
    func fiftyMegabyteScalarIsParsed(style: YAMLNode.ScalarStyle) throws {
        let body = String(repeating: "a", count: 50_000_000)
        let text = style == .plain ? "key: \(body)\n" : "key: \"\(body)\"\n"
        let (document, seconds) = try measure { try YAMLParser.parseDocument(text, file: "big.yaml") }
        print("50 MB \(style) scalar parsed in \(seconds) s")
        #expect(seconds < YAMLHostileInputTests.hangLimit)
        let value = try #require(document.root["key"])
        #expect(value.scalarStyle == style)
        #expect(value.string?.utf8.count == 50_000_000)
    }

    @Test func errorAfterAHugeLineIsQuick() {
        let text = "key: " + String(repeating: "a", count: 50_000_000) + "\n]\n"
        let (result, seconds) = measure { Result { () throws(YAMLError) in try YAMLParser.parse(text, file: "h.yaml") } }
        print("error after a 50 MB line answered in \(seconds) s")
        #expect(seconds < YAMLHostileInputTests.hangLimit)
        #expect(throws: YAMLError.self) { try result.get() }
    }

    @Test func invalidByteAfterAHugeLineIsQuick() {
        let bytes = Array("key: ".utf8) + [UInt8](repeating: 0x61, count: 50_000_000) + [0x0A, 0xFF, 0x0A]
        let (result, seconds) = measure { Result { () throws(YAMLError) in try YAMLParser.parse(bytes: bytes, file: "h.yaml") } }
        print("invalid byte after a 50 MB line answered in \(seconds) s")
        #expect(seconds < YAMLHostileInputTests.hangLimit)
        #expect(throws: YAMLError.invalidText(
            problem: "invalid leading UTF-8 octet", value: 0xFF, at: SourceLocation(file: "h.yaml", line: 2, column: 1),
            sourceLine: "\u{FFFD}")) { try result.get() }
    }
}
