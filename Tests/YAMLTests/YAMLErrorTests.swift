import MediaCore
import Testing
import YAML

@Suite struct YAMLErrorTests {
    @Test(arguments: [
        (
            "unknown alias",
            "sources:\n  intro: *missing\n",
            """
            e.yaml:2:10: error: unknown alias 'missing'; define the anchor '&missing' before using it
              intro: *missing
                     ^
            """
        ),
        (
            "bad indentation",
            "a:\n  b: 1\n c: 2\n",
            """
            e.yaml:3:2: error: did not find expected key while parsing a block mapping that started at 1:1
             c: 2
             ^
            """
        ),
        (
            "unclosed flow sequence",
            "a: [1, 2\nb: 3\n",
            """
            e.yaml:2:2: error: did not find expected ',' or ']' while parsing a flow sequence that started at 1:4
            b: 3
             ^
            """
        ),
        (
            "unterminated quote",
            "a: \"open\n",
            """
            e.yaml:2:1: error: found unexpected end of stream while scanning a quoted scalar that started at 1:4
            
            ^
            """
        ),
        (
            "tab indentation",
            "a:\n\tb: 1\n",
            """
            e.yaml:2:1: error: found character that cannot start any token while scanning for the next token; indent with spaces, YAML does not allow tabs there
            \tb: 1
            ^
            """
        ),
        (
            "duplicate key",
            "name: a\nfps: 30\nname: b\n",
            """
            e.yaml:3:1: error: duplicate key 'name'; first defined at 1:1
            name: b
            ^
            """
        ),
        (
            "merge of a scalar",
            "a: &a 1\nb:\n  <<: *a\n",
            """
            e.yaml:3:3: error: merge key '<<' needs a mapping or a sequence of mappings, found a scalar
              <<: *a
              ^
            """
        ),
        (
            "merge list holding a sequence",
            "b: { <<: [[1]] }\n",
            """
            e.yaml:1:6: error: merge key '<<' needs a mapping or a sequence of mappings, found a sequence
            b: { <<: [[1]] }
                 ^
            """
        ),
    ])
    func wholeMessage(name: String, text: String, expected: String) {
        do {
            let documents = try YAMLParser.parse(text, file: "e.yaml")
            Issue.record("\(name): expected an error, parsed \(documents)")
        } catch {
            #expect(error.description == expected, "\(name)")
        }
    }

    @Test func errorCarriesStructuredLocation() {
        do {
            _ = try YAMLParser.parse("a: *x\n", file: "e.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error == .unknownAlias(name: "x", at: SourceLocation(file: "e.yaml", line: 1, column: 4), sourceLine: "a: *x"))
            #expect(error.location == SourceLocation(file: "e.yaml", line: 1, column: 4))
            #expect(error.diagnostic.severity == .error)
        }
    }
}
