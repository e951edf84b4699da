public import Report

/// What a running batch reports to the terminal, serially.
public enum BatchEvent: Sendable {
    /// Rendering starts: how many outputs will be looked at, how many render, and how many cannot be built (a
    /// source is missing, a value is wrong, or an output they use cannot be built).
    case planned(total: Int, toRender: Int, cannotBuild: Int, concurrency: Int)
    /// An output's render started (an output up to date, or that cannot be built, only finishes).
    case started(name: String, expectedSeconds: Double)
    /// An output's render progressed (0...1).
    case progress(name: String, fraction: Double)
    /// An output reached its final status.
    case finished(OutputReport)
}
