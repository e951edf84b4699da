import Foundation
import MediaTestSupport
import Testing

/// Small media made once per test run with the ffmpeg CLI (a declared dependency: its absence fails the tests).
struct Fixtures: Sendable {
    /// The temporary directory holding everything.
    let directory: String
    /// 320x240 30 fps testsrc2, 2 s, libx264 with a keyframe every 15 frames, plus 440 Hz aac at 48 kHz stereo.
    var clip: String { directory + "/clip.mp4" }
    /// `clip.mp4` copied with a display matrix meaning "turn 90 degrees clockwise to display".
    /// FFmpeg 5.1's mov muxer reads the legacy `rotate` tag as counterclockwise degrees, hence `rotate=270`.
    var rotated: String { directory + "/rotated.mp4" }
    /// A 64x48 PNG, half-transparent red (rgba; alpha 0.5 is stored as 127).
    var alphaPNG: String { directory + "/alpha.png" }
    /// A 64x48 JPEG still.
    var photo: String { directory + "/photo.jpg" }
    /// 1 s of 440 Hz mono s16 at 44.1 kHz.
    var tone: String { directory + "/tone.wav" }
    /// 4 KB of pseudo-random bytes named like a movie.
    var corrupt: String { directory + "/corrupt.mp4" }
    /// The first 4000 bytes of an mp4 whose index is at the end.
    var truncated: String { directory + "/truncated.mp4" }
    /// A faststart mp4 cut at 60%: the index is whole, the media data is not.
    var cutShort: String { directory + "/cut.mp4" }
    /// A text file.
    var text: String { directory + "/notes.txt" }
    /// A path that does not exist.
    var missing: String { directory + "/missing.mp4" }
    /// An HLS playlist naming a remote segment.
    var playlist: String { directory + "/remote.m3u8" }
    /// An ffconcat list naming a remote file.
    var concatList: String { directory + "/remote.ffconcat" }

    /// The fixtures, made on first use.
    static func get() throws -> Fixtures { try shared.get() }

    private static let shared: Result<Fixtures, FixtureError> = Result { () throws(FixtureError) in try make() }

    private static func make() throws(FixtureError) -> Fixtures {
        let directory: String
        do { directory = try MediaTool.freshDirectory(prefix: "libav-tests") }
        catch { throw FixtureError(message: error.message) }
        let fixtures = Fixtures(directory: directory)
        let quiet = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
        try ffmpeg(quiet + [
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "15", "-pix_fmt", "yuv420p",
            "-c:a", "aac", "-ac", "2", "-metadata", "title=Fixture", "-metadata:s:a:0", "language=eng",
            fixtures.clip])
        try ffmpeg(quiet + ["-i", fixtures.clip, "-c", "copy", "-metadata:s:v:0", "rotate=270", fixtures.rotated])
        try ffmpeg(quiet + ["-f", "lavfi", "-i", "color=c=red@0.5:size=64x48,format=rgba", "-frames:v", "1",
                            fixtures.alphaPNG])
        try ffmpeg(quiet + ["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", fixtures.photo])
        try ffmpeg(quiet + ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1",
                            "-c:a", "pcm_s16le", fixtures.tone])
        // The same noise every run (xorshift), so no run can stumble on bytes that probe as some container.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noise = (0..<4096).map { _ -> UInt8 in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 32)
        }
        _ = FileManager.default.createFile(atPath: fixtures.corrupt, contents: Data(noise))
        let clipBytes = FileManager.default.contents(atPath: fixtures.clip) ?? Data()
        _ = FileManager.default.createFile(atPath: fixtures.truncated, contents: clipBytes.prefix(4000))
        let faststart = directory + "/faststart.mp4"
        try ffmpeg(quiet + ["-i", fixtures.clip, "-c", "copy", "-movflags", "+faststart", faststart])
        let faststartBytes = FileManager.default.contents(atPath: faststart) ?? Data()
        _ = FileManager.default.createFile(atPath: fixtures.cutShort,
                                           contents: faststartBytes.prefix(faststartBytes.count * 6 / 10))
        _ = FileManager.default.createFile(atPath: fixtures.text, contents: Data("shopping list\n- eggs\n".utf8))
        _ = FileManager.default.createFile(
            atPath: fixtures.playlist,
            contents: Data("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nhttp://127.0.0.1:9/a.ts\n#EXT-X-ENDLIST\n".utf8))
        _ = FileManager.default.createFile(
            atPath: fixtures.concatList, contents: Data("ffconcat version 1.0\nfile 'http://127.0.0.1:9/a.mp4'\n".utf8))
        return fixtures
    }

    /// Runs ffmpeg, failing with its stderr.
    static func ffmpeg(_ arguments: [String]) throws(FixtureError) {
        let result = try run("ffmpeg", arguments)
        guard result.status == 0 else {
            throw FixtureError(message: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.error)")
        }
    }

    /// ffprobe's JSON description of `path` (format and streams).
    static func ffprobe(_ path: String) throws -> [String: Any] {
        let result = try run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path])
        guard result.status == 0 else { throw FixtureError(message: "ffprobe '\(path)' failed: \(result.error)") }
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return try #require(object as? [String: Any])
    }

    /// Runs a tool found on PATH and collects its output.
    static func run(_ tool: String, _ arguments: [String]) throws(FixtureError)
        -> (status: Int32, output: String, error: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do { try process.run() } catch {
            throw FixtureError(message: "cannot run '\(tool)': \(error); run scripts/setup.sh to install FFmpeg")
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw FixtureError(message: "'\(tool)' is not installed; run scripts/setup.sh to install FFmpeg")
        }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self),
                String(decoding: errData, as: UTF8.self))
    }
}

/// A fixture could not be made.
struct FixtureError: Error, CustomStringConvertible {
    /// What went wrong.
    let message: String
    /// The message.
    var description: String { message }
}
