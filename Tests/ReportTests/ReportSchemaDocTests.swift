import Foundation
import Report
import Testing

/// Keeps docs/report-schema.md honest: its example is exactly what the encoder writes for `Fixtures.three`.
@Test func schemaDocExampleMatchesEncoder() throws {
    let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/report-schema.md")
    let text = try String(contentsOf: doc, encoding: .utf8)
    let start = try #require(text.range(of: "```json\n"))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    let example = String(text[start.upperBound..<end.lowerBound]) + "\n"
    #expect(example == String(decoding: try Fixtures.three.jsonData(), as: UTF8.self))
    #expect(try RunReport(jsonData: Data(example.utf8)) == Fixtures.three)
}
