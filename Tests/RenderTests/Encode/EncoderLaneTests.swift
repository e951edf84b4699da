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

    /// 10 s of the generated test pattern at 320x240 with a fading title, capped (so two lanes of one-thread
    /// sessions), exported with `maximumLanes` lanes; the file's bytes.
    func export(lanes: Int, keyedWithSound: Bool = false) throws -> Data {
        let range = TimeRange(start: .zero, duration: seconds(10))
        let composition = try TestPresets.pattern(seconds: 10, tone: keyedWithSound)
        var video = try TestPresets.oneLayer(of: composition, size: Size(width: 320, height: 240), range: range)
        video.textLayers = [TextLayer(text: "Lanes", timeRange: TimeRange(start: seconds(1), duration: seconds(8)),
                                      style: TextStyle(size: 0.1, color: .white))]
        var settings = TestPresets.mp4(audio: keyedWithSound, width: 320, height: 240)
        settings.video?.speed = "veryfast"
        settings.video?.maxBitRate = 1_000_000
        settings.video?.threads = 2
        let output = try fixtures.outputDirectory("lanes-\(lanes)-\(keyedWithSound)") + "/out.mp4"
        let session = ExportSession(composition: composition, videoComposition: video, audioMix: AudioMix(),
                                    settings: settings, outputPath: output)
        session.maximumLanes = lanes
        if keyedWithSound {
            // Only the untitled ends are shareable: the titled middle stays plain, cut into chunks for the lanes.
            session.shareableRanges = [TimeRange(start: .zero, duration: seconds(1)),
                                       TimeRange(start: seconds(9), duration: seconds(1))]
            #expect(session.plannedVideoSegments().map { $0.key != nil } == [true, false, false, false, false, true])
        }
        #expect(try session.export().framesWritten == 300)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test func lanesWithTheirLastChunksRenderedAheadWriteTheBytesOfOneSessionAfterAnother() throws {
        let serial = try export(lanes: 1)
        #expect(serial.count > 10_000)
        #expect(try export(lanes: 2) == serial)
        // Four chunks, each starting with a keyframe: more chunks than lanes, so both ways of rendering ran.
        let directory = try fixtures.outputDirectory("lanes-probe")
        let path = directory + "/out.mp4"
        try serial.write(to: URL(fileURLWithPath: path))
        let keyframes = String(decoding: try MediaTool.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=key_frame", "-of", "csv=p=0", path]),
            as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("1") }.count
        #expect(keyframes >= 4, "\(keyframes) keyframes")
    }

    @Test func lanesWriteKeyedSegmentsAndTheirSoundInTheOrderOfOneSessionAfterAnother() throws {
        let serial = try export(lanes: 1, keyedWithSound: true)
        #expect(serial.count > 10_000)
        #expect(try export(lanes: 2, keyedWithSound: true) == serial)
    }
}
