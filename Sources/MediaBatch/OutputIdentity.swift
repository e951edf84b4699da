import Foundation
import Manifest
import MediaCore

/// Which file an output (or its poster picture) really is: its path with `.` and `..` removed and the symbolic
/// links of its existing folders resolved, and the device and inode when the file exists. Two outputs, or an
/// output and a poster, that come to the same file would share a temporary file and overwrite each other; they
/// are an error naming both declarations, before anything renders.
struct OutputIdentity: Hashable {
    /// The resolved path.
    var path: String
    /// Device and inode, when the file exists.
    var file: FileID?

    /// A file's device and inode.
    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64

        /// The device and inode of what `path` names (following links), nil when nothing is there.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
        }
    }

    /// What claims a file: an output itself, or the poster picture the report shows for it.
    enum Claim {
        case output
        case poster
    }

    /// An error for every output whose file (or poster) is also another output's file or poster.
    static func conflicts(among outputs: [OutputSpec], files: [ManifestFile]) -> [Diagnostic] {
        let sources = Dictionary(files.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        var resolver = PathResolver()
        // Earlier claims by index into `outputs`: copying an output's declaration into each entry cost more than
        // the check itself for large batches.
        var byPath: [String: (output: Int, claim: Claim)] = [:]
        var byFile: [FileID: (output: Int, claim: Claim)] = [:]
        var diagnostics: [Diagnostic] = []
        for index in outputs.indices {
            let outputPath = outputs[index].outputPath
            for (claim, path) in [(Claim.output, outputPath), (.poster, BatchRunner.posterPath(for: outputPath))] {
                let identity = OutputIdentity(path: resolver.resolve(path), file: FileID(path: path))
                if let (earlier, firstClaim) = byPath[identity.path] ?? identity.file.flatMap({ byFile[$0] }) {
                    let first = outputs[earlier], output = outputs[index]
                    guard first.name != output.name || firstClaim != claim else { continue }
                    let message = "\(describe(claim, output.name)) writes the same file as \(describe(firstClaim, first.name)) (declared at \(first.location)): '\(identity.path)'; give one of them another name or 'out'"
                    diagnostics.append(sources[output.manifestPath]?.diagnostic(.error, at: output.location, message)
                                       ?? Diagnostic(.error, at: output.location, message))
                    break
                }
                byPath[identity.path] = (index, claim)
                if let file = identity.file { byFile[file] = (index, claim) }
            }
        }
        return diagnostics
    }

    private static func describe(_ claim: Claim, _ name: String) -> String {
        switch claim {
        case .output: "output '\(name)'"
        case .poster: "the poster picture of output '\(name)'"
        }
    }
}

/// Resolves paths to what they name: `.` and `..` removed, the symbolic links of the existing folders followed
/// (each folder resolved once), the parts that do not exist yet kept as written.
struct PathResolver {
    private var folders: [String: String] = [:]
    /// Folders as written in paths, each resolved once: Foundation's `standardizingPath` reads every link on the
    /// way, which for 10 000 outputs in one folder was a fifth of `validate`.
    private var writtenFolders: [String: String] = [:]

    mutating func resolve(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), path.index(after: slash) < path.endIndex else {
            return resolveWhole(path)
        }
        let name = path[path.index(after: slash)...]
        guard name != ".", name != ".." else { return resolveWhole(path) }
        let written = String(path[..<slash])
        let folder: String
        if let known = writtenFolders[written] {
            folder = known
        } else {
            folder = resolveFolder(((written.isEmpty ? "/" : written) as NSString).standardizingPath)
            writtenFolders[written] = folder
        }
        return (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    /// `path` with `.` and `..` removed and its existing folders' links followed.
    private mutating func resolveWhole(_ path: String) -> String {
        let standard = (path as NSString).standardizingPath
        let folder = (standard as NSString).deletingLastPathComponent
        return (resolveFolder(folder) as NSString).appendingPathComponent((standard as NSString).lastPathComponent)
    }

    private mutating func resolveFolder(_ folder: String) -> String {
        if let known = folders[folder] { return known }
        let resolved: String
        if let real = realpath(folder, nil) {
            resolved = String(cString: real)
            free(real)
        } else {
            let parent = (folder as NSString).deletingLastPathComponent
            resolved = parent == folder ? folder
                : (resolveFolder(parent) as NSString).appendingPathComponent((folder as NSString).lastPathComponent)
        }
        folders[folder] = resolved
        return resolved
    }
}
