import Manifest
import Testing

struct InterpolationTests {
    @Test(arguments: [
        ("promo-{product}-{aspect}", "promo-shoes-9x16"),
        ("{{literal}} {product}", "{literal} shoes"),
        ("a }} b", "a } b"),
        ("no placeholders", "no placeholders"),
        ("{aspect}{aspect}", "9x169x16"),
    ])
    func fillsPlaceholders(text: String, expected: String) throws {
        #expect(try Interpolation.resolve(text, with: ["product": "shoes", "aspect": "9x16"]) == expected)
    }

    @Test(arguments: [
        ("{prodct}", 0, "unknown variable 'prodct'; did you mean 'product'?"),
        ("x-{zzz}", 2, "unknown variable 'zzz'; known variables: 'aspect', 'product'"),
        ("{product", 0, "'{' is not closed; write '{{' for a literal brace"),
        ("a {}", 2, "empty placeholder '{}'; write '{{}}' for literal braces"),
        ("{a b}", 0, "invalid variable name 'a b' in placeholder"),
    ])
    func reportsBadPlaceholders(text: String, offset: Int, expected: String) {
        do {
            _ = try Interpolation.resolve(text, with: ["product": "shoes", "aspect": "9x16"])
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.offset == offset)
            #expect(error.description == expected)
        }
    }

    @Test func listsVariablesInOrderOfFirstUse() throws {
        #expect(try Interpolation(parsing: "{b}-{a}-{b}").variableNames == ["b", "a"])
    }
}
