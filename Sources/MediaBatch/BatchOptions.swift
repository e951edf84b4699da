public import MediaCore

/// How a batch runs: which outputs, where, how many at once, and what to do on failure.
public struct BatchOptions: Sendable {
    /// Manifest files or directories.
    public var paths: [String]
    /// Write outputs and reports here instead of each manifest's `out`.
    public var outDirectory: String?
    /// At most this many renders at once; nil fits the machine's cores.
    public var jobs: Int?
    /// Start a render only when the estimated peaks fit in this (`--max-memory`); nil for the machine's default.
    public var maxMemory: MemoryBudget?
    /// Only outputs whose names match one of these globs (and what they depend on).
    public var only: [String] = []
    /// A preset for every output.
    public var presetOverride: String?
    /// Render even up-to-date outputs.
    public var force = false
    /// Start no render after the first failure.
    public var failFast = false
    /// Extra attempts for transient (I/O) failures.
    public var retries = 0
    /// How long one render may run (`--timeout`) before it is stopped and fails at stage `timeout`; nil for no limit.
    public var timeLimit: MediaTime?
    /// This machine's share of the batch, `index` 0-based.
    public var shard: (index: Int, count: Int)?
    /// The tool's version, recorded in fingerprints and reports.
    public var toolVersion: String
    /// Make a small poster picture per output for the HTML report.
    public var posters = true
    /// Tolerate no damaged source packet (`run --strict`): every output's damage limit becomes 0.
    public var strict = false
    /// Let sources be named pipes or character or block devices (`--allow-devices`).
    public var allowsDevices = false
    /// The cache folder (`--cache`): its `segments/` keeps encoded segments for later runs; nil for none.
    public var cacheDirectory: String?
    /// The most bytes `segments/` keeps after a run (`--cache-size`); 0 keeps no segments.
    public var cacheBytes = BatchOptions.defaultCacheBytes
    /// The default `cacheBytes`: 2 GiB.
    public static let defaultCacheBytes = 2 << 30

    /// Options for `paths` with defaults for everything else.
    public init(paths: [String], toolVersion: String) {
        self.paths = paths
        self.toolVersion = toolVersion
    }
}
