import Foundation
import MediaTestSupport
import Testing

/// What end-to-end tests read back from rendered files with the ffmpeg tools (through `MediaTool`).
enum MediaCheck {
    /// Runs `tool arguments` and returns its standard output; throws with its standard error when it fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        try MediaTool.run(tool, arguments)
    }

    /// Makes `path` with `ffmpeg arguments path` (quiet, overwriting).
    static func make(_ path: URL, _ arguments: [String]) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try MediaTool.ffmpeg(arguments + [path.path])
    }

    /// The first video stream's width, height and decoded frame count, as ffprobe reports them.
    static func video(_ path: URL) throws -> (width: Int, height: Int, frames: Int) {
        let text = String(decoding: try run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                         "-show_entries", "stream=width,height,nb_read_frames",
                                                         "-of", "csv=p=0", path.path]), as: UTF8.self)
        let fields = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        try #require(fields.count == 3, "ffprobe said '\(text)'")
        return (fields[0], fields[1], fields[2])
    }

    /// Every frame of `path` decoded to packed RGB, `width` x `height` each.
    static func rgbFrames(_ path: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let bytes = [UInt8](try run("ffmpeg", ["-v", "error", "-i", path.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        let size = width * height * 3
        try #require(bytes.count % size == 0, "decoded \(bytes.count) bytes, not whole \(width)x\(height) frames")
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<$0 + size]) }
    }

    /// The colour at (`x`, `y`) of a packed RGB frame `width` wide.
    static func pixel(_ frame: [UInt8], _ x: Int, _ y: Int, width: Int) -> [Int] {
        let offset = (y * width + x) * 3
        return frame[offset..<offset + 3].map(Int.init)
    }

    /// Whether two colours differ by at most `tolerance` on every component.
    static func near(_ a: [Int], _ b: [Int], tolerance: Int) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
