import Foundation

extension SegmentStore {
    /// What the folder's entries amount to (`mediabatch cache`).
    public struct Contents: Sendable, Equatable {
        /// Entries and their bytes.
        public var entries = 0, bytes = 0
        /// Those this build reads (the others were kept by another version or build of the tool, or with other codec
        /// libraries, and go as they age when runs trim the folder).
        public var entriesOfThisBuild = 0, bytesOfThisBuild = 0
        /// When an entry was last read or written, and the least recent such time (what trimming goes by).
        public var lastUsed: Date?, leastRecentlyUsed: Date?

        /// An empty folder's contents.
        public init() {}
    }

    /// The entries of the folder, counted without reading more of each than the build it was saved by.
    public func contents() -> Contents {
        let build = Array(buildIdentity.utf8)
        var contents = Contents()
        for (path, size, used) in entryFiles() {
            contents.entries += 1
            contents.bytes += size
            contents.lastUsed = max(contents.lastUsed ?? used, used)
            contents.leastRecentlyUsed = min(contents.leastRecentlyUsed ?? used, used)
            if Self.isSaved(path, by: build) {
                contents.entriesOfThisBuild += 1
                contents.bytesOfThisBuild += size
            }
        }
        return contents
    }

    /// Removes every entry (what runs write into `tmp/` meanwhile is theirs, and stays), holding the lock runs trim
    /// the folder under; returns how many entries and bytes went. Throws when the folder cannot be written.
    public func removeAll() throws -> (entries: Int, bytes: Int) {
        guard isWritable else { throw CocoaError(.fileWriteNoPermission) }
        finishWrites()
        // Waits for a run that is trimming the folder: it holds the lock only for that.
        let removed = withTrimLock(waiting: true) { () -> (entries: Int, bytes: Int) in
            var removed = (entries: 0, bytes: 0)
            for (path, size, _) in entryFiles() where (try? FileManager.default.removeItem(atPath: path)) != nil {
                removed.entries += 1
                removed.bytes += size
            }
            return removed
        }
        guard let removed else { throw CocoaError(.fileWriteNoPermission) }
        return removed
    }

    /// Every entry file with its size and last use (modification time), in the folder's two-character subfolders.
    func entryFiles() -> [(path: String, size: Int, used: Date)] {
        var files: [(path: String, size: Int, used: Date)] = []
        let manager = FileManager.default
        for folder in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] where folder.count == 2 {
            let path = (directory as NSString).appendingPathComponent(folder)
            for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] {
                let file = (path as NSString).appendingPathComponent(name)
                guard let facts = try? manager.attributesOfItem(atPath: file) else { continue }
                files.append((file, (facts[.size] as? Int) ?? 0, (facts[.modificationDate] as? Date) ?? .distantPast))
            }
        }
        return files
    }

    /// Whether the entry at `path` was saved by the build `build` names (`buildIdentity`): its magic line, then its
    /// full key's length (32 bits) and text, which starts with the build's lines.
    private static func isSaved(_ path: String, by build: [UInt8]) -> Bool {
        let magic = SegmentEntry.magic
        guard let head = head(of: path, count: magic.count + 4 + build.count) else { return false }
        return head.prefix(magic.count).elementsEqual(magic) && head.suffix(build.count).elementsEqual(build)
    }

    /// The first `count` bytes of the file at `path`; nil when it is shorter or cannot be read.
    private static func head(of path: String, count: Int) -> [UInt8]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: count), data.count == count else { return nil }
        return Array(data)
    }
}
