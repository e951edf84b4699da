import Foundation
import MediaBatch
import MediaCore
import Report

/// What `validate --json` prints: the counts, and each file's problems in the order the text prints them (a note
/// after the problem it explains), for CI steps and editors that read them rather than the terminal's text.
struct ValidationDocument: Encodable {
    /// One file's problems and, for a manifest, its outputs.
    struct File: Encodable {
        /// Nil for problems that belong to no file (a path that does not exist).
        var file: String?
        var errors: Int
        var warnings: Int
        var outputs: Int?
        var buildableOutputs: Int?
        /// Each problem, warning or note, written as report.json writes a failure's problems.
        var diagnostics: [ReportProblem]
    }

    var errors: Int
    var warnings: Int
    var manifests: Int
    var outputs: Int
    var buildableOutputs: Int
    var files: [File]

    /// The document of `report`.
    init(_ report: ValidationReport) {
        errors = report.errorCount
        warnings = report.warningCount
        manifests = report.manifestCount
        outputs = report.outputCount
        buildableOutputs = report.outputCount - report.brokenOutputCount
        files = report.groups.map { group in
            File(file: group.file, errors: group.errorCount, warnings: group.warningCount, outputs: group.outputCount,
                 buildableOutputs: group.outputCount.map { $0 - group.brokenOutputCount },
                 diagnostics: group.diagnostics.map {
                     ReportProblem(severity: $0.severity.rawValue, message: $0.message, location: $0.location)
                 })
        }
    }

    /// The pretty-printed JSON text, keys sorted.
    func text() throws -> String {
        String(decoding: try SortedJSONEncoder(prettyPrinted: true).encode(self), as: UTF8.self)
    }
}
