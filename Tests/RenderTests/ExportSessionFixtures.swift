import Composition
import Foundation
import LibAV
import MediaCore
import Testing

/// A failure while making or reading test media with the ffmpeg CLI.
struct ExportFixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Tiny source media made once per run with the ffmpeg CLI, and helpers to read results back with ffprobe/ffmpeg.
struct ExportFixtures: Sendable {
    /// The temporary directory holding the sources (and each test's outputs in subdirectories).
    let directory: String
    /// 320x240 at 30 fps, 1 s, quadrants red (top left), green (top right), blue (bottom left), white (bottom
    /// right); libx264 with a keyframe every 10 frames; 440 Hz aac, 44.1 kHz mono.
    var quadrants: String { directory + "/quadrants.mp4" }
    /// 320x240 at 30 fps, 1 s of solid red, no audio.
    var red: String { directory + "/red.mp4" }
    /// 320x240 at 30 fps, 1 s of solid blue, no audio.
    var blue: String { directory + "/blue.mp4" }
    /// 320x240 at 30 fps, 3 s testsrc2 with a 1 kHz stereo aac tone at 48 kHz.
    var longer: String { directory + "/longer.mp4" }
    /// A 64x48 PNG, half-transparent green.
    var alphaPNG: String { directory + "/alpha.png" }

    static func get() throws -> ExportFixtures { try shared.get() }

    private static let shared: Result<ExportFixtures, ExportFixtureError> = Result { () throws(ExportFixtureError) in
        try make()
    }

    private static func make() throws(ExportFixtureError) -> ExportFixtures {
        let temporary = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        where name.hasPrefix("export-tests-") {
            if let pid = Int32(name.dropFirst("export-tests-".count)), kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(atPath: temporary + "/" + name)
            }
        }
        let directory = temporary + "export-tests-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: directory)
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        catch { throw ExportFixtureError(message: "cannot create '\(directory)': \(error)") }
        let fixtures = ExportFixtures(directory: directory)
        let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p"]
        let boxes = "drawbox=x=160:y=0:w=160:h=120:color=0x00FF00:t=fill,"
            + "drawbox=x=0:y=120:w=160:h=120:color=0x0000FF:t=fill,"
            + "drawbox=x=160:y=120:w=160:h=120:color=0xFFFFFF:t=fill"
        try ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF0000:size=320x240:rate=30:duration=1," + boxes,
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1"]
                   + x264 + ["-c:a", "aac", "-ac", "1", "-shortest", fixtures.quadrants])
        try ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF0000:size=320x240:rate=30:duration=1"] + x264 + [fixtures.red])
        try ffmpeg(["-f", "lavfi", "-i", "color=c=0x0000FF:size=320x240:rate=30:duration=1"] + x264 + [fixtures.blue])
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=3",
                    "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=3"]
                   + x264 + ["-c:a", "aac", "-ac", "2", fixtures.longer])
        try ffmpeg(["-f", "lavfi", "-i", "color=c=0x00FF00@0.5:size=64x48,format=rgba", "-frames:v", "1",
                    fixtures.alphaPNG])
        return fixtures
    }

    /// A fresh directory for one test's outputs.
    func outputDirectory(_ name: String) throws -> String {
        let path = directory + "/" + name + "-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The file's tracks as source tracks (track ID = stream index + 1).
    func sourceTracks(_ path: String) throws -> [SourceTrack] {
        let media = try MediaProbe().probe(path: path)
        return media.streams.map { SourceTrack(url: URL(fileURLWithPath: path), stream: $0) }
    }

    /// The video source track of `path`.
    func videoTrack(_ path: String) throws -> SourceTrack {
        try #require(try sourceTracks(path).first { $0.mediaType == .video })
    }

    /// The audio source track of `path`.
    func audioTrack(_ path: String) throws -> SourceTrack {
        try #require(try sourceTracks(path).first { $0.mediaType == .audio })
    }

    // MARK: Running the CLI

    /// Runs `ffmpeg` quietly with `arguments`, returning stdout.
    @discardableResult
    static func ffmpeg(_ arguments: [String]) throws(ExportFixtureError) -> Data {
        try run("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments)
    }

    /// Runs a tool from PATH and returns stdout; a non-zero exit is an error carrying stderr.
    static func run(_ tool: String, _ arguments: [String]) throws(ExportFixtureError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw ExportFixtureError(message: "cannot run \(tool): \(error)") }
        // Read before waiting so a large output cannot block the child on a full pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExportFixtureError(message: "\(tool) \(arguments.joined(separator: " ")) failed: "
                                     + (String(data: messages, encoding: .utf8) ?? ""))
        }
        return data
    }
}

/// What ffprobe (an independent reader) says about a written file.
struct ProbeReport {
    var formatDuration: Double
    var formatTags: [String: String]
    var streams: [[String: Any]]

    init(path: String) throws {
        let data = try ExportFixtures.run("ffprobe", ["-v", "error", "-count_frames", "-show_format", "-show_streams",
                                                     "-of", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let format = try #require(json["format"] as? [String: Any])
        formatDuration = Double(format["duration"] as? String ?? "") ?? .nan
        formatTags = format["tags"] as? [String: String] ?? [:]
        streams = json["streams"] as? [[String: Any]] ?? []
    }

    var video: [String: Any]? { streams.first { $0["codec_type"] as? String == "video" } }
    var audio: [String: Any]? { streams.first { $0["codec_type"] as? String == "audio" } }

    static func string(_ stream: [String: Any]?, _ key: String) -> String? {
        if let value = stream?[key] as? String { return value }
        if let value = stream?[key] as? Int { return String(value) }
        return nil
    }

    static func number(_ stream: [String: Any]?, _ key: String) -> Double? {
        string(stream, key).flatMap(Double.init)
    }
}

/// One decoded picture as packed RGB, read back with the ffmpeg CLI.
struct RGBPicture {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    /// Frame `index` of `path` (or the only picture of an image file) as rgb24.
    init(path: String, frame index: Int = 0, width: Int, height: Int) throws {
        let data = try ExportFixtures.ffmpeg(["-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                              "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        self.width = width
        self.height = height
        bytes = [UInt8](data)
        try #require(bytes.count == width * height * 3, "decoded \(bytes.count) bytes for \(width)x\(height)")
    }

    /// The colour at (`x`, `y`).
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * 3
        return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }

    /// Whether the colour at (`x`, `y`) is within `tolerance` of `expected` on every component.
    func matches(_ x: Int, _ y: Int, _ expected: (Int, Int, Int), tolerance: Int = 24) -> Bool {
        let color = rgb(x, y)
        return abs(color.r - expected.0) <= tolerance && abs(color.g - expected.1) <= tolerance
            && abs(color.b - expected.2) <= tolerance
    }
}

/// Small fast presets for the tests.
enum TestPresets {
    static func video(width: Int = 160, height: Int = 120) -> ExportSettings.Video {
        ExportSettings.Video(codec: .h264, width: width, height: height, frameRate: FrameRate(30), crf: 18,
                             speed: "ultrafast")
    }

    static let audio = ExportSettings.Audio(codec: .aac, bitRate: 96_000, sampleRate: 48_000, channels: 2)

    static func mp4(audio: Bool = true, width: Int = 160, height: Int = 120) -> ExportSettings {
        ExportSettings(name: "test-mp4", container: .mp4, video: video(width: width, height: height),
                       audio: audio ? Self.audio : nil)
    }
}

/// The root mean square of the first channel of a file's audio, decoded by the ffmpeg CLI.
func audioRMS(_ path: String) throws -> Double {
    let data = try ExportFixtures.ffmpeg(["-i", path, "-vn", "-af", "pan=mono|c0=c0", "-f", "f32le", "-"])
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
}

/// A time in seconds as an exact rational (`seconds(1, 2)` is half a second).
func seconds(_ value: Int64, _ timescale: Int32 = 1) -> MediaTime { MediaTime(value: value, timescale: timescale) }
