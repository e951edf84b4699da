import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// Encoder lanes against one session after another: a capped video cut into four chunks, the first two rendered on
/// the lanes' own threads and the last two (one per lane) rendered ahead on threads of their own, writes the bytes of
/// the same chunks encoded one after another; so does one whose untitled ends are keyed segments, with sound (the
/// writer encodes a keyed segment's sound while its lane renders it).
@Suite struct EncoderLaneTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// `length` seconds (10 by default) of the generated test pattern at 320x240 with a fading title, capped (so
    /// two lanes of one-thread sessions), exported with `maximumLanes` lanes; the file's bytes.
    func export(lanes: Int, keyedWithSound: Bool = false, length: Int64 = 10) throws -> Data {
        let range = TimeRange(start: .zero, duration: seconds(length))
        let composition = try TestPresets.pattern(seconds: length, tone: keyedWithSound)
        var video = try TestPresets.oneLayer(of: composition, size: Size(width: 320, height: 240), range: range)
        video.textLayers = [TextLayer(text: "Lanes", timeRange: TimeRange(start: seconds(1), duration: seconds(8)),
                                      style: TextStyle(size: 0.1, color: .white))]
        var settings = TestPresets.mp4(audio: keyedWithSound, width: 320, height: 240)
        settings.video?.speed = "veryfast"
        settings.video?.maxBitRate = 1_000_000
        settings.video?.threads = 2
        let output = try fixtures.outputDirectory("lanes-\(lanes)-\(keyedWithSound)-\(length)") + "/out.mp4"
        let session = ExportSession(composition: composition, videoComposition: video, audioMix: AudioMix(),
                                    settings: settings, outputPath: output)
        session.maximumLanes = lanes
        if keyedWithSound {
            // Only the untitled ends are shareable: the titled middle stays plain, cut into chunks for the lanes.
            session.shareableRanges = [TimeRange(start: .zero, duration: seconds(1)),
                                       TimeRange(start: seconds(9), duration: seconds(1))]
            #expect(session.plannedVideoSegments().map { $0.key != nil } == [true, false, false, false, false, true])
        }
        #expect(try session.export().framesWritten == Int(length) * 30)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test func lanesWithTheirLastChunksRenderedAheadWriteTheBytesOfOneSessionAfterAnother() throws {
        let serial = try export(lanes: 1)
        #expect(serial.count > 10_000)
        #expect(try export(lanes: 2) == serial)
        // Four chunks, each starting with a keyframe: more chunks than lanes, so both ways of rendering ran.
        let keyframes = try keyframeCount(serial, probe: "lanes-probe")
        #expect(keyframes >= 4, "\(keyframes) keyframes")
    }

    /// A 2 s output, shorter than a 2 s chunk per lane, is one encoded segment: it is cut in two pieces of 1 s (a
    /// generated picture has nothing to decode before a cut), and two lanes write the bytes of one after another.
    @Test func aShortOutputIsCutInTwoPiecesThatLanesWriteAsOneSessionAfterAnother() throws {
        let serial = try export(lanes: 1, length: 2)
        #expect(serial.count > 2_000)
        #expect(try export(lanes: 2, length: 2) == serial)
        #expect(try keyframeCount(serial, probe: "short-probe") == 2)
    }

    /// The key frames ffprobe finds in `file`, written to a fixture folder named `probe`.
    func keyframeCount(_ file: Data, probe: String) throws -> Int {
        let path = try fixtures.outputDirectory(probe) + "/out.mp4"
        try file.write(to: URL(fileURLWithPath: path))
        return String(decoding: try MediaTool.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=key_frame", "-of", "csv=p=0", path]),
            as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("1") }.count
    }

    @Test func lanesWriteKeyedSegmentsAndTheirSoundInTheOrderOfOneSessionAfterAnother() throws {
        let serial = try export(lanes: 1, keyedWithSound: true)
        #expect(serial.count > 10_000)
        #expect(try export(lanes: 2, keyedWithSound: true) == serial)
    }
}
