import Foundation
import Testing

/// Every picture of a rendered file as packed RGB, decoded by the ffmpeg CLI: an independent decoder for pixel
/// checks of end-to-end runs.
struct RenderedVideo {
    /// Where ink is in a picture: its bounding box and how much of it there is.
    struct Ink: CustomStringConvertible {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var pixels = 0
        var isEmpty: Bool { pixels == 0 }
        var width: Int { isEmpty ? 0 : maxX - minX + 1 }
        var height: Int { isEmpty ? 0 : maxY - minY + 1 }
        var centerX: Double { Double(minX + maxX) / 2 }
        var description: String { isEmpty ? "no ink" : "\(pixels) px in x \(minX)...\(maxX), y \(minY)...\(maxY)" }
    }

    let width: Int
    let height: Int
    let frameCount: Int
    private let bytes: [UInt8]

    /// Runs `mediabatch run` over `manifest` (written to `m/test.yaml` beside `files`) in a fresh directory and
    /// decodes each output of `outputs` (name: width x height); returns the directory too.
    static func render(_ manifest: String, files: [String: Data] = [:], outputs: [String: (Int, Int)])
        throws -> (directory: URL, videos: [String: RenderedVideo])
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
        var videos: [String: RenderedVideo] = [:]
        for (name, size) in outputs {
            videos[name] = try RenderedVideo(path: directory.appendingPathComponent("out/\(name).mp4").path,
                                             width: size.0, height: size.1)
        }
        return (directory, videos)
    }

    /// Decodes all of `path` at `width` x `height`.
    init(path: String, width: Int, height: Int) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-i", path,
                             "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg could not decode '\(path)'")
        self.width = width
        self.height = height
        frameCount = bytes.count / (width * height * 3)
        try #require(frameCount > 0 && bytes.count == frameCount * width * height * 3, "decoded \(bytes.count) bytes")
    }

    /// The colour of pixel (`x`, `y`) of picture `frame`.
    func rgb(_ frame: Int, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = ((frame * height + y) * width + x) * 3
        return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }

    /// The ink of picture `frame` inside `columns` x `rows`: pixels for which `isInk` holds.
    func ink(_ frame: Int, columns: Range<Int>? = nil, rows: Range<Int>? = nil,
             _ isInk: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 160 }) -> Ink {
        var ink = Ink()
        for y in rows ?? 0..<height {
            for x in columns ?? 0..<width where isInk(rgb(frame, x, y)) {
                ink.pixels += 1
                ink.minX = min(ink.minX, x)
                ink.maxX = max(ink.maxX, x)
                ink.minY = min(ink.minY, y)
                ink.maxY = max(ink.maxY, y)
            }
        }
        return ink
    }

    /// The mean absolute difference of the luma-ish sum of two pictures over a rectangle.
    func meanDifference(_ a: Int, _ b: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> Double {
        var total = 0
        for y in rows {
            for x in columns {
                let p = rgb(a, x, y), q = rgb(b, x, y)
                total += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b)
            }
        }
        return Double(total) / Double(3 * columns.count * rows.count)
    }
}
