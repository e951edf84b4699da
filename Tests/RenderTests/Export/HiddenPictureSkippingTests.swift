import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// Between a keyframe and a cut, and on a jump ahead that decodes through, a reader does not decode the
/// non-reference pictures that a later picture at or before the asked time hides: the pictures it shows are the
/// same, byte for byte, as those of a reader that decodes everything. A deinterlaced source decodes everything
/// (`bwdif` looks at the picture before the one shown).
@Suite struct HiddenPictureSkippingTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// A source in the fixtures folder, made once with ffmpeg from `arguments` (input and encoder options).
    func source(_ name: String, _ arguments: [String]) throws -> String {
        let path = try fixtures.outputDirectory("hidden-pictures") + "/" + name
        if !FileManager.default.fileExists(atPath: path) {
            _ = try ExportFixtures.ffmpeg(["-y", "-f", "lavfi", "-i", "testsrc2=size=192x108:rate=30:duration=6"]
                                          + arguments + [path])
        }
        return path
    }

    /// One keyframe (a 6 s GOP) and 3 B-frames in a pyramid: two of every three B-frames are non-reference.
    func longGOP(_ container: String) throws -> String {
        try source("gop300." + container, ["-c:v", "libx264", "-preset", "veryfast", "-g", "300", "-bf", "3",
                                           "-pix_fmt", "yuv420p"])
    }

    /// HEVC with x265's default B-frames (non-reference pictures are TRAIL_N and RASL_N NAL units).
    func hevc() throws -> String {
        try source("hevc.mp4", ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error:keyint=300",
                                "-pix_fmt", "yuv420p"])
    }

    /// Pictures 100 to 110 asked one by one, then a jump to 137 (decoded through: no keyframe between) and 138 to 140.
    static let asked: [Int64] = Array(100...110) + Array(137...140)

    /// H.264 in MP4 (one and two frame threads) and MPEG-TS, and HEVC: at most 65% of the pictures are decoded.
    @Test(arguments: [("mp4", 1), ("mp4", 2), ("ts", 1), ("hevc", 1)])
    func hiddenPicturesAreSkippedAndTheShownOnesAreTheSame(source kind: String, threads: Int) throws {
        let path = kind == "hevc" ? try hevc() : try longGOP(kind)
        let skipping = try DecodedVideoReader(path: path, trackID: 1, threads: threads)
        let everything = try DecodedVideoReader(path: path, trackID: 1, threads: threads)
        everything.skipsHidden = false
        for index in Self.asked {
            let time = MediaTime(value: index, timescale: 30)
            let shown = try #require(try skipping.frame(at: time))
            let reference = try #require(try everything.frame(at: time))
            #expect(shown.pts == reference.pts, "picture \(index)")
            let same = shown.usedBytes == reference.usedBytes
            #expect(same, "picture \(index)")
        }
        #expect(everything.picturesDecoded >= 141)
        #expect(Double(skipping.picturesDecoded) <= 0.65 * Double(everything.picturesDecoded),
                "\(skipping.picturesDecoded) of \(everything.picturesDecoded) pictures decoded")
    }

    /// A reader for one thread whose first picture is more than 2 s after its keyframe decodes on two: the pictures
    /// before the cut are decoded while the encoder waits.
    @Test(arguments: [(Int64?.none, 1), (45, 1), (100, 2)])
    func aFirstCutFarFromItsKeyframeDecodesOnTwoThreads(firstPicture: Int64?, threads: Int) throws {
        let reader = try DecodedVideoReader(path: try longGOP("mp4"), trackID: 1, threads: 1,
                                            firstTime: firstPicture.map { MediaTime(value: $0, timescale: 30) })
        #expect(reader.decoderThreads == threads)
    }

    @Test func aDeinterlacedSourceDecodesEveryPicture() throws {
        let path = try source("interlaced.mp4", ["-vf", "scale=192:108,setfield=tff", "-c:v", "libx264",
                                                 "-preset", "veryfast", "-g", "300", "-bf", "3", "-flags", "+ildct+ilme",
                                                 "-field_order", "tt", "-pix_fmt", "yuv420p"])
        let skipping = try DecodedVideoReader(path: path, trackID: 1, threads: 1)
        let everything = try DecodedVideoReader(path: path, trackID: 1, threads: 1)
        everything.skipsHidden = false
        for index in Self.asked {
            let time = MediaTime(value: index, timescale: 30)
            let shown = try #require(try skipping.frame(at: time))
            let reference = try #require(try everything.frame(at: time))
            let same = shown.usedBytes == reference.usedBytes
            #expect(same, "picture \(index)")
        }
        #expect(skipping.picturesDecoded == everything.picturesDecoded)
    }
}
