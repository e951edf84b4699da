import MediaCore
import Testing
import YAML

@Suite struct YAMLAliasTests {
    @Test func aliasRepeatsTheAnchoredNode() throws {
        let text = """
            base: &b { codec: h264, crf: 21 }
            copy: *b
            name: &n plain
            again: *n
            """
        let root = try YAMLParser.parseDocument(text, file: "a.yaml").root
        #expect(root["copy"] == root["base"])
        // A node starts at its properties: the anchor `&b`, not the `{`.
        #expect(root["copy"]?.location.description == "a.yaml:1:7")
        #expect(root["again"]?.string == "plain")
    }

    @Test func singleMergeKeyExplicitKeysWin() throws {
        let text = """
            base: &base { codec: h264, crf: 21, speed: medium }
            out:
              crf: 18
              <<: *base
              speed: fast
            """
        let out = try #require(try YAMLParser.parseDocument(text, file: "m.yaml").root["out"])
        #expect(out.keys == ["crf", "codec", "speed"])
        #expect(out["crf"]?.int == 18)
        #expect(out["speed"]?.string == "fast")
        #expect(out["codec"]?.string == "h264")
        #expect(out["codec"]?.location.description == "m.yaml:1:22")
    }

    @Test func mergeListEarlierSourcesWin() throws {
        let text = """
            a: &a { x: 1, y: 1 }
            b: &b { y: 2, z: 2 }
            c:
              <<: [*a, *b]
              z: 3
            """
        let c = try #require(try YAMLParser.parseDocument(text, file: "m.yaml").root["c"])
        #expect(c.keys == ["x", "y", "z"])
        #expect(c["x"]?.int == 1)
        #expect(c["y"]?.int == 1)
        #expect(c["z"]?.int == 3)
    }

    @Test func mergesNestAndInlineMappingsMerge() throws {
        let text = """
            a: &a { x: 1 }
            b: &b { <<: *a, y: 2 }
            c: { <<: [*b, { w: 0 }] }
            """
        let c = try #require(try YAMLParser.parseDocument(text, file: "m.yaml").root["c"])
        #expect(c.keys == ["x", "y", "w"])
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try YAMLParser.parseDocument("a: &a { x: 1 }\nb: { '<<': *a }\n", file: "m.yaml").root
        #expect(root["b"]?.keys == ["<<"])
    }

    @Test func anchorsDoNotCrossDocuments() {
        #expect {
            try YAMLParser.parse("a: &x 1\n---\nb: *x\n", file: "d.yaml")
        } throws: { error in
            (error as? YAMLError)?.description == """
                d.yaml:3:4: error: unknown alias 'x'; define the anchor '&x' before using it
                b: *x
                   ^
                """
        }
    }

    @Test func selfReferenceIsAnUnknownAlias() {
        #expect {
            try YAMLParser.parse("a: &x [1, *x]\n", file: "r.yaml")
        } throws: { error in
            (error as? YAMLError)?.description == """
                r.yaml:1:11: error: unknown alias 'x'; define the anchor '&x' before using it
                a: &x [1, *x]
                          ^
                """
        }
    }
}
