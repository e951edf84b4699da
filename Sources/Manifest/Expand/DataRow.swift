import Foundation
public import MediaCore

/// The data row an output was made from: where it is written, its text and the variables it sets, so that a problem
/// its values cause (a missing `media/{product}.mp4`) can point at the row.
public struct DataRow: Sendable, Hashable {
    /// The row's first line in the table, its path as the manifest writes it (under the manifest's folder).
    public var location: SourceLocation
    /// That line's text, quoted under a note.
    public var text: String
    /// The variables the row sets (its table's columns, or the keys of its object).
    public var columns: [String]
    /// The `vars` whose values the row fills in (`file: "media/{product}.mp4"`), with the columns each reads,
    /// directly or through other `vars`.
    public var derived: [String: [String]]

    /// Creates a row.
    public init(location: SourceLocation, text: String, columns: [String], derived: [String: [String]] = [:]) {
        self.location = location
        self.text = text
        self.columns = columns
        self.derived = derived
    }
}

/// Makes a table's records with their rows' places and texts.
struct DataRowQuoter {
    /// The table's path as the manifest writes it.
    let path: String
    /// The path shown in a row's location: under the manifest's folder as the user named the manifest.
    let shownPath: String
    /// The table's lines, cut at each line feed (a carriage return before it dropped).
    let lines: [Substring.UnicodeScalarView]

    init(path: String, manifest: String, text: String) {
        self.path = path
        let folder = (manifest as NSString).deletingLastPathComponent
        shownPath = path.hasPrefix("/") || folder.isEmpty ? path
            : Self.lexical((folder as NSString).appendingPathComponent(path))
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.last == "\r" ? Substring.UnicodeScalarView($0.dropLast()) : Substring.UnicodeScalarView($0)
        }
    }

    /// `path` with `.` left out and each `..` taking away the folder before it (`m/../data/a.csv` is
    /// `data/a.csv`), as the table was found; a leading `..` stays.
    static func lexical(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The record of `values` read from the CSV row at `line`, which sets `columns`.
    func record(_ values: [String: String], line: Int, columns: [String]) -> VariableSets.Record {
        record(values, at: SourceLocation(file: shownPath, line: line, column: 1), columns: columns)
    }

    /// The record of `values` read from the list item at `location` (its line and column), which sets `columns`.
    func record(_ values: [String: String], at location: SourceLocation, columns: [String]) -> VariableSets.Record {
        let line = location.line
        let text = lines.indices.contains(line - 1) ? String(lines[line - 1]) : ""
        let place = SourceLocation(file: shownPath, line: line, column: location.column)
        return VariableSets.Record(values: values, origin: "\(path):\(line)",
                                   row: DataRow(location: place, text: text, columns: columns))
    }
}
