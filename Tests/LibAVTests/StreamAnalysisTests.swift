import Foundation
@testable import LibAV
import MediaCore
import MediaTestSupport
import Testing

/// A file opened again in the same process takes its streams' analysis from the first open when its format reads
/// every timestamp from an index (MP4 and QuickTime), and then reads, seeks and decodes exactly as a freshly
/// analysed open does; other formats, fragmented MP4s and changed files are analysed again.
@Suite struct StreamAnalysisTests {
    static let quiet = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"]
    static let picture = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2"]
    static let sound = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2"]
    static let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-bf", "3", "-g", "20"]

    /// Makes `name` in a fresh folder with ffmpeg `arguments` (inputs and codecs); returns its path.
    static func make(_ name: String, _ arguments: [String]) throws -> String {
        let path = try TestScratch.directory("stream-analysis").path + "/" + name
        try Fixtures.ffmpeg(quiet + arguments + [path])
        return path
    }

    /// Every packet of `input` from where it stands (stream, times, flags, bytes), at most `limit`.
    static func packets(_ input: InputFile, limit: Int = .max) throws -> [String] {
        var read: [String] = []
        while read.count < limit, let packet = try input.readPacket() {
            let bytes = packet.withUnsafeBytes { Array($0) }
            read.append("\(packet.streamIndex) \(packet.pts) \(packet.dts) \(packet.duration) \(packet.isKeyframe) \(bytes.hashValue)")
        }
        return read
    }

    /// Every frame of stream `index` decoded from the start: time and the bytes of each plane's rows.
    static func frames(_ input: InputFile, stream index: Int) throws -> [String] {
        let decoder = try Decoder(input: input, stream: index, threads: 2)
        var decoded: [String] = []
        while let frame = try decoder.nextFrame(from: input) {
            var hasher = Hasher()
            frame.withPlanes { planes in
                for plane in planes { for row in 0..<plane.rows { hasher.combine(bytes: UnsafeRawBufferPointer(plane.row(row))) } }
            }
            decoded.append("\(frame.pts) \(frame.width)x\(frame.height) \(frame.sampleCount) \(hasher.finalize())")
        }
        return decoded
    }

    /// Files whose second open reuses the first one's analysis: H.264 with B-frames and AAC, an edit list that
    /// starts mid-group, a negative composition offset, variable frame rate, HEVC, sound alone, a timestamp offset.
    static let reusedCases: [(name: String, arguments: [String])] = [
        ("bframes.mp4", picture + sound + h264 + ["-c:a", "aac"]),
        ("negative-cts.mp4", picture + sound + h264 + ["-c:a", "aac", "-movflags", "+negative_cts_offsets",
                                                      "-use_editlist", "0"]),
        ("vfr.mp4", ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2,setpts='PTS+0.3*sin(N)'",
                     "-fps_mode", "vfr"] + h264),
        ("hevc.mp4", picture + ["-c:v", "libx265", "-x265-params", "log-level=error", "-preset", "ultrafast"]),
        ("sound.m4a", sound + ["-c:a", "aac"]),
        ("offset.mov", picture + sound + h264 + ["-c:a", "aac", "-output_ts_offset", "10"]),
    ]

    @Test(arguments: reusedCases.map(\.name))
    func aSecondOpenReadsAndDecodesLikeAFreshAnalysis(name: String) throws {
        let arguments = try #require(Self.reusedCases.first { $0.name == name }).arguments
        var path = try Self.make(name, arguments)
        if name == "bframes.mp4" {
            // An edit list starting between keyframes, as a trim copied without re-encoding leaves it.
            let trimmed = path.replacingOccurrences(of: ".mp4", with: "-trimmed.mov")
            try Fixtures.ffmpeg(Self.quiet + ["-ss", "0.4", "-i", path, "-c", "copy", trimmed])
            path = trimmed
        }
        let fresh = try InputFile(path: path)
        let reopened = try InputFile(path: path)
        #expect(!fresh.reusedAnalysis)
        #expect(reopened.reusedAnalysis)
        #expect(reopened.media == fresh.media)
        #expect(reopened.startTime == fresh.startTime)
        #expect(reopened.duration == fresh.duration)
        for stream in 0..<fresh.streamCount {
            #expect(try reopened.startTime(ofStream: stream) == fresh.startTime(ofStream: stream))
        }
        for type in [MediaType.video, .audio] {
            #expect((try? reopened.bestStream(type)) == (try? fresh.bestStream(type)))
        }
        #expect(try Self.packets(reopened) == Self.packets(fresh))
        let index = try fresh.bestStream(fresh.media.primaryVideo == nil ? .audio : .video)
        try fresh.seek(to: MediaTime(value: 11, timescale: 10), stream: index)
        try reopened.seek(to: MediaTime(value: 11, timescale: 10), stream: index)
        #expect(try Self.packets(reopened, limit: 40) == Self.packets(fresh, limit: 40))
        for stream in 0..<fresh.streamCount {
            let decodedFresh = try Self.frames(try Self.freshlyAnalysed(path), stream: stream)
            let decodedReopened = try Self.frames(try InputFile(path: path), stream: stream)
            #expect(!decodedFresh.isEmpty)
            #expect(decodedReopened == decodedFresh)
        }
    }

    /// `path` opened as a file version never opened before (a copy), so its streams are analysed.
    static func freshlyAnalysed(_ path: String) throws -> InputFile {
        let copy = try TestScratch.directory("stream-analysis").path + "/" + (path as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let input = try InputFile(path: copy)
        #expect(!input.reusedAnalysis)
        return input
    }

    /// Files analysed on every open: formats whose demuxer derives timestamps from the analysis (MPEG-TS, Matroska),
    /// an MP4 fragmented after an empty index, and an M4A with cover art (a picture stream the index does not list).
    static let analysedCases: [(name: String, arguments: [String])] = [
        ("stream.ts", picture + sound + h264 + ["-c:a", "aac"]),
        ("stream.mkv", picture + sound + h264 + ["-c:a", "aac"]),
        ("fragmented.mp4", picture + sound + h264 + ["-c:a", "aac", "-movflags", "+frag_keyframe+empty_moov"]),
        ("cover.m4a", sound + ["-f", "lavfi", "-i", "testsrc2=size=64x64:duration=0.1", "-map", "0", "-map", "1", "-frames:v", "1",
                               "-c:a", "aac", "-c:v", "mjpeg", "-disposition:v", "attached_pic"]),
    ]

    @Test(arguments: analysedCases.map(\.name))
    func otherFilesAreAnalysedOnEveryOpen(name: String) throws {
        let arguments = try #require(Self.analysedCases.first { $0.name == name }).arguments
        let path = try Self.make(name, arguments)
        _ = try InputFile(path: path)
        #expect(try !InputFile(path: path).reusedAnalysis)
    }

    /// A file rewritten at the same path is a new version: it is analysed again and its own streams are read.
    @Test func aRewrittenFileIsAnalysedAgain() throws {
        let path = try Self.make("rewritten.mp4", Self.picture + Self.h264)
        #expect(try InputFile(path: path).media.primaryVideo?.width == 320)
        try Fixtures.ffmpeg(Self.quiet + ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1"]
                            + Self.h264 + [path])
        let rewritten = try InputFile(path: path)
        #expect(!rewritten.reusedAnalysis)
        #expect(rewritten.media.primaryVideo?.width == 160)
    }
}
