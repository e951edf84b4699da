import Foundation
import MediaTestSupport
import Testing

extension RGBVideo {
    /// Runs `mediabatch run` over `manifest` (written to `m/test.yaml` beside `files`) in a fresh directory and
    /// decodes each output of `outputs` (name: width x height); returns the directory too.
    static func render(_ manifest: String, files: [String: Data] = [:], outputs: [String: (Int, Int)])
        throws -> (directory: URL, videos: [String: RGBVideo])
    {
        let directory = try CommandRunner.temporaryDirectory("render")
        for (name, data) in files {
            let url = directory.appendingPathComponent("m/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try CommandRunner.write(manifest, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m", "--out", "out", "--quiet"], in: directory)
        try #require(result.status == 0, "\(result.stderr)")
        var videos: [String: RGBVideo] = [:]
        for (name, size) in outputs {
            videos[name] = try RGBVideo(path: directory.appendingPathComponent("out/\(name).mp4").path,
                                        width: size.0, height: size.1)
        }
        return (directory, videos)
    }
}
