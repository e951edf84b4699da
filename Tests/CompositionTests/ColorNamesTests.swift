import Testing
import Composition

struct ColorNamesTests {
    static let parsed: [(String, Color?)] = [
        ("black", Color(red: 0, green: 0, blue: 0)),
        ("White", Color(red: 1, green: 1, blue: 1)),
        ("green", Color(red: 0, green: 128 / 255, blue: 0)),
        ("lime", Color(red: 0, green: 1, blue: 0)),
        ("navy", Color(red: 0, green: 0, blue: 128 / 255)),
        ("rebeccapurple", Color(red: 0x66 / 255, green: 0x33 / 255, blue: 0x99 / 255)),
        ("#E04010", Color(red: 0xe0 / 255, green: 0x40 / 255, blue: 0x10 / 255)),
        ("#e0401080", Color(red: 0xe0 / 255, green: 0x40 / 255, blue: 0x10 / 255, alpha: 0x80 / 255)),
        ("#f80", Color(red: 1, green: 0x88 / 255, blue: 0)),
        ("#f808", Color(red: 1, green: 0x88 / 255, blue: 0, alpha: 0x88 / 255)),
        ("#12345", nil), ("#zzzzzz", nil), ("0xff0000", nil), ("reddish", nil), ("", nil), ("#", nil),
        ("# ff0000", nil), ("#+f0000", nil), ("#ｆｆ0000", nil),
    ]

    @Test(arguments: parsed)
    func parses(_ text: String, _ expected: Color?) {
        #expect(Color(parsing: text) == expected)
    }

    @Test func everyNameParsesAndTheListIsSorted() {
        #expect(Color.names.count == 148)
        #expect(Color.names == Color.names.sorted())
        #expect(Color.names.allSatisfy { Color(parsing: $0)?.alpha == 1 })
        #expect(Color(parsing: "grey") == Color(parsing: "gray"))
    }
}
