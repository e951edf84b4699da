import Foundation
@testable import MediaBatch
import Testing

/// The folder fingerprints take paths relative to: the deepest one holding a job's output and every file it reads.
struct BatchRootTests {
    @Test(arguments: [
        (["/w/repo/out/one.mp4", "/w/repo/a.mp4", "/w/repo/media/b.mp4"], "/w/repo/"),
        (["/w/repo/out/one.mp4"], "/w/repo/out/"),
        (["/w/repo/out/one.mp4", "/w/repository/a.mp4"], "/w/"),
        (["/w/repo/out/one.mp4", "/mnt/a.mp4"], nil),
        (["/w/repo/out/one.mp4", "relative.mp4"], nil),
    ] as [([String], String?)])
    func isTheDeepestCommonFolder(paths: [String], folder: String?) {
        #expect(BatchRoot(paths: paths).folder == folder)
    }

    @Test func pathsAndURLsUnderItAreTakenRelative() {
        let root = BatchRoot(paths: ["/w/my repo/out/one.mp4", "/w/my repo/a.mp4"])
        #expect(root.relative("/w/my repo/a.mp4") == "./a.mp4")
        #expect(root.relative("/mnt/a.mp4") == "/mnt/a.mp4")
        let json = #"{"output":"/w/my repo/out/one.mp4","url":"file:///w/my%20repo/a.mp4","other":"/mnt/a.mp4"}"#
        let relative = String(decoding: root.relativeText(Data(json.utf8)), as: UTF8.self)
        #expect(relative == #"{"output":"./out/one.mp4","url":"file://./a.mp4","other":"/mnt/a.mp4"}"#)
    }
}
