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
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var rawRecords: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1, column = 1
        var recordLine = 1
        var inQuotes = false, wasQuoted = false, fieldStarted = false
        var quoteStart = (line: 1, column: 1)
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()

        func endRecord() {
            if !(fields.isEmpty && field.isEmpty && !wasQuoted) {
                fields.append(String(field))
                rawRecords.append((recordLine, fields))
            }
            fields = []
            field = String.UnicodeScalarView()
            wasQuoted = false
            fieldStarted = false
        }

        while let scalar = pending {
            pending = iterator.next()
            if inQuotes {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = iterator.next()
                        column += 2
                        continue
                    }
                    inQuotes = false
                } else {
                    field.append(scalar)
                    if scalar == "\n" { line += 1; column = 0 }
                }
                column += 1
                continue
            }
            switch scalar {
            case "\"":
                guard !fieldStarted else {
                    throw ParseError(line: line, column: column, message: "a quote inside an unquoted field; quote the whole field and double the quote (\"\")")
                }
                inQuotes = true
                quoteStart = (line, column)
                wasQuoted = true
                fieldStarted = true
            case ",":
                fields.append(String(field))
                field = String.UnicodeScalarView()
                wasQuoted = false
                fieldStarted = false
            case "\r", "\n":
                if scalar == "\r" && pending == "\n" { pending = iterator.next() }
                endRecord()
                line += 1
                column = 0
                recordLine = line
                // The header, then one record more than allowed.
                if maxRecords < .max && rawRecords.count > maxRecords + 1 { pending = nil }
            default:
                if wasQuoted {
                    throw ParseError(line: line, column: column, message: "text after a closing quote; a quoted field must end at a comma or the line's end")
                }
                field.append(scalar)
                fieldStarted = true
            }
            column += 1
        }
        if inQuotes {
            throw ParseError(line: quoteStart.line, column: quoteStart.column,
                             message: "the quoted field that starts here is not closed before the end of the file")
        }
        endRecord()

        guard let header = rawRecords.first else {
            throw ParseError(line: 1, column: 1, message: "the table is empty; the first line must name the columns")
        }
        var seen = Set<String>()
        for name in header.fields {
            let trimmed = name.trimmingSpaces
            if trimmed.isEmpty {
                throw ParseError(line: header.line, column: 1, message: "a column has no name")
            }
            if !seen.insert(trimmed).inserted {
                throw ParseError(line: header.line, column: 1, message: "column '\(trimmed)' is named twice")
            }
        }
        columns = header.fields.map(\.trimmingSpaces)
        var parsed: [Row] = []
        for record in rawRecords.dropFirst() {
            guard record.fields.count == columns.count else {
                throw ParseError(line: record.line, column: 1,
                                 message: "row has \(record.fields.count) fields but the header names \(columns.count) columns")
            }
            parsed.append(Row(line: record.line, values: Dictionary(uniqueKeysWithValues: zip(columns, record.fields))))
        }
        rows = parsed
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
