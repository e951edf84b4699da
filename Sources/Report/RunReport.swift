import Foundation

/// The report of one `mediabatch run` (or of merged shard runs): run facts, totals and one entry per output.
public struct RunReport: Sendable, Hashable, Codable {
    /// The JSON schema version this code writes; see docs/report-schema.md.
    public static let currentSchemaVersion = 1

    /// The schema version of this report.
    public var schemaVersion: Int
    /// mediabatch's version.
    public var toolVersion: String
    /// The machine's host name (merged reports list distinct hosts, comma-separated).
    public var host: String
    /// When the run started.
    public var startedAt: Date
    /// When the run finished.
    public var finishedAt: Date
    /// Wall-clock seconds of the run.
    public var wallSeconds: Double
    /// Outputs per status.
    public var totals: StatusTotals
    /// `K/N` when this run was one shard of several.
    public var shard: String?
    /// One entry per output, sorted by name.
    public var outputs: [OutputReport]

    /// Creates a report; outputs are sorted by name and totals counted from them.
    public init(
        toolVersion: String, host: String, startedAt: Date, finishedAt: Date, wallSeconds: Double? = nil,
        shard: String? = nil, outputs: [OutputReport]
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.toolVersion = toolVersion
        self.host = host
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.wallSeconds = wallSeconds ?? finishedAt.timeIntervalSince(startedAt)
        self.shard = shard
        self.outputs = outputs.sorted { $0.name < $1.name }
        totals = StatusTotals(counting: self.outputs)
    }

    /// Whether every output is rendered or up to date (exit status 0).
    public var isSuccess: Bool { outputs.allSatisfy(\.status.isSuccess) }

    /// `3 outputs: 1 rendered, 1 up-to-date, 1 failed, 0 skipped, 0 cancelled in 12.34s`.
    public var summaryLine: String {
        let counts = OutputStatus.allCases.map { "\(totals[$0]) \($0.rawValue)" }.joined(separator: ", ")
        let noun = totals.total == 1 ? "output" : "outputs"
        var line = "\(totals.total) \(noun): \(counts) in \(ReportText.seconds(wallSeconds))"
        if let shard { line += " (shard \(shard))" }
        let earlier = earlierRunCount
        if earlier > 0 { line += "; \(earlier) of them from earlier runs" }
        return line
    }
}
