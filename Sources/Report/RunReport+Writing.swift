import Foundation

extension RunReport {
    /// The file names `write(to:)` creates.
    public static let fileNames = ["report.json", "report.xml", "report.md", "report.html"]

    /// Writes report.json, report.xml, report.md and report.html into `directory` (created if missing), with paths
    /// relative to it (see `relativized(to:)`): all four are
    /// first written to temporary names in the directory, then each renamed over its final name, so a reader never
    /// sees a partial file. Returns the written files' URLs.
    @discardableResult
    public func write(to directory: URL) throws(ReportError) -> [URL] {
        let contents: [Data]
        let report = relativized(to: directory.standardizedFileURL.path)
        do {
            contents = [
                try report.jsonData(), Data(report.junitXML().utf8), Data(report.markdown().utf8), Data(report.html().utf8),
            ]
        } catch {
            throw .writeFailed(path: directory.appendingPathComponent("report.json").path, reason: "\(error)")
        }
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory.path, reason: ReportText.oneLine(error.localizedDescription))
        }
        let token = UUID().uuidString
        let targets = Self.fileNames.map { directory.appendingPathComponent($0) }
        let temporaries = Self.fileNames.map { directory.appendingPathComponent(".\($0).\(token).tmp") }
        defer { for temporary in temporaries { try? manager.removeItem(at: temporary) } }
        for (data, temporary) in zip(contents, temporaries) {
            do {
                try data.write(to: temporary)
            } catch {
                throw .writeFailed(path: temporary.path, reason: ReportText.oneLine(error.localizedDescription))
            }
        }
        for (temporary, target) in zip(temporaries, targets) {
            if rename(temporary.path, target.path) != 0 {
                throw .writeFailed(path: target.path, reason: String(cString: strerror(errno)))
            }
        }
        return targets
    }
}
