import Foundation
import MediaCore
import YAML

/// The variable sets one output entry expands into: its `vars`, times each `data` row, times each `matrix` combination.
struct VariableSets {
    /// One set of variables and what produced it, for messages.
    struct Entry {
        var variables: [String: String]
        /// `data/products.csv:3` when the set comes from a data row.
        var origin: String?
        /// That data row, for notes on problems its values cause.
        var row: DataRow? = nil
    }

    /// Builds the sets for `entry` (named `name` as written), reading its data table relative to `directory`;
    /// nil when something is wrong, or when there would be more sets than `budget` allows (counted before any is
    /// made).
    static func expand(_ entry: [String: YAMLNode], name: String, base: [String: String],
                       baseNodes: [String: YAMLNode] = [:], directory: String, budget: OutputBudget,
                       reader: inout NodeReader) -> [Entry]? {
        guard var rows = combinations(entry, name: name, base: base, directory: directory, budget: budget,
                                      reader: &reader) else { return nil }
        var templates = VariableTemplates(baseNodes)
        if let pairs = entry["vars"]?.pairs { templates.add(pairs) }
        guard !templates.isEmpty else { return rows }
        // A template that cannot be filled is an error (which stops a run); the outputs are still read, so their
        // other problems are reported too.
        for index in rows.indices { _ = templates.resolve(&rows[index].variables, reader: &reader) }
        // Which of the templates a row's values fill in, for the note at the row on a problem they cause.
        for index in rows.indices {
            guard let columns = rows[index].row?.columns else { continue }
            for name in templates.names where !columns.contains(name) {
                let read = templates.columns(readBy: name, among: columns)
                if !read.isEmpty { rows[index].row?.derived[name] = read }
            }
        }
        return rows
    }

    /// Every combination of `vars`, data rows and matrix values, without resolving placeholders in `vars`.
    private static func combinations(_ entry: [String: YAMLNode], name: String, base: [String: String],
                                     directory: String, budget: OutputBudget, reader: inout NodeReader) -> [Entry]? {
        let allowed = max(0, min(budget.manifestLimit - budget.manifestUsed, budget.runLimit - budget.runUsed))
        guard let variables = entryVariables(entry["vars"], base: base, reader: &reader) else { return nil }
        var rows: [Entry] = [Entry(variables: variables, origin: nil)]
        if let node = entry["data"] {
            guard let path = reader.string(node, "data"),
                  let records = readTable(path, at: node, directory: directory, maxRecords: allowed, reader: &reader)
            else { return nil }
            rows = records.map { record in
                Entry(variables: variables.merging(record.values) { _, row in row }, origin: record.origin, row: record.row)
            }
        }
        guard let node = entry["matrix"] else {
            guard let at = entry["data"] ?? entry["name"] else { return rows }
            return checkCount(rows: rows.count, dataNode: entry["data"], axes: [], name: name, budget: budget,
                              at: at, reader: &reader) ? rows : nil
        }
        guard let axes = matrixAxes(node, reader: &reader),
              checkCount(rows: rows.count, dataNode: entry["data"], axes: axes, name: name, budget: budget,
                         at: node, reader: &reader) else { return nil }
        for (key, values) in axes {
            rows = rows.flatMap { row in
                values.map { value in
                    var next = row
                    next.variables[key] = value
                    return next
                }
            }
        }
        return rows
    }

    /// `base` with the entry's own `vars:` over it; nil (with the error) when `vars` is not a mapping.
    private static func entryVariables(_ node: YAMLNode?, base: [String: String],
                                       reader: inout NodeReader) -> [String: String]? {
        guard let node else { return base }
        guard let pairs = variablePairs(node, reader: &reader) else { return nil }
        return base.merging(pairs.map { ($0.name, $0.value) }) { _, own in own }
    }

    /// The text values of a `vars:` mapping with their nodes, in order (a value that is not text is reported and left
    /// out); nil, with the error, when `node` is not a mapping.
    static func variablePairs(_ node: YAMLNode,
                              reader: inout NodeReader) -> [(name: String, value: String, node: YAMLNode)]? {
        guard let pairs = node.pairs else {
            reader.error("'vars' must be a mapping of names to values, not a \(node.kindName)", at: node)
            return nil
        }
        return pairs.compactMap { pair in
            guard let name = pair.key.string, let value = reader.string(pair.value, name) else { return nil }
            return (name, value, pair.value)
        }
    }

    /// `matrix:`'s axes in order, each a variable and its values (a single value counts as a list of one); nil (with
    /// the error) when it is not a mapping or an axis has no values.
    private static func matrixAxes(_ node: YAMLNode, reader: inout NodeReader) -> [(String, [String])]? {
        guard let pairs = node.pairs else {
            reader.error("'matrix' must be a mapping of variable names to lists of values, not a \(node.kindName)", at: node)
            return nil
        }
        var axes: [(String, [String])] = []
        for pair in pairs {
            guard let key = pair.key.string else { continue }
            let items = pair.value.items ?? [pair.value]
            var values: [String] = []
            for item in items {
                if let text = reader.string(item, "matrix '\(key)'") { values.append(text) }
            }
            if values.isEmpty {
                reader.error("matrix '\(key)' has no values", at: pair.value)
                return nil
            }
            axes.append((key, values))
        }
        return axes
    }

    /// One record of a data table with where it came from.
    struct Record {
        var values: [String: String]
        var origin: String
        var row: DataRow
    }

    /// Whether `rows` data rows times every combination of `axes` fit in `budget`; an error at `node` if not.
    private static func checkCount(rows: Int, dataNode: YAMLNode?, axes: [(String, [String])], name: String,
                                   budget: OutputBudget, at node: YAMLNode, reader: inout NodeReader) -> Bool {
        var count: Int? = rows
        for (_, values) in axes {
            count = count.flatMap { total in
                let (product, overflow) = total.multipliedReportingOverflow(by: values.count)
                return overflow ? nil : product
            }
        }
        var factors = dataNode == nil ? [] : ["\(rows) data row\(rows == 1 ? "" : "s")"]
        factors += axes.map { "\($0.1.count) '\($0.0)'" }
        let text = factors.isEmpty ? "one output" : factors.joined(separator: " x ")
        guard let refusal = budget.refusal(of: count, name: name, factors: text) else { return true }
        reader.error(refusal, at: node)
        return false
    }

    /// Reads a CSV file, or a JSON or YAML list of objects: at most `maxRecords + 1` records, so a table over the
    /// limit is found without holding it all.
    static func readTable(_ path: String, at node: YAMLNode, directory: String, maxRecords: Int = .max,
                          reader: inout NodeReader) -> [Record]? {
        let resolved = ManifestFile.resolve(path, against: directory)
        let data: [UInt8]
        do {
            data = try LocalFile.contents(of: resolved, limit: YAMLLimits().maxBytes)
        } catch {
            reader.error("data table '\(path)' \(error) (resolved to '\(resolved)')", at: node)
            return nil
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            reader.error("data table '\(path)' is not UTF-8 text", at: node)
            return nil
        }
        let lower = path.lowercased()
        if lower.hasSuffix(".json") || lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
            let rows = DataRowQuoter(path: path, manifest: node.location.file, text: text)
            return readList(text, rows: rows, resolved: resolved, at: node, maxRecords: maxRecords, reader: &reader)
        }
        do {
            let table = try CSVTable(parsing: text, maxRecords: maxRecords)
            if table.rows.isEmpty { reader.error("data table '\(path)' has no rows", at: node) }
            let rows = DataRowQuoter(path: path, manifest: node.location.file, text: text)
            return table.rows.map { rows.record($0.values, line: $0.line, columns: table.columns) }
        } catch {
            reader.error("data table '\(path)' line \(error.line), column \(error.column): \(error.message)", at: node)
            return nil
        }
    }

    /// A JSON or YAML list of flat objects (JSON is YAML, so one parser reads both).
    private static func readList(_ text: String, rows: DataRowQuoter, resolved: String, at node: YAMLNode,
                                 maxRecords: Int, reader: inout NodeReader) -> [Record]? {
        let path = rows.path
        let document: YAMLDocument
        do {
            document = try YAMLParser.parseDocument(text, file: resolved)
        } catch {
            reader.diagnostics.add(error.diagnostic)
            return nil
        }
        guard let items = document.root.items else {
            reader.error("data table '\(path)' must be a list of objects, not a \(document.root.kindName)", at: node)
            return nil
        }
        var records: [Record] = []
        var tableReader = NodeReader(source: document.source)
        defer { reader.diagnostics.append(contentsOf: tableReader.diagnostics) }
        for item in items.prefix(maxRecords == .max ? .max : maxRecords + 1) {
            guard let pairs = item.pairs else {
                tableReader.error("each row of a data table must be an object of column names to values", at: item)
                continue
            }
            var values: [String: String] = [:]
            for pair in pairs {
                guard let key = pair.key.string else { continue }
                if let value = tableReader.string(pair.value, key) { values[key] = value }
            }
            records.append(rows.record(values, at: item.location, columns: pairs.compactMap { $0.key.string }))
        }
        return records
    }
}
