import MediaCore
import Testing
import YAML

@Suite struct YAMLStructureTests {
    @Test func nestedBlockCollections() throws {
        let text = """
            outputs:
              - name: a
                clips:
                  - source: x.mp4
                    from: 2
              - name: b
            """
        let root = try YAMLParser.parseDocument(text, file: "n.yaml").root
        let outputs = try #require(root["outputs"]?.items)
        #expect(outputs.count == 2)
        #expect(outputs[0].location.description == "n.yaml:2:5")
        #expect(outputs[0]["name"]?.string == "a")
        let clip = try #require(outputs[0]["clips"]?.items?.first)
        #expect(clip.keys == ["source", "from"])
        #expect(clip["from"]?.int == 2)
        #expect(clip["from"]?.location.description == "n.yaml:5:15")
        #expect(outputs[1]["name"]?.location.description == "n.yaml:6:11")
    }

    /// `node(at:)` finds the innermost node that starts at a place: a value, a key, a flow item, a flow sequence (a
    /// block item's mapping starts where its first key does, and the key is found); nothing between nodes.
    @Test(arguments: [
        ((2, 5), "scalar name"), ((2, 11), "scalar a"), ((3, 13), "scalar x.mp4"), ((3, 20), "scalar y.mp4"),
        ((3, 12), "sequence"), ((1, 1), "scalar outputs"), ((2, 9), "none"), ((4, 1), "none"),
    ])
    func nodeAtALocation(place: (Int, Int), expected: String) throws {
        let text = """
            outputs:
              - name: a
                clips: [x.mp4, y.mp4]
            """
        let root = try YAMLParser.parseDocument(text, file: "n.yaml").root
        let found = root.node(at: SourceLocation(file: "n.yaml", line: place.0, column: place.1))
        #expect(found.map { node in node.string.map { "scalar \($0)" } ?? node.kindName } ?? "none" == expected)
    }

    @Test func flowStyle() throws {
        let root = try YAMLParser.parseDocument("{ a: 1, b: [x, y] }", file: "f.yaml").root
        let expected = YAMLNode(
            .mapping([
                YAMLNode.Pair(
                    key: YAMLNode(.scalar("a", .plain), at: SourceLocation(file: "f.yaml", line: 1, column: 3)),
                    value: YAMLNode(.scalar("1", .plain), at: SourceLocation(file: "f.yaml", line: 1, column: 6))),
                YAMLNode.Pair(
                    key: YAMLNode(.scalar("b", .plain), at: SourceLocation(file: "f.yaml", line: 1, column: 9)),
                    value: YAMLNode(
                        .sequence([
                            YAMLNode(.scalar("x", .plain), at: SourceLocation(file: "f.yaml", line: 1, column: 13)),
                            YAMLNode(.scalar("y", .plain), at: SourceLocation(file: "f.yaml", line: 1, column: 16)),
                        ]), at: SourceLocation(file: "f.yaml", line: 1, column: 12))),
            ]), at: SourceLocation(file: "f.yaml", line: 1, column: 1))
        #expect(root == expected)
    }

    @Test func nonScalarKeysAreNodes() throws {
        let root = try YAMLParser.parseDocument("? [a, b]\n: pair\n", file: "q.yaml").root
        let pair = try #require(root.pairs?.first)
        #expect(pair.key.items?.map(\.string) == ["a", "b"])
        #expect(pair.value.string == "pair")
        #expect(root.keys == [])
    }

    @Test func multiDocumentStream() throws {
        let text = "a: 1\n---\n- x\n--- scalar\n...\n---\n"
        let documents = try YAMLParser.parse(text, file: "m.yaml")
        #expect(documents.count == 4)
        #expect(documents[0].root["a"]?.int == 1)
        #expect(documents[1].root.items?.first?.string == "x")
        #expect(documents[2].root.string == "scalar")
        #expect(documents[3].root.isNull)
        #expect(documents.map(\.location.line) == [1, 2, 4, 6])
        #expect(documents.allSatisfy { $0.source.line(3) == "- x" })
    }

    @Test func singleDocumentRefusesASecond() {
        #expect(throws: YAMLError.self) { try YAMLParser.parseDocument("a: 1\n---\nb: 2\n", file: "m.yaml") }
        do {
            _ = try YAMLParser.parseDocument("a: 1\n---\nb: 2\n", file: "m.yaml")
        } catch {
            #expect(error.description == """
                m.yaml:2:1: error: expected a single document but another one starts here; put each document in its own file
                ---
                ^
                """)
        }
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n", "\u{FEFF}"])
    func emptyStream(text: String) throws {
        #expect(try YAMLParser.parse(text, file: "e.yaml").isEmpty)
        let document = try YAMLParser.parseDocument(text, file: "e.yaml")
        #expect(document.root.isNull)
        #expect(document.root.location.description == "e.yaml:1:1")
    }

    @Test func bytesAndTextAgree() throws {
        let text = "a: [1, {b: c}]\nd: \"é\"\n"
        #expect(try YAMLParser.parse(text, file: "x") == YAMLParser.parse(bytes: Array(text.utf8), file: "x"))
    }

    @Test func parsesFiles() throws {
        let path = temporaryPath("file.yaml")
        try Array("key: value\n".utf8).write(to: path)
        defer { remove(path) }
        let document = try YAMLParser.parseDocument(fileAt: path)
        #expect(document.root["key"]?.location.file == path)
        #expect(document.root["key"]?.string == "value")
    }

    @Test func missingFileIsAnError() {
        #expect {
            try YAMLParser.parse(fileAt: "does-not-exist.yaml")
        } throws: { error in
            (error as? YAMLError)?.description == "error: cannot read 'does-not-exist.yaml': no such file or directory"
        }
    }
}
