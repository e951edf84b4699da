import Foundation
@testable import MediaBatch
import Testing

/// Where an output's poster goes: `posters/NAME.jpg` beside it, cut as text for absolute paths, as URL would cut it.
struct PosterPathTests {
    @Test(arguments: [
        ("/a/b/x.mp4", "/a/b/posters/x.jpg"),
        ("/x.mp4", "/posters/x.jpg"),
        ("/a/b/x.y.mov", "/a/b/posters/x.y.jpg"),
        ("/a//b/./c.mp4", "/a//b/./posters/c.jpg"),
        ("/a/b/naïve 日本 100% x#y?.mp4", "/a/b/posters/naïve 日本 100% x#y?.jpg"),
        ("/a/b.c/x.webm", "/a/b.c/posters/x.jpg"),
    ])
    func absolutePathsAreCutAsURLWouldCutThem(path: String, poster: String) {
        let url = URL(fileURLWithPath: path)
        let byURL = url.deletingLastPathComponent().appendingPathComponent("posters")
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".jpg").path
        #expect(BatchRunner.posterPath(for: path) == poster)
        #expect(byURL == poster)
    }

    @Test func aRelativePathIsMadeAbsolute() {
        let current = FileManager.default.currentDirectoryPath
        #expect(BatchRunner.posterPath(for: "out/x.mp4") == current + "/out/posters/x.jpg")
    }
}
