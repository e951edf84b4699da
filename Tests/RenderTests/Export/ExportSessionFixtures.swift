import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
import Testing

/// A failure while making or reading test media with the ffmpeg CLI.
typealias ExportFixtureError = MediaToolError
/// What ffprobe says about a written file.
typealias ProbeReport = MediaTestSupport.ProbeReport
/// One decoded picture as packed RGB.
typealias RGBPicture = MediaTestSupport.RGBPicture

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
        let directory = try MediaTool.freshDirectory(prefix: "export-tests")
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
    static func ffmpeg(_ arguments: [String]) throws(ExportFixtureError) -> Data { try MediaTool.ffmpeg(arguments) }

    /// Runs a tool from PATH and returns stdout; a non-zero exit is an error carrying stderr.
    static func run(_ tool: String, _ arguments: [String]) throws(ExportFixtureError) -> Data {
        try MediaTool.run(tool, arguments)
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

    /// Two minutes of generated 320x240 pictures and tone: far longer than a cancelling test waits.
    static func twoMinutesOfPatternAndTone() throws -> MutableComposition {
        try pattern(seconds: 120, tone: true)
    }

    /// A 30 fps video composition of `size` showing `composition`'s first video track over `range`, one instruction.
    static func oneLayer(of composition: MutableComposition, size: Size, range: TimeRange) throws -> VideoComposition {
        let track = try #require(composition.tracks(withMediaType: .video).first?.trackID)
        return VideoComposition(
            renderSize: size, frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: range,
                                                       layerInstructions: [LayerInstruction(trackID: track)])])
    }

    /// `seconds` of the generated 320x240 test pattern at 30 fps, with its tone when `tone`.
    static func pattern(seconds count: Int64, tone: Bool) throws -> MutableComposition {
        let range = TimeRange(start: .zero, duration: seconds(count))
        let pattern = GeneratedSource(kind: .testpattern, duration: seconds(count), width: 320, height: 240)
        var composition = MutableComposition()
        try composition.insertTimeRange(range, of: [
            SourceTrack(url: pattern.url, trackID: 1, mediaType: .video, timeRange: range,
                        naturalSize: Size(width: 320, height: 240), frameRate: FrameRate(30)),
        ] + (tone ? [SourceTrack(url: pattern.url, trackID: 2, mediaType: .audio, timeRange: range)] : []),
            at: .invalid)
        return composition
    }
}

/// The root mean square of the first channel of a file's audio (of a window of it, in seconds), decoded by ffmpeg.
func audioRMS(_ path: String, from start: Double? = nil, duration: Double? = nil) throws -> Double {
    try MediaTestSupport.audioRMS(path, from: start, duration: duration)
}

/// A time in seconds as an exact rational (`seconds(1, 2)` is half a second).
func seconds(_ value: Int64, _ timescale: Int32 = 1) -> MediaTime { MediaTime(value: value, timescale: timescale) }
