import Foundation
import LibAV
public import Render
import Synchronization

/// Encoded video segments kept between runs in the cache folder (`--cache`, `$MEDIABATCH_CACHE`, else
/// `~/.cache/mediabatch`), under `segments/`: one file per segment, named by the SHA-256 of its key (what decides its
/// bytes: the segment's sources by content, its composition, text, encoder and settings) together with the
/// tool's version and build (its executable's digest) and the codec libraries' builds. Entries are written to a
/// temporary file and flushed as their segments are encoded, and renamed into place when their export ends with whole
/// sources, so runs on one machine or many sharing the folder never see half an entry, nor one made from damaged
/// sources; each entry ends with a digest, so a damaged one is found, removed and rendered again. Reading an entry
/// marks it used (its modification time); past `byteLimit` the least recently used go first.
public final class SegmentStore: SegmentArchive {
    /// The `segments` folder.
    public let directory: String
    /// The most bytes the folder keeps after a run.
    public let byteLimit: Int
    /// Whether entries can be written (false: the folder is read-only, and only what it holds is used).
    public let isWritable: Bool
    /// Why the folder cannot be used fully, said once per run; nil when it can.
    public let notice: String?
    private let toolVersion: String
    private let counts = Mutex((loaded: 0, saved: 0, damaged: 0))
    private let writer = DispatchQueue(label: "mediabatch.segment-store")
    /// The running build's digest, once known.
    private let build = Mutex<String?>(nil)
    /// The content digests of files (the running build, sources), remembered in the folder's `digests/` under each
    /// file's stamp, so an unchanged file is read once across runs; segment keys name sources by them.
    public let fileDigests: FileDigests

    /// Where the digests of files are remembered in `cacheDirectory`: `segments/digests`.
    public static func digestMemo(in cacheDirectory: String) -> String {
        ((cacheDirectory as NSString).appendingPathComponent("segments") as NSString).appendingPathComponent(digestsFolder)
    }

    /// The store in `cacheDirectory`/segments for a tool at `toolVersion`; read-only when the folder cannot be
    /// written.
    public init(cacheDirectory: String, toolVersion: String, byteLimit: Int) {
        directory = (cacheDirectory as NSString).appendingPathComponent("segments")
        fileDigests = FileDigests(memo: Self.digestMemo(in: cacheDirectory))
        self.byteLimit = byteLimit
        self.toolVersion = toolVersion
        let probe = (directory as NSString).appendingPathComponent("tmp/.probe-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(atPath: (directory as NSString).appendingPathComponent("tmp"),
                                                    withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: probe, contents: Data()) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            try? FileManager.default.removeItem(atPath: probe)
            (isWritable, notice) = (true, nil)
        } catch {
            isWritable = false
            notice = "the cache folder '\(cacheDirectory)' cannot be written: segments are not kept for later runs"
                + (FileManager.default.fileExists(atPath: directory) ? " (those it holds are used)" : "")
        }
        // Known while the run plans, not when its first render asks for a segment.
        DispatchQueue.global(qos: .utility).async { [self] in _ = executableDigest }
    }

    /// The SHA-256 of the running executable (`/proc/self/exe`): a build of the tool that draws pictures
    /// differently keeps the same version number until it is released, so entries are keyed by the build itself,
    /// and machines running the same build (one container image) share entries. Computed (or read from the digests'
    /// memo) once; callers meanwhile wait for it. Empty when the file cannot be read.
    var executableDigest: String {
        build.withLock { (known: inout String?) -> String in
            if let known { return known }
            let path = FileManager.default.fileExists(atPath: "/proc/self/exe")
                ? "/proc/self/exe" : (CommandLine.arguments.first ?? "")
            let digest = fileDigests.digest(of: path) ?? ""
            known = digest
            return digest
        }
    }

    /// Segments read from the folder, written to it, and entries found damaged (and rendered again).
    public var statistics: (loaded: Int, saved: Int, damaged: Int) { counts.withLock { $0 } }

    /// The entry of `key`, when it is whole, saved under the same key and builds, and made with `extradata`.
    public func load(_ key: SegmentKey, extradata: [UInt8]) -> ArchivedSegment? {
        let (path, identity) = entry(for: key)
        guard let bytes = EntryFile.contents(of: path) else { return nil }
        guard let segment = SegmentEntry.decode(bytes, identity: identity) else {
            counts.withLock { $0.damaged += 1 }
            if isWritable { try? FileManager.default.removeItem(atPath: path) }
            return nil
        }
        guard segment.extradata == extradata else { return nil }
        if isWritable { try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path) }
        counts.withLock { $0.loaded += 1 }
        return segment
    }

    /// Whether the folder has an entry for `key` (not read, so not checked: a plan's guess of what a render takes
    /// from it).
    public func holds(_ key: SegmentKey) -> Bool {
        FileManager.default.fileExists(atPath: entry(for: key).path)
    }

    /// Writes `segment` for `key` on the store's own thread (the render goes on meanwhile) into a file of `tmp/`,
    /// flushed to disk; `publish` renames it into place. `finishWrites` waits for the writes asked so far.
    public func stage(_ key: SegmentKey, _ segment: ArchivedSegment) -> StagedSegment {
        let staged = StagedSegment(key: key, name: "staged-\(UUID().uuidString)")
        guard isWritable else { return staged }
        writer.async { [self] in writeStaged(staged, segment) }
        return staged
    }

    /// Renames a staged segment into place as its key's entry, on the store's own thread after its write. A staged
    /// file gone meanwhile (another run's `evict` sweeps files of `tmp/` left over an hour) is simply not kept.
    public func publish(_ staged: StagedSegment) {
        guard isWritable else { return }
        writer.async { [self] in
            let temporary = stagedPath(staged)
            let path = entry(for: staged.key).path
            guard FileManager.default.fileExists(atPath: temporary) else {
                return
            }
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            if rename(temporary, path) == 0 {
                counts.withLock { $0.saved += 1 }
            } else {
                try? FileManager.default.removeItem(atPath: temporary)
            }
        }
    }

    /// Removes the entry of `key`, found not to hold its segment's pictures, and counts it as damaged.
    public func remove(_ key: SegmentKey) {
        counts.withLock { $0.damaged += 1 }
        guard isWritable else { return }
        try? FileManager.default.removeItem(atPath: entry(for: key).path)
    }

    /// Removes a staged segment, on the store's own thread after its write.
    public func discard(_ staged: StagedSegment) {
        guard isWritable else { return }
        writer.async { [self] in try? FileManager.default.removeItem(atPath: stagedPath(staged)) }
    }

    /// Returns once every `stage`, `publish` and `discard` asked before is done (or failed).
    public func finishWrites() {
        writer.sync {}
    }

    /// Writes `segment`, staged as `staged`, and flushes it to the disk; a failed write leaves nothing.
    private func writeStaged(_ staged: StagedSegment, _ segment: ArchivedSegment) {
        let temporary = stagedPath(staged)
        let identity = entry(for: staged.key).identity
        do {
            try SegmentEntry.write(segment, identity: identity, to: EntryFile(creating: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }

    /// Where `staged` is written.
    private func stagedPath(_ staged: StagedSegment) -> String {
        (directory as NSString).appendingPathComponent("tmp/\(staged.name)")
    }

    /// What every entry this build reads is saved under before its key: the tool's version, its executable's digest
    /// and the codec libraries' builds, a line each.
    var buildIdentity: String {
        "mediabatch \(toolVersion)\n\(executableDigest)\n\(CodecBuild.identity)\n"
    }

    /// The entry file of `key` and the full text it is saved under.
    private func entry(for key: SegmentKey) -> (path: String, identity: String) {
        let identity = buildIdentity + key.identity
        let name = Digest.hex(of: Array(identity.utf8))
        return ((directory as NSString).appendingPathComponent("\(name.prefix(2))/\(name)"), identity)
    }
}
