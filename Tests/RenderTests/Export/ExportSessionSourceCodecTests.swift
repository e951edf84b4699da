import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Testing

/// Sources in the containers and codecs Debian's FFmpeg reads, each trimmed into a composition and rendered:
/// the output has the frames and sound the trim asks for.
@Suite struct ExportSessionSourceCodecTests {
    /// Container, video encoder, audio encoder (nil for none) and the ffmpeg options for each.
    static let sources: [(String, [String], [String])] = [
        ("hevc.mp4", ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"], ["-c:a", "aac"]),
        ("vp9.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"], ["-c:a", "libopus"]),
        ("av1.mkv", ["-c:v", "libsvtav1", "-preset", "12"], ["-c:a", "ac3"]),
        ("mpeg4.avi", ["-c:v", "mpeg4", "-q:v", "5"], ["-c:a", "libmp3lame"]),
        ("prores.mov", ["-c:v", "prores_ks", "-profile:v", "0"], ["-c:a", "pcm_s16le"]),
        ("h264.mkv", ["-c:v", "libx264", "-preset", "ultrafast"], ["-c:a", "flac"]),
    ]

    @Test(arguments: sources.map(\.0))
    func rendersATrimOfEachSourceCodec(name: String) throws {
        let fixtures = try ExportFixtures.get()
        let (_, video, audio) = try #require(Self.sources.first { $0.0 == name })
        let source = try fixtures.outputDirectory("codec") + "/" + name
        _ = try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x128:rate=25:duration=2",
                                       "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2"]
                                      + video + ["-pix_fmt", name.hasPrefix("prores") ? "yuv422p10le" : "yuv420p"]
                                      + audio + ["-shortest", source])
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: seconds(1, 2), duration: seconds(1)),
                                        of: try fixtures.sourceTracks(source), at: .invalid)
        let output = try fixtures.outputDirectory("codec-out") + "/out.mp4"
        let settings = ExportSettings(
            name: "codec", container: .mp4,
            video: ExportSettings.Video(codec: .h264, width: 160, height: 128, frameRate: FrameRate(25), crf: 30,
                                        speed: "ultrafast"),
            audio: ExportSettings.Audio(codec: .aac, bitRate: 64_000))
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.framesWritten == 25)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "25")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
        #expect(abs(probe.formatDuration - 1) <= 1.0 / 25 + 0.03, "duration \(probe.formatDuration)")
    }
}
