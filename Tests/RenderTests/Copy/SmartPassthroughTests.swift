import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
import Render
import Testing

/// Smart passthrough: cuts between keyframes re-encode only the partial groups of pictures at the cuts and copy the
/// rest; each piece's first and last pictures match the source's, frame count and times are exact, ffmpeg decodes
/// the file without a complaint.
@Suite struct SmartPassthroughTests {
    let fixtures: SmartPassthroughFixtures

    init() throws {
        fixtures = try SmartPassthroughFixtures.get()
    }

    /// h264 320x240 at 30 fps with aac 48 kHz mono, passthrough, re-encoding at crf 10.
    var settings: ExportSettings {
        var settings = ExportSettings(
            name: "smart", container: .mp4,
            video: ExportSettings.Video(codec: .h264, width: 320, height: 240, frameRate: FrameRate(30), crf: 10,
                                        speed: "veryfast"),
            audio: ExportSettings.Audio(codec: .aac, sampleRate: 48_000, channels: 1))
        settings.passthrough = true
        return settings
    }

    /// Frames `[start, end)` (at 30 fps) of `path` laid end to end, one piece per pair.
    func composition(_ path: String, _ pieces: [(Int64, Int64)]) throws -> MutableComposition {
        var composition = MutableComposition()
        let media = try MediaProbe().probe(path: path)
        let tracks = media.streams.map { SourceTrack(url: URL(fileURLWithPath: path), stream: $0) }
        for (start, end) in pieces {
            let range = TimeRange(start: MediaTime(value: start, timescale: 30), end: MediaTime(value: end, timescale: 30))
            try composition.insertTimeRange(range, of: tracks, at: .invalid)
        }
        return composition
    }

    /// Exports `pieces` of `path` and checks everything the suite promises about the result.
    func check(_ path: String, _ pieces: [(Int64, Int64)]) throws -> ExportResult {
        let output = fixtures.output("smart")
        let result = try ExportSession(composition: try composition(path, pieces), videoComposition: nil,
                                       settings: settings, outputPath: output).export()
        #expect(result.reencodeReason == nil)
        let total = pieces.reduce(0) { $0 + Int($1.1 - $1.0) }
        #expect(result.copiedFrames + result.reencodedFrames == Int64(total))
        #expect(try SmartPassthroughFixtures.decodeErrors(output) == "")
        let times = try SmartPassthroughFixtures.frameTimes(output)
        #expect(times.count == total)
        #expect(times.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 30) < 0.0001 })
        var first = 0
        for (start, end) in pieces {
            let last = first + Int(end - start) - 1
            for (out, source) in [(first, Int(start)), (last, Int(end) - 1)] {
                let psnr = SmartPassthroughFixtures.psnr(try SmartPassthroughFixtures.frame(output, out),
                                                         try SmartPassthroughFixtures.frame(path, source))
                #expect(psnr >= 45, "output frame \(out) against source frame \(source): \(psnr) dB")
            }
            first = last + 1
        }
        return result
    }

    @Test func aTrimInsideGroupsOfPicturesCopiesTheMiddle() throws {
        // The head re-encodes 15-29 (up to the IDR at 30); the tail only the last mini-GOP (3 B-frames: at most 4).
        let result = try check(fixtures.closed, [(15, 105)])
        #expect(result.reencodedFrames >= 15 && result.reencodedFrames <= 15 + 4)
        #expect(result.copiedFrames == 90 - result.reencodedFrames)
        // The first copied picture (source frame 30) is the source's, bit for bit.
        #expect(try SmartPassthroughFixtures.frame(result.outputPath, 15)
                == SmartPassthroughFixtures.frame(fixtures.closed, 30))
    }

    /// The sound of a trim leads in before zero in MP4, under an edit list (OpenAVFoundation's export tests check its
    /// samples); Matroska has no edit list, so there the sound starts at its first whole packet and no stream moves.
    @Test(arguments: [ExportSettings.Container.mp4, .mkv])
    func theSoundOfATrimStartsAtTheCut(container: ExportSettings.Container) throws {
        var settings = settings
        settings.container = container
        let output = fixtures.output("lead-in").replacingOccurrences(of: ".mp4", with: "." + container.fileExtension)
        _ = try ExportSession(composition: try composition(fixtures.closed, [(15, 45)]), videoComposition: nil,
                              settings: settings, outputPath: output).export()
        let packets = String(decoding: try MediaTool.run("ffprobe", [
            "-v", "error", "-select_streams", "a", "-show_entries", "packet=pts_time", "-of", "csv=p=0", output]),
                             as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        let starts = String(decoding: try MediaTool.run("ffprobe", [
            "-v", "error", "-show_entries", "stream=start_time", "-of", "csv=p=0", output]), as: UTF8.self)
        if container == .mp4 {
            // ffmpeg's demuxer shows the lead-in it needs under the edit list, before zero.
            #expect((packets.first ?? 0) < 0 && packets.dropFirst(2).allSatisfy { $0 >= 0 }, "\(packets.prefix(4))")
            #expect(starts == "0.000000\n0.000000\n", "the edit list starts both streams at zero")
        } else {
            #expect(packets.allSatisfy { $0 >= 0 }, "\(packets.prefix(4))")
            #expect(starts.split(separator: "\n").first == "0.000000", "the pictures still start at zero: \(starts)")
        }
    }

    @Test func aJoinOfTwoPiecesOfOneFile() throws {
        // Piece 1 copies from the IDR at 30 to the last mini-GOP before 70, piece 2 from the IDR at 90 to the end.
        let result = try check(fixtures.closed, [(10, 70), (85, 120)])
        #expect(result.copiedFrames >= 36 + 30)
        #expect(result.reencodedFrames <= 20 + 4 + 5)
    }

    @Test func openGroupsOfPicturesReencodeTheLeadingPicturesOfTheLastGroup() throws {
        // Keyframe 90 is a recovery point whose leading pictures (just before 90) refer to the group before and are
        // decoded after it: they are re-encoded with the tail (decoding from keyframe 60), never copied.
        let result = try check(fixtures.open, [(0, 100)])
        #expect(result.copiedFrames >= 85)
        #expect(result.reencodedFrames == 100 - result.copiedFrames)
    }

    @Test func anOpenGroupOfPicturesIsNotCopiedAfterAHeadCut() throws {
        // No IDR follows the cut, so the piece is re-encoded whole (still exact), and joined after a copied piece.
        let result = try check(fixtures.open, [(0, 60), (15, 105)])
        #expect(result.reencodedFrames >= 90)
    }

    @Test func theSameCutGivesTheSameBytes() throws {
        let first = try check(fixtures.closed, [(20, 95), (5, 40)])
        let second = try check(fixtures.closed, [(20, 95), (5, 40)])
        let bytes = try [first, second].map { try Data(contentsOf: URL(fileURLWithPath: $0.outputPath)) }
        #expect(bytes[0] == bytes[1])
    }

    @Test func aCutBetweenPicturesFallsBackToAReencodeWithTheReason() throws {
        let output = fixtures.output("between")
        var composition = MutableComposition()
        let media = try MediaProbe().probe(path: fixtures.closed)
        let tracks = media.streams.map { SourceTrack(url: URL(fileURLWithPath: fixtures.closed), stream: $0) }
        try composition.insertTimeRange(TimeRange(start: MediaTime(value: 1, timescale: 100), end: seconds(2)), of: tracks,
                                        at: .invalid)
        let result = try ExportSession(composition: composition, videoComposition: nil, settings: settings,
                                       outputPath: output).export()
        #expect(result.reencodeReason == "passthrough: segment 1 of track 1 does not start on a keyframe and segment 1 "
                + "is not cut on pictures of the source")
        #expect(result.copiedFrames == 0)
    }
}
