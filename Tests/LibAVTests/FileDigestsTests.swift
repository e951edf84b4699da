import Foundation
import LibAV
import MediaTestSupport
import Testing

/// Content digests of files, which name the sources and the running build in the cache folder's keys: remembered
/// under each file's stamp, so an unchanged file is not read again, and hashed anew after any write to it, even one
/// that puts the modification time back; pipes are never read.
struct FileDigestsTests {
    @Test func anUnchangedFileIsReadFromTheMemoAndAnyWriteHashesItAgain() throws {
        let folder = try TestScratch.directory("file-digests")
        let file = folder.appendingPathComponent("clip.bin").path
        let memo = folder.appendingPathComponent("digests").path
        try Data(repeating: 7, count: 3 << 20).write(to: URL(fileURLWithPath: file))
        let first = FileDigests(memo: memo).digest(of: file)
        #expect(first == (try MediaTool.sha256(file)))
        let remembered = try FileManager.default.contentsOfDirectory(atPath: memo).filter { !$0.hasPrefix(".") }
        try #require(remembered.count == 1, "\(remembered)")
        // What the memo says is what an unchanged file gets (the file is not read again).
        let stand = String(repeating: "ab", count: 32)
        let entry = (memo as NSString).appendingPathComponent(remembered[0])
        try stand.write(toFile: entry, atomically: true, encoding: .utf8)
        #expect(FileDigests(memo: memo).digest(of: file) == stand)
        // Same size, the modification time put back: the change time moved, so the file is hashed again.
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        try Data(repeating: 8, count: 3 << 20).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file)
        let again = FileDigests(memo: memo).digest(of: file)
        #expect(again == (try MediaTool.sha256(file)) && again != first)
        // Without a memo folder the file is hashed once per object; a missing file has no digest.
        #expect(FileDigests().digest(of: file) == again)
        #expect(FileDigests(memo: memo).digest(of: file + ".missing") == nil)
    }

    /// A digest recorded elsewhere (beside an output) under the file's stamp stands for the file while the stamp
    /// holds; any write ends that.
    @Test func aDigestRememberedUnderTheFileStampIsTakenUntilTheFileChanges() throws {
        let folder = try TestScratch.directory("file-digests-stamp")
        let file = folder.appendingPathComponent("clip.bin").path
        try Data(repeating: 1, count: 1000).write(to: URL(fileURLWithPath: file))
        let taken = try #require(FileDigests().stampedDigest(of: file))
        #expect(taken.digest == (try MediaTool.sha256(file)))
        let digests = FileDigests()
        let stand = String(repeating: "cd", count: 32)
        digests.remember("not a digest", forStamp: taken.stamp)
        #expect(digests.digest(of: file) == taken.digest, "text that is not a digest is ignored")
        let fresh = FileDigests()
        fresh.remember(stand, forStamp: taken.stamp)
        #expect(fresh.digest(of: file) == stand, "the file is not read while its stamp holds")
        try Data(repeating: 2, count: 1000).write(to: URL(fileURLWithPath: file))
        #expect(fresh.digest(of: file) == (try MediaTool.sha256(file)))
    }

    @Test func aPipeIsNeverRead() throws {
        let folder = try TestScratch.directory("file-digests-pipe")
        let pipe = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o644) == 0)
        #expect(FileDigests().digest(of: pipe) == nil)
    }
}
