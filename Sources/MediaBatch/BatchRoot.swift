import Foundation

/// The deepest folder holding every path of a job (its output and the files it reads), which fingerprints take
/// paths relative to: a batch moved or checked out elsewhere with all its files keeps its fingerprints. A job that
/// reads files from elsewhere too (a shared media folder) has a higher root, at worst `/`, where nothing changes.
struct BatchRoot {
    /// The folder, ending in `/`; nil when the paths have no common folder below `/` (or one is not absolute).
    let folder: String?

    /// The root of `paths` (absolute, standardized).
    init(paths: [String]) {
        var common: [Substring]?
        for path in paths {
            guard path.hasPrefix("/") else { folder = nil; return }
            let parts = path.split(separator: "/").dropLast()
            guard let sofar = common else { common = Array(parts); continue }
            common = Array(zip(sofar, parts).prefix { $0 == $1 }.map(\.0))
        }
        guard let common, !common.isEmpty else { folder = nil; return }
        folder = "/" + common.joined(separator: "/") + "/"
    }

    /// `path` relative to the root (`./`-prefixed) when it is under it; else as it is.
    func relative(_ path: String) -> String {
        guard let folder, path.hasPrefix(folder) else { return path }
        return "./" + path.dropFirst(folder.count)
    }

    /// `json` (a job property's encoding, slashes unescaped) with the root replaced by `./` wherever it appears, as a
    /// path and inside `file://` URLs (percent-encoded as URLs write it).
    func relativeText(_ json: Data) -> Data {
        guard let folder, var text = String(data: json, encoding: .utf8) else { return json }
        let encoded = URL(fileURLWithPath: folder, isDirectory: true).path(percentEncoded: true)
        if encoded != folder { text = text.replacingOccurrences(of: encoded, with: "./") }
        return Data(text.replacingOccurrences(of: folder, with: "./").utf8)
    }
}
