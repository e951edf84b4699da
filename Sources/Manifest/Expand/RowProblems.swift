import MediaCore

/// Problems found in the parts of an output entry that read variables, with the data rows that gave each: a problem
/// is reported once, naming its rows (the first three, the rest counted), or as it is when every row gives it. A bad
/// value in one row of a thousand is then found by its row, and a template mistake is not repeated a thousand times.
struct RowProblems {
    private var order: [Diagnostic] = []
    /// Each problem's rows in the order first found (a row gives several outputs when a matrix multiplies it).
    private var rows: [Diagnostic: [String]] = [:]
    private var recorded: Set<Recorded> = []

    private struct Recorded: Hashable {
        var problem: Diagnostic
        var origin: String
    }

    /// Records `problems` as given by the row at `origin` (`products.csv:4`).
    mutating func add(_ problems: [Diagnostic], from origin: String) {
        for problem in problems {
            if rows[problem] == nil { order.append(problem) }
            guard recorded.insert(Recorded(problem: problem, origin: origin)).inserted else { continue }
            rows[problem, default: []].append(origin)
        }
    }

    /// The problems in the order first found, each naming its rows unless all of `rowCount` rows (more than one)
    /// give it.
    func folded(rowCount: Int) -> [Diagnostic] {
        order.map { problem in
            let origins = rows[problem] ?? []
            guard rowCount < 2 || origins.count < rowCount else { return problem }
            var named = problem
            named.message += " " + Self.phrase(origins)
            return named
        }
    }

    /// `(from data row products.csv:4)`, `(from data rows products.csv:4, 7 and 9)`, or with more than three rows
    /// `(from data rows products.csv:4, 7, 9 and 12 more)`; rows of one file after the first by line only.
    static func phrase(_ origins: [String]) -> String {
        guard let first = origins.first else { return "" }
        if origins.count == 1 { return "(from data row \(first))" }
        let file = first.lastIndex(of: ":").map { String(first[..<$0]) }
        let shown = origins.prefix(3).enumerated().map { index, origin in
            guard index > 0, let file, origin.hasPrefix(file + ":") else { return origin }
            return String(origin.dropFirst(file.count + 1))
        }
        let rest = origins.count - shown.count
        if rest > 0 { return "(from data rows \(shown.joined(separator: ", ")) and \(rest) more)" }
        return "(from data rows \(shown.dropLast().joined(separator: ", ")) and \(shown[shown.count - 1]))"
    }
}
