/// An error reading, merging or writing reports.
public enum ReportError: Error, CustomStringConvertible, Sendable, Hashable {
    /// `merge` was given no reports.
    case nothingToMerge
    /// Two shard reports both contain an output of this name.
    case duplicateOutput(String)
    /// A report was written by a newer schema than this code reads.
    case unsupportedSchemaVersion(Int)
    /// A report file is not valid report JSON.
    case invalidJSON(String)
    /// A report file could not be written.
    case writeFailed(path: String, reason: String)
    /// There is no report file at this path.
    case missing(path: String)

    /// Lowercase message, names in 'quotes'.
    public var description: String {
        switch self {
        case .nothingToMerge:
            return "no reports to merge"
        case .duplicateOutput(let name):
            return "output '\(name)' appears in more than one report; were the shards overlapping?"
        case .unsupportedSchemaVersion(let version):
            return "report schema version \(version) is newer than this mediabatch reads (\(RunReport.currentSchemaVersion)); upgrade mediabatch"
        case .invalidJSON(let reason):
            return "invalid report JSON: \(reason)"
        case .writeFailed(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .missing(let path):
            return "no report at '\(path)'"
        }
    }
}
