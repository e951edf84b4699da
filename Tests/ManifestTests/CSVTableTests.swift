import Manifest
import Testing

struct CSVTableTests {
    @Test func readsQuotedFieldsWithCommasQuotesAndNewlines() throws {
        let table = try CSVTable(parsing: "\u{FEFF}name,headline\r\nshoes,\"Run, \"\"fast\"\"\nnow\"\r\n\r\nbag,plain\n")
        #expect(table.columns == ["name", "headline"])
        #expect(table.rows.map(\.values) == [["name": "shoes", "headline": "Run, \"fast\"\nnow"], ["name": "bag", "headline": "plain"]])
        #expect(table.rows.map(\.line) == [2, 5])
    }

    @Test func stopsOneRecordPastTheLimit() throws {
        let table = try CSVTable(parsing: "n\n1\n2\n3\n4\n5\n", maxRecords: 2)
        #expect(table.rows.map(\.values) == [["n": "1"], ["n": "2"], ["n": "3"]])
    }

    @Test(arguments: [
        ("a,b\n1\n", "2:1: row has 1 fields but the header names 2 columns"),
        ("a,b\n\"1,2\n", "2:1: the quoted field that starts here is not closed before the end of the file"),
        ("a,b\nx\"y,2\n", "2:2: a quote inside an unquoted field; quote the whole field and double the quote (\"\")"),
        ("a,b\n\"x\"y,2\n", "2:4: text after a closing quote; a quoted field must end at a comma or the line's end"),
        ("a,b\n\"x\"\"y\"z,2\n", "2:7: text after a closing quote; a quoted field must end at a comma or the line's end"),
        ("a,b\n\"x\ny\"1,2\n", "3:3: text after a closing quote; a quoted field must end at a comma or the line's end"),
        ("a, ,c\n1,2,3\n", "1:1: a column has no name"),
        ("a,a\n1,2\n", "1:1: column 'a' is named twice"),
        ("", "1:1: the table is empty; the first line must name the columns"),
    ])
    func reportsMalformedTables(text: String, expected: String) {
        #expect(throws: CSVTable.ParseError.self) { try CSVTable(parsing: text) }
        do {
            _ = try CSVTable(parsing: text)
        } catch {
            #expect("\(error.line):\(error.column): \(error.message)" == expected)
        }
    }
}
