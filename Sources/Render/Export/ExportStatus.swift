/// Where an export session is in its life (AVAssetExportSessionStatus).
public enum ExportStatus: Int, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Not started.
    case unknown = 0
    /// Queued, waiting to start.
    case waiting = 1
    /// Running.
    case exporting = 2
    /// Finished and verified.
    case completed = 3
    /// Stopped by an error.
    case failed = 4
    /// Stopped by `cancel()`.
    case cancelled = 5

    /// The lowercase name.
    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .waiting: "waiting"
        case .exporting: "exporting"
        case .completed: "completed"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }
}
