import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// A clip cut from late in a file starts decoding at the keyframe before its first picture, not at the file's start,
/// and a jump ahead past a keyframe seeks to it, where the file's index makes that exact (MP4); MPEG-TS, which seeks
/// by searching timestamps, is decoded through. Either way the picture is the one a decode from the start shows.
@Suite struct CutStartSeekTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// 4 s of testsrc2 at 30 fps with a keyframe every 15 pictures and B-frames, in `container` (mp4 or ts).
    func source(_ container: String) throws -> String {
        let path = try fixtures.outputDirectory("cut-start-seek") + "/gop15." + container
        if !FileManager.default.fileExists(atPath: path) {
            _ = try ExportFixtures.ffmpeg(["-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=4",
                                           "-c:v", "libx264", "-preset", "veryfast", "-g", "15", "-bf", "2",
                                           "-pix_fmt", "yuv420p", path])
        }
        return path
    }

    /// (MPEG-TS decodes from the start, but skips the non-reference pictures later ones hide: about a third.)
    @Test(arguments: [("mp4", 0...20), ("ts", 55...75)])
    func aLateCutDecodesFromTheKeyframeBeforeIt(container: String, decoded: ClosedRange<Int>) throws {
        let path = try source(container)
        let time = MediaTime(value: 91, timescale: 30)
        let cut = try DecodedVideoReader(path: path, trackID: 1, threads: 1)
        let picture = try #require(try cut.frame(at: time))
        #expect(decoded.contains(cut.picturesDecoded), "\(cut.picturesDecoded) pictures decoded for picture 91")
        #expect(try picture.usedBytes == reference(path, picture: 91).usedBytes)
    }

    /// A jump ahead within the far-ahead limit (4 s) that passes a keyframe seeks to it instead of decoding through,
    /// where the index makes that exact.
    @Test(arguments: [("mp4", 0...30), ("ts", 55...75)])
    func aJumpPastAKeyframeSeeks(container: String, decoded: ClosedRange<Int>) throws {
        let path = try source(container)
        let reader = try DecodedVideoReader(path: path, trackID: 1, threads: 1)
        _ = try reader.frame(at: MediaTime(value: 5, timescale: 30))
        let picture = try #require(try reader.frame(at: MediaTime(value: 91, timescale: 30)))
        #expect(decoded.contains(reader.picturesDecoded), "\(reader.picturesDecoded) pictures decoded for pictures 5 and 91")
        #expect(try picture.usedBytes == reference(path, picture: 91).usedBytes)
    }

    /// Picture `index` of `path` as a decode of every picture from the start shows it (each asked in turn: nothing
    /// is skipped, so nothing is sought).
    func reference(_ path: String, picture index: Int64) throws -> Frame {
        let reader = try DecodedVideoReader(path: path, trackID: 1, threads: 1)
        for earlier in 0..<index { _ = try reader.frame(at: MediaTime(value: earlier, timescale: 30)) }
        let picture = try #require(try reader.frame(at: MediaTime(value: index, timescale: 30)))
        #expect(reader.picturesDecoded >= Int(index))
        return picture
    }
}
