import Foundation

/// A file being made under a temporary name beside its final one, renamed over the final name only when complete,
/// so a reader never sees a partial file and a failure never replaces a good one.
///
/// The temporary name (`.NAME.partial-PID-RANDOM.EXT`) starts with a dot, which no output name may, so no output
/// can take it; it is created new (`O_EXCL | O_NOFOLLOW`), so a file or link already there is never written
/// through; and the rename replaces whatever is at the final name (a symbolic link included) instead of writing
/// into what it points to. The descriptor is kept open until `commit`, which refuses to rename a temporary file
/// that was swapped for another while it was written.
final class StagedFile {
    /// Where the file goes once complete.
    let finalPath: String
    /// Where it is written meanwhile.
    let temporaryPath: String
    /// The temporary file as created, to recognise it at `commit`.
    private let descriptor: Int32
    private var committed = false

    /// Why a staged file cannot be made or put in place; one lowercase line naming the file.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Creates the temporary file for `finalPath` in its folder (which must exist).
    init(finalPath: String) throws(Failure) {
        self.finalPath = finalPath
        let url = URL(fileURLWithPath: finalPath)
        let folder = url.deletingLastPathComponent().path
        let stem = url.deletingPathExtension().lastPathComponent
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        var attempt = 0
        while true {
            let candidate = folder + "/." + stem + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" + suffix
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if opened >= 0 {
                temporaryPath = candidate
                descriptor = opened
                return
            }
            attempt += 1
            guard errno == EEXIST, attempt < 8 else {
                throw Failure(description: "cannot create a temporary file in '\(folder)': \(String(cString: strerror(errno)))")
            }
        }
    }

    deinit {
        close(descriptor)
        if !committed { unlink(temporaryPath) }
    }

    /// Renames the finished temporary file over the final name.
    func commit() throws(Failure) {
        var created = stat(), current = stat()
        guard fstat(descriptor, &created) == 0, lstat(temporaryPath, &current) == 0,
              created.st_dev == current.st_dev, created.st_ino == current.st_ino else {
            throw Failure(description: "the temporary file '\(temporaryPath)' was replaced while it was written")
        }
        guard rename(temporaryPath, finalPath) == 0 else {
            throw Failure(description: "cannot move the finished file to '\(finalPath)': \(String(cString: strerror(errno)))")
        }
        committed = true
    }

    /// Deletes temporary files an earlier run left beside `output` when it was killed outright (SIGKILL, power
    /// loss): `.NAME.partial-PID...` whose process is gone.
    static func removeAbandoned(besides output: String) {
        let url = URL(fileURLWithPath: output)
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.deletingPathExtension().lastPathComponent).partial-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory.appendingPathComponent(name).path)
        }
    }
}
