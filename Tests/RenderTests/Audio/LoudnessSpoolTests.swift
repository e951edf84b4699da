import Composition
import Foundation
import LibAV
import MediaCore
@testable import Render
import Testing

/// A loudness target mixes the audio once and replays that mix from a spool file for the refinement passes and the
/// real render: the output has the bytes of mixing (and decoding) the audio again for every pass from freshly opened
/// sources.
@Suite struct LoudnessSpoolTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// 2 s of the testsrc2 clip (picture and 48 kHz stereo tone) over a quiet 44.1 kHz mono sine with loud bursts
    /// (resampled, ramped and ducked under the tone), exported with `target`; the file's bytes.
    func export(target: Double, video: Bool, remixing: Bool, name: String, tone: Bool = true) throws -> Data {
        let directory = try fixtures.outputDirectory("spool-" + name)
        let bursts = directory + "/bursts.wav"
        try ExportFixtures.ffmpeg([
            "-f", "lavfi", "-i",
            "aevalsrc=0.0316*sin(2*PI*997*t)+if(lt(mod(t\\,1)\\,0.005)\\,0.316*sin(2*PI*3000*t)\\,0):sample_rate=44100:duration=2",
            "-c:a", "pcm_f32le", bursts])
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: seconds(2))
        let clip = try fixtures.sourceTracks(fixtures.longer).filter { (video || $0.mediaType == .audio) && (tone || $0.mediaType == .video) }
        try composition.insertTimeRange(range, of: clip, at: .invalid)
        let added = composition.addMutableTrack(withMediaType: .audio)
        let bed = try #require(added)
        let source = try fixtures.audioTrack(bursts)
        try composition.modifyTrack(bed) { try $0.insertTimeRange(range, of: source, at: .zero) }
        let others = composition.tracks(withMediaType: .audio).filter { $0.trackID != bed }
        var parameters = AudioMixInputParameters(trackID: bed)
        try parameters.setVolumeRamp(fromStartVolume: 0.2, toEndVolume: 1, timeRange: TimeRange(start: seconds(1, 3), duration: seconds(1)))
        if let tone = others.first?.trackID { parameters.ducking = Ducking(sideChainTrackIDs: [tone], depth: 0.5, threshold: -40) }
        var settings = TestPresets.mp4(audio: true)
        if !video { settings = ExportSettings(name: "spool", container: .m4a, video: nil, audio: TestPresets.audio) }
        settings.audio?.loudnessTarget = target
        let output = directory + "/out." + (video ? "mp4" : "m4a")
        let session = ExportSession(composition: composition, videoComposition: nil,
                                    audioMix: AudioMix(inputParameters: [parameters]), settings: settings,
                                    outputPath: output)
        _ = try ExportSession.$remixesForLoudness.withValue(remixing) { try session.export() }
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// -14 LUFS raises the mix into the limiter (refinement passes run); -30 only lowers it (one pass).
    @Test(arguments: [(-14.0, true), (-30.0, true), (-14.0, false)])
    func spooledMixGivesTheBytesOfRemixing(target: Double, video: Bool) throws {
        let spooled = try export(target: target, video: video, remixing: false, name: "spooled")
        let remixed = try export(target: target, video: video, remixing: true, name: "remixed")
        #expect(spooled.count > 1000)
        #expect(spooled == remixed)
    }

    @Test func spoolReplaysWhatWasAppendedAndRefusesWhatWasNot() throws {
        let spool = try AudioMixSpool(start: 100, channels: 2, sampleRate: 48000, capacity: 8)
        let chunk = try AudioBuffer(channelCount: 2, frameCapacity: 8, sampleRate: 48000)
        for round in 0..<3 {
            chunk.frameCount = 8
            for channel in 0..<2 {
                chunk.withChannel(channel) { for i in 0..<8 { $0[i] = Float(round * 100 + channel * 10 + i) } }
            }
            try spool.append(chunk)
        }
        let read = try spool.render(from: 105, count: 6)
        #expect(read.samples(channel: 0) == [5, 6, 7, 100, 101, 102])
        #expect(read.samples(channel: 1) == [15, 16, 17, 110, 111, 112])
        #expect(throws: ExportError.self) { try spool.render(from: 120, count: 8) }
        #expect(throws: ExportError.self) { try spool.render(from: 99, count: 2) }
    }
}
