import MediaCore
import Testing
import YAML

@Suite struct YAMLScalarTests {
    static let text = """
        plain: hello world
        single: 'it''s'
        double: "tab\\tend"
        literal: |
          line one
          line two
        folded: >
          folded
          text
        """

    @Test(arguments: [
        ("plain", "hello world", YAMLNode.ScalarStyle.plain, 1, 8),
        ("single", "it's", .singleQuoted, 2, 9),
        ("double", "tab\tend", .doubleQuoted, 3, 9),
        ("literal", "line one\nline two\n", .literal, 4, 10),
        ("folded", "folded text", .folded, 7, 9),
    ])
    func styleValueAndLocation(key: String, value: String, style: YAMLNode.ScalarStyle, line: Int, column: Int) throws {
        let root = try YAMLParser.parseDocument(Self.text, file: "s.yaml").root
        let node = try #require(root[key])
        #expect(node.string == value)
        #expect(node.scalarStyle == style)
        #expect(node.location == SourceLocation(file: "s.yaml", line: line, column: column))
    }

    @Test func keysHaveTheirOwnLocations() throws {
        let root = try YAMLParser.parseDocument("a: 1\n  # note\nlong_key:   two\n", file: "k.yaml").root
        let pairs = try #require(root.pairs)
        #expect(pairs.map(\.key.location.description) == ["k.yaml:1:1", "k.yaml:3:1"])
        #expect(pairs.map(\.value.location.description) == ["k.yaml:1:4", "k.yaml:3:13"])
        #expect(root.keys == ["a", "long_key"])
        #expect(root.location.description == "k.yaml:1:1")
    }

    @Test func columnsCountUnicodeScalars() throws {
        let root = try YAMLParser.parseDocument("- é: ü\n- 日本: x\n", file: "u.yaml").root
        let items = try #require(root.items)
        #expect(items[0]["é"]?.location.column == 6)
        #expect(items[1]["日本"]?.location.column == 7)
    }

    @Test func byteOrderMarkIsNotAColumn() throws {
        let root = try YAMLParser.parseDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("a: b".utf8), file: "b.yaml").root
        #expect(root["a"]?.location.column == 4)
    }

    @Test func tagsAreKept() throws {
        let root = try YAMLParser.parseDocument("a: !!str 3\nb: !local x\nc: 3\n", file: "t.yaml").root
        #expect(root["a"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["a"]?.int == nil)
        #expect(root["b"]?.tag == "!local")
        #expect(root["c"]?.tag == nil)
        #expect(root["c"]?.int == 3)
    }

    /// (YAML text of the value, int, double, bool, isNull)
    @Test(arguments: [
        ("3", 3, 3.0, nil, false),
        ("\"3\"", nil, nil, nil, false),
        ("'3'", nil, nil, nil, false),
        ("-42", -42, -42.0, nil, false),
        ("+7", 7, 7.0, nil, false),
        ("1_000", 1000, 1000.0, nil, false),
        ("0x1F", 31, 31.0, nil, false),
        ("0o17", 15, 15.0, nil, false),
        ("9223372036854775807", Int.max, 9223372036854775807.0, nil, false),
        ("9223372036854775808", nil, 9223372036854775808.0, nil, false),
        ("2.5", nil, 2.5, nil, false),
        (".5", nil, 0.5, nil, false),
        ("-1.5e3", nil, -1500.0, nil, false),
        ("1e", nil, nil, nil, false),
        ("2.5s", nil, nil, nil, false),
        ("nan", nil, nil, nil, false),
        ("0x1p3", nil, nil, nil, false),
        ("!!float 2", nil, 2.0, nil, false),
        ("!!int \"5\"", 5, 5.0, nil, false),
        ("true", nil, nil, true, false),
        ("False", nil, nil, false, false),
        ("yes", nil, nil, true, false),
        ("NO", nil, nil, false, false),
        ("on", nil, nil, true, false),
        ("Off", nil, nil, false, false),
        ("\"yes\"", nil, nil, nil, false),
        ("tRUE", nil, nil, nil, false),
        ("null", nil, nil, nil, true),
        ("~", nil, nil, nil, true),
        ("", nil, nil, nil, true),
        ("\"\"", nil, nil, nil, false),
        ("'null'", nil, nil, nil, false),
        ("!!null x", nil, nil, nil, true),
    ] as [(String, Int?, Double?, Bool?, Bool)])
    func coreSchema(value: String, int: Int?, double: Double?, bool: Bool?, isNull: Bool) throws {
        let node = try #require(try YAMLParser.parseDocument("v: \(value)", file: "v.yaml").root["v"])
        #expect(node.int == int)
        #expect(node.double == double)
        #expect(node.bool == bool)
        #expect(node.isNull == isNull)
    }

    @Test func specialFloats() throws {
        let root = try YAMLParser.parseDocument("[.inf, -.Inf, .NaN, \".inf\"]", file: "f.yaml").root
        let items = try #require(root.items)
        #expect(items[0].double == .infinity)
        #expect(items[1].double == -.infinity)
        #expect(items[2].double?.isNaN == true)
        #expect(items[3].double == nil)
    }

    @Test func collectionsHaveNoScalarValue() throws {
        let root = try YAMLParser.parseDocument("a: [1]\nb: {c: d}\n", file: "c.yaml").root
        #expect(root["a"]?.string == nil)
        #expect(root["a"]?.int == nil)
        #expect(root["b"]?.isNull == false)
        #expect(root["a"]?.kindName == "sequence")
        #expect(root["b"]?.kindName == "mapping")
        #expect(root["missing"] == nil)
        #expect(root["a"]?["x"] == nil)
    }
}
