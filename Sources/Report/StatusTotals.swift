/// How many outputs ended in each status.
public struct StatusTotals: Sendable, Hashable, Codable {
    /// All outputs.
    public var total: Int
    /// Rendered in this run.
    public var rendered: Int
    /// Already up to date.
    public var upToDate: Int
    /// Failed.
    public var failed: Int
    /// Skipped.
    public var skipped: Int
    /// Cancelled.
    public var cancelled: Int

    /// Counts the statuses of `outputs`.
    public init(counting outputs: [OutputReport]) {
        self.init()
        for output in outputs { self[output.status] += 1 }
    }

    /// All zero.
    public init() {
        total = 0
        rendered = 0
        upToDate = 0
        failed = 0
        skipped = 0
        cancelled = 0
    }

    /// The count of one status; setting it adjusts `total` too.
    public subscript(status: OutputStatus) -> Int {
        get {
            switch status {
            case .rendered: rendered
            case .upToDate: upToDate
            case .failed: failed
            case .skipped: skipped
            case .cancelled: cancelled
            }
        }
        set {
            total += newValue - self[status]
            switch status {
            case .rendered: rendered = newValue
            case .upToDate: upToDate = newValue
            case .failed: failed = newValue
            case .skipped: skipped = newValue
            case .cancelled: cancelled = newValue
            }
        }
    }
}
