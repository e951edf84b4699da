import Foundation

extension SegmentStore {
    /// Removes the least recently used entries (oldest modification time first) until the folder holds at most
    /// `byteLimit` bytes, and temporary files abandoned over an hour ago. One process at a time does it (an `flock`
    /// on `segments/lock`); when another holds the lock this one leaves it to that one.
    public func evict() {
        guard isWritable else { return }
        finishWrites()
        withTrimLock(waiting: false) {
            let entries = entryFiles()
            var total = entries.reduce(0) { $0 + $1.size }
            for entry in entries.sorted(by: { $0.used < $1.used }) where total > byteLimit {
                if (try? FileManager.default.removeItem(atPath: entry.path)) != nil { total -= entry.size }
            }
            removeAbandonedTemporaries()
            removeOldDigests()
        }
    }

    /// Runs `body` holding the folder's trimming lock (an `flock` on `segments/lock`), and returns what it returns;
    /// nil when the lock file cannot be opened, or, without `waiting`, when another process holds the lock.
    @discardableResult
    func withTrimLock<Result>(waiting: Bool, _ body: () -> Result) -> Result? {
        let lockPath = (directory as NSString).appendingPathComponent("lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) == 0 else { return nil }
        defer { flock(descriptor, LOCK_UN) }
        return body()
    }

    /// Digests remembered longer ago than `digestMemoLifetime` (of files that may no longer be used).
    private func removeOldDigests() {
        let folder = (directory as NSString).appendingPathComponent(Self.digestsFolder)
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = (folder as NSString).appendingPathComponent(name)
            let written = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let written, written < Date(timeIntervalSinceNow: -Self.digestMemoLifetime) {
                try? manager.removeItem(atPath: path)
            }
        }
    }

    /// Temporary files of writes that stopped over an hour ago (a run killed mid-write).
    private func removeAbandonedTemporaries() {
        let folder = (directory as NSString).appendingPathComponent("tmp")
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = (folder as NSString).appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, modified < Date(timeIntervalSinceNow: -3600) { try? manager.removeItem(atPath: path) }
        }
    }
}
