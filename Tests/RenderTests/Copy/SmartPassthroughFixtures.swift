import Foundation
import MediaTestSupport
import Testing

/// Sources for smart passthrough tests, made once per run with the ffmpeg CLI, and ways to read results back with
/// ffmpeg/ffprobe (the independent decoder).
struct SmartPassthroughFixtures: Sendable {
    /// The temporary directory holding the sources.
    let directory: String
    /// 320x240 at 30 fps, 4 s testsrc2 with a 1 kHz aac tone at 48 kHz mono; H.264 High with 3 B-frames, an IDR
    /// keyframe every 30 frames (1 s), closed GOPs.
    var closed: String { directory + "/closed.mp4" }
    /// As `closed` but with open GOPs (x264 `open-gop=1`): keyframes after the first are recovery-point I pictures
    /// followed in decode order by B pictures that refer to the group before.
    var open: String { directory + "/open.mp4" }
    /// As `closed` but tagged BT.709 (primaries, transfer, matrix, limited range): what the renderer draws unchanged,
    /// where untagged SD pictures are taken as BT.601 and converted.
    var tagged: String { directory + "/tagged.mp4" }

    static func get() throws -> SmartPassthroughFixtures { try shared.get() }

    private static let shared: Result<SmartPassthroughFixtures, MediaToolError> = Result { () throws(MediaToolError) in
        let fixtures = SmartPassthroughFixtures(directory: try MediaTool.freshDirectory(prefix: "smart-tests"))
        let input = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=4",
                     "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=4"]
        let x264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-bf", "3", "-g", "30", "-keyint_min", "30",
                    "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "1"]
        try MediaTool.ffmpeg(input + x264 + [fixtures.closed])
        try MediaTool.ffmpeg(input + x264 + ["-x264-params", "open-gop=1", fixtures.open])
        try MediaTool.ffmpeg(input + x264 + ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709",
                                             "-color_range", "tv", fixtures.tagged])
        return fixtures
    }

    /// A fresh output path.
    func output(_ name: String) -> String { directory + "/" + name + "-" + UUID().uuidString.prefix(8) + ".mp4" }

    /// What `ffmpeg -v error` prints while decoding all of `path`.
    static func decodeErrors(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-i", path, "-f", "null", "-"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The video frames' pts in seconds, in display order, as ffprobe decodes them.
    static func frameTimes(_ path: String) throws -> [Double] {
        let data = try MediaTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                 "frame=pts_time", "-of", "compact", path])
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: "|").first { $0.hasPrefix("pts_time=") }.flatMap { Double($0.dropFirst(9)) }
        }
    }

    /// Frame `index` (display order) of `path`'s video as 8-bit 4:2:0 planes.
    static func frame(_ path: String, _ index: Int) throws -> [UInt8] {
        [UInt8](try MediaTool.ffmpeg(["-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                      "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]))
    }

    /// The PSNR of `a` against `b` in dB (infinity when identical).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum = 0.0
        for i in a.indices { let d = Double(a[i]) - Double(b[i]); sum += d * d }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(a.count)))
    }
}
