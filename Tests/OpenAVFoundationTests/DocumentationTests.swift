import Foundation
import Testing

/// docs/openavfoundation.md lists every public symbol of the library.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The names declared `public` in Sources/OpenAVFoundation and its sub-folders (functions, properties, types,
    /// protocols).
    static func publicNames() throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/OpenAVFoundation")
        let pattern = try Regex(#"public (?:(?:static|class|convenience|override|final) )*(?:func|var|let|class|struct|enum|typealias|protocol) `?([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        #expect(files.contains("CoreMedia/CMTime.swift"))
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func everyPublicNameIsDocumented() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/openavfoundation.md"), encoding: .utf8)
        let names = try Self.publicNames()
        #expect(names.count > 200)
        let missing = names.filter { name in
            !text.contains("`\(name)") && !text.contains(".\(name)") && !text.contains("\(name)(")
        }
        #expect(missing.isEmpty, "not in docs/openavfoundation.md: \(missing.sorted())")
    }
}
