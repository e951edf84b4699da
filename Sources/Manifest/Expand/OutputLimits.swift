/// How many outputs manifests may expand to, per manifest (`limits: { outputs: N }`) and per run
/// (`--max-outputs N`). An entry's expansion (data rows times every matrix combination) is counted before it is
/// made, so a 1 KB manifest asking for 10^8 outputs is a positioned error, not an exhausted machine.
public struct OutputLimits: Sendable, Hashable {
    /// The default for one manifest, raised with `limits: { outputs: N }`.
    public static let defaultPerManifest = 10_000
    /// The default for a whole run, raised with `--max-outputs N`.
    public static let defaultPerRun = 100_000

    /// The most outputs all manifests together may expand to.
    public var perRun: Int

    /// Limits with `perRun` for the whole run.
    public init(perRun: Int = Self.defaultPerRun) {
        self.perRun = perRun
    }
}

/// The outputs still allowed while one manifest expands.
struct OutputBudget {
    /// This manifest's limit.
    var manifestLimit: Int
    /// Outputs this manifest has expanded to so far.
    var manifestUsed = 0
    /// The run's limit.
    var runLimit: Int
    /// Outputs all manifests have expanded to so far.
    var runUsed = 0

    /// Counts `count` more outputs.
    mutating func use(_ count: Int) {
        manifestUsed += count
        runUsed += count
    }

    /// Why output entry `name` may not expand into `count` more outputs (made of `factors`, such as
    /// `3 data rows x 100 'a' x 100 'b'`), or nil when they fit.
    func refusal(of count: Int?, name: String, factors: String) -> String? {
        let manifestTotal = count.flatMap { manifestUsed.addingReportingOverflow($0).overflow ? nil : manifestUsed + $0 }
        let runTotal = count.flatMap { runUsed.addingReportingOverflow($0).overflow ? nil : runUsed + $0 }
        let amount = count.map { "\($0)" } ?? "more than \(Int.max)"
        let more = manifestUsed > 0 ? " more" : ""
        if manifestTotal.map({ $0 > manifestLimit }) ?? true {
            let making = manifestUsed > 0 ? ", making \(manifestTotal.map { "\($0)" } ?? "too many") in this manifest" : ""
            return "output '\(name)' expands to \(amount)\(more) outputs (\(factors))\(making), more than this manifest's limit of \(manifestLimit); raise it with 'limits: { outputs: N }' at the top of the manifest"
        }
        if runTotal.map({ $0 > runLimit }) ?? true {
            return "output '\(name)' expands to \(amount) outputs (\(factors)), making \(runTotal.map { "\($0)" } ?? "too many") in this run, more than the run's limit of \(runLimit); raise it with '--max-outputs N'"
        }
        return nil
    }
}
