import Foundation
public import Report

/// Writes a run's report where it belongs: one report per output folder, describing that folder (entries this run
/// looked at replace the earlier report's; the others are kept while their output is still declared there or its
/// file is still on disk), and, when asked, one combined report of the whole run.
public enum ReportFolders {
    /// One report written, or why it could not be.
    public struct Written: Sendable {
        /// The folder.
        public var directory: String
        /// The report as written (paths absolute).
        public var report: RunReport
        /// Why writing failed, if it did.
        public var error: ReportError?
    }

    /// Writes `report` split by folder. `folders` gives each output's folder (outputs missing from it go to their
    /// file's folder); `declared` every output the manifests declare with its folder; `combined` a folder for the
    /// report of the whole run.
    public static func write(_ report: RunReport, folders: [String: String], declared: [String: String],
                             combined: String? = nil) -> [Written] {
        var byFolder: [String: [OutputReport]] = [:]
        for output in report.outputs {
            let folder = folders[output.name] ?? (output.path as NSString).deletingLastPathComponent
            byFolder[standardized(folder), default: []].append(output)
        }
        var written: [Written] = []
        for (folder, outputs) in byFolder.sorted(by: { $0.key < $1.key }) {
            let part = RunReport(toolVersion: report.toolVersion, host: report.host, startedAt: report.startedAt,
                                 finishedAt: report.finishedAt, wallSeconds: report.wallSeconds, shard: report.shard,
                                 outputs: outputs)
            written.append(write(part, to: folder) { entry in
                declared[entry.name].map(standardized) == folder || FileManager.default.fileExists(atPath: entry.path)
            })
        }
        if let combined {
            written.append(write(report, to: standardized(combined)) { declared[$0.name] != nil })
        }
        return written
    }

    /// Writes `report` into `folder`, updating the report already there.
    private static func write(_ report: RunReport, to folder: String, keeps: (OutputReport) -> Bool) -> Written {
        let previous = try? RunReport(contentsOf: folder)
        let updated = report.updating(previous, keeps: keeps)
        do {
            try updated.write(to: URL(fileURLWithPath: folder))
            return Written(directory: folder, report: updated, error: nil)
        } catch {
            return Written(directory: folder, report: updated, error: error)
        }
    }

    private static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (absolute as NSString).standardizingPath
    }
}
