/// A data table read from CSV (RFC 4180): a header row naming the columns, then one record per output.
public struct CSVTable: Sendable, Hashable {
    /// The column names, in file order.
    public var columns: [String]
    /// The records in file order.
    public var rows: [Row]

    /// One record: its values by column name, and its 1-based line in the file.
    public struct Row: Sendable, Hashable {
        /// The line the record starts on.
        public var line: Int
        /// The record's values by column name.
        public var values: [String: String]
    }

    /// Why a CSV text could not be read; `line` and `column` are 1-based.
    public struct ParseError: Error, Sendable, Hashable {
        /// The line of the problem.
        public var line: Int
        /// The column of the problem.
        public var column: Int
        /// What is wrong, lowercase.
        public var message: String
    }

    /// Parses CSV text: quoted fields with `""` escapes and embedded commas and newlines, CRLF or LF line ends,
    /// an optional UTF-8 byte order mark, blank lines skipped; every record must have as many fields as the header.
    /// Reading stops after `maxRecords + 1` records (so a caller can tell the table is over its limit without
    /// holding millions of rows).
    public init(parsing text: String, maxRecords: Int = .max) throws(ParseError) {
        var reader = CSVRecordReader(text: text, recordLimit: maxRecords < .max ? maxRecords + 1 : .max)
        let records = try reader.readAll()
        guard let header = records.first else {
            throw ParseError(line: 1, column: 1, message: "the table is empty; the first line must name the columns")
        }
        columns = try Self.columnNames(header)
        rows = try records.dropFirst().map { [columns] record throws(ParseError) in
            guard record.fields.count == columns.count else {
                throw ParseError(line: record.line, column: 1,
                                 message: "row has \(record.fields.count) fields but the header names \(columns.count) columns")
            }
            return Row(line: record.line, values: Dictionary(uniqueKeysWithValues: zip(columns, record.fields)))
        }
    }

    /// The header's names without surrounding spaces; each must be present and used once.
    private static func columnNames(_ header: CSVRecordReader.Record) throws(ParseError) -> [String] {
        let names = header.fields.map(\.trimmingSpaces)
        var seen = Set<String>()
        for name in names {
            if name.isEmpty {
                throw ParseError(line: header.line, column: 1, message: "a column has no name")
            }
            if !seen.insert(name).inserted {
                throw ParseError(line: header.line, column: 1, message: "column '\(name)' is named twice")
            }
        }
        return names
    }
}

/// Splits CSV text into records of fields, one scalar at a time, keeping the line and column for errors.
private struct CSVRecordReader {
    /// One record's fields and the line it starts on.
    typealias Record = (line: Int, fields: [String])

    private var iterator: Substring.UnicodeScalarView.Iterator
    private var pending: Unicode.Scalar?
    private let recordLimit: Int
    private var records: [Record] = []
    private var fields: [String] = []
    private var field = String.UnicodeScalarView()
    private var line = 1, column = 1, recordLine = 1
    private var inQuotes = false, wasQuoted = false, fieldStarted = false
    private var quoteStart = (line: 1, column: 1)

    /// A reader of `text` (without its byte order mark) that stops after `recordLimit` records, the header included.
    init(text: String, recordLimit: Int) {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        iterator = scalars.makeIterator()
        pending = iterator.next()
        self.recordLimit = recordLimit
    }

    /// Every record of the text, blank lines left out; an unclosed quote or a stray one is an error.
    mutating func readAll() throws(CSVTable.ParseError) -> [Record] {
        while let scalar = pending {
            pending = iterator.next()
            if inQuotes { readQuoted(scalar) } else { try readUnquoted(scalar) }
            column += 1
        }
        if inQuotes {
            throw CSVTable.ParseError(line: quoteStart.line, column: quoteStart.column,
                                      message: "the quoted field that starts here is not closed before the end of the file")
        }
        endRecord()
        return records
    }

    /// Takes a scalar inside quotes: `""` is one quote, a lone quote closes the field.
    private mutating func readQuoted(_ scalar: Unicode.Scalar) {
        if scalar == "\"" {
            if pending == "\"" {
                field.append("\"")
                pending = iterator.next()
                column += 1
            } else {
                inQuotes = false
            }
        } else {
            field.append(scalar)
            if scalar == "\n" { line += 1; column = 0 }
        }
    }

    /// Takes a scalar outside quotes: a quote opening a field, a comma ending one, a line end ending the record.
    private mutating func readUnquoted(_ scalar: Unicode.Scalar) throws(CSVTable.ParseError) {
        switch scalar {
        case "\"":
            guard !fieldStarted else {
                throw CSVTable.ParseError(line: line, column: column, message: "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
            }
            inQuotes = true
            quoteStart = (line, column)
            wasQuoted = true
            fieldStarted = true
        case ",":
            fields.append(String(field))
            startField()
        case "\r", "\n":
            if scalar == "\r" && pending == "\n" { pending = iterator.next() }
            endRecord()
            line += 1
            column = 0
            recordLine = line
            if records.count > recordLimit { pending = nil }
        default:
            if wasQuoted {
                throw CSVTable.ParseError(line: line, column: column, message: "text after a closing quote; a quoted field must end at a comma or the line's end")
            }
            field.append(scalar)
            fieldStarted = true
        }
    }

    /// Ends the record at a line end (a blank line is no record).
    private mutating func endRecord() {
        if !(fields.isEmpty && field.isEmpty && !wasQuoted) {
            fields.append(String(field))
            records.append((recordLine, fields))
        }
        fields = []
        startField()
    }

    /// Starts an empty field.
    private mutating func startField() {
        field = String.UnicodeScalarView()
        wasQuoted = false
        fieldStarted = false
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
