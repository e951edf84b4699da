import Foundation
@testable import MediaBatch
import MediaTestSupport
import Testing

/// The running build's digest, which keys the cache folder's entries: remembered under the file's identity, so an
/// unchanged executable is not read again, and hashed anew after any write to it, even one that puts the
/// modification time back.
struct BuildDigestTests {
    /// `sha256sum`'s digest of the file at `path` (an independent hash).
    static func sha256(_ path: String) throws -> String {
        String(String(decoding: try MediaTool.run("sha256sum", [path]), as: UTF8.self).prefix(64))
    }

    @Test func anUnchangedFileIsReadFromTheMemoAndAnyWriteHashesItAgain() throws {
        let folder = try TestScratch.directory("build-digest")
        let tool = folder.appendingPathComponent("tool").path
        let memo = folder.appendingPathComponent("builds").path
        try Data(repeating: 7, count: 3 << 20).write(to: URL(fileURLWithPath: tool))
        let first = SegmentStore.digest(ofExecutable: tool, memo: memo)
        #expect(first == (try Self.sha256(tool)))
        let remembered = try FileManager.default.contentsOfDirectory(atPath: memo).filter { !$0.hasPrefix(".") }
        try #require(remembered.count == 1, "\(remembered)")
        // What the memo says is what an unchanged file gets (the file is not read again).
        let stand = String(repeating: "ab", count: 32)
        let entry = (memo as NSString).appendingPathComponent(remembered[0])
        try stand.write(toFile: entry, atomically: true, encoding: .utf8)
        #expect(SegmentStore.digest(ofExecutable: tool, memo: memo) == stand)
        // Same size, the modification time put back: the change time moved, so the file is hashed again.
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: tool)[.modificationDate] as? Date)
        try Data(repeating: 8, count: 3 << 20).write(to: URL(fileURLWithPath: tool))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: tool)
        let again = SegmentStore.digest(ofExecutable: tool, memo: memo)
        #expect(again == (try Self.sha256(tool)) && again != first)
        // Without a memo folder the file is hashed each time; a missing file has no digest.
        #expect(SegmentStore.digest(ofExecutable: tool, memo: nil) == again)
        #expect(SegmentStore.digest(ofExecutable: tool + ".missing", memo: memo).isEmpty)
    }
}
