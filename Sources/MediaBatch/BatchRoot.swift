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
        guard let folder else { return json }
        let encoded = URL(fileURLWithPath: folder, isDirectory: true).path(percentEncoded: true)
        let plain = Self.replacing(Array(folder.utf8), in: json)
        return encoded == folder ? plain : Self.replacing(Array(encoded.utf8), in: plain)
    }

    /// `data` with every occurrence of `target` replaced by `./`; `data` itself when there is none (most properties
    /// name no path, and this runs for every property of every job).
    private static func replacing(_ target: [UInt8], in data: Data) -> Data {
        data.withUnsafeBytes { raw -> Data in
            guard raw.baseAddress != nil, !target.isEmpty else { return data }
            var output = Data(), start = 0
            while let offset = find(target, in: raw, from: start) {
                output.append(contentsOf: raw[start..<offset])
                output.append(contentsOf: Array("./".utf8))
                start = offset + target.count
            }
            guard start > 0 else { return data }
            output.append(contentsOf: raw[start...])
            return output
        }
    }

    /// Where `target` next occurs in `bytes` from `start`: candidates by `memchr` of its first byte, then compared.
    private static func find(_ target: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var position = start
        while bytes.count - position >= target.count,
              let hit = memchr(base + position, Int32(target[0]), bytes.count - position - target.count + 1) {
            let offset = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + offset, target, target.count) == 0 { return offset }
            position = offset + 1
        }
        return nil
    }
}
