import Foundation

extension RunReport {
    /// The report with each output's `path` and `posterPath` written relative to `directory` (with `..` where they
    /// lie outside it), as `report.json` stores them: the folder can be moved or downloaded as a CI artifact and its
    /// links still work. Relative paths are left as they are.
    public func relativized(to directory: String) -> RunReport {
        mappingPaths { Self.relative($0, to: directory) }
    }

    /// The report with relative `path` and `posterPath` values made absolute against `directory` (where its
    /// `report.json` was read from).
    public func resolved(against directory: String) -> RunReport {
        mappingPaths { Self.absolute($0, against: directory) }
    }

    private func mappingPaths(_ transform: (String) -> String) -> RunReport {
        var copy = self
        copy.outputs = outputs.map { output in
            var output = output
            output.path = transform(output.path)
            output.posterPath = output.posterPath.map(transform)
            return output
        }
        return copy
    }

    /// Reads `report.json` in `directory` (or the `.json` file named), its paths made absolute.
    public init(contentsOf path: String) throws(ReportError) {
        let file = path.hasSuffix(".json") ? path : (path as NSString).appendingPathComponent("report.json")
        guard let data = FileManager.default.contents(atPath: file) else { throw .missing(path: file) }
        let directory = Self.absolute((file as NSString).deletingLastPathComponent, against: FileManager.default.currentDirectoryPath)
        self = try RunReport(jsonData: data).resolved(against: directory)
    }

    /// `path` relative to `directory`, both made absolute against the current directory first.
    static func relative(_ path: String, to directory: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let cwd = FileManager.default.currentDirectoryPath
        let target = components(absolute(path, against: cwd))
        let base = components(absolute(directory, against: cwd))
        var shared = 0
        while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `path` made absolute against `directory` (unless it is absolute), with `.` and `..` resolved.
    static func absolute(_ path: String, against directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}
