import Composition
import Foundation
import MediaCore
import MediaTestSupport
import Render
import Testing

/// The renderer's sound of an AAC source, read with `MixedAudioReader`, against ffmpeg's decoding of the whole file:
/// a segment that starts at the file's start or inside a packet has the samples the file holds there, not a fade
/// from silence (the decoder needs the packet before, and at the start the encoder's priming packet).
@Suite struct MixedAudioReaderTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// Where segments of `longer.mp4`'s sound start in the source: its start, and inside the packet after 1 s.
    @Test(arguments: [Int64(0), 48_100])
    func aSegmentStartsWithTheSamplesTheFileHolds(_ startSample: Int64) throws {
        let tracks = try fixtures.sourceTracks(fixtures.longer)
        let audio = try #require(tracks.first { $0.mediaType == .audio })
        var composition = MutableComposition()
        let added = composition.addMutableTrack(withMediaType: .audio)
        let track = try #require(added)
        let start = MediaTime(value: startSample, timescale: 48000)
        try composition.modifyTrack(track) {
            try $0.insertTimeRange(TimeRange(start: start, duration: seconds(1)), of: audio, at: .zero)
        }
        let reader = try MixedAudioReader(composition: composition, audioMix: AudioMix(inputParameters: []),
                                          sampleRate: 48000, channelCount: 2)
        #expect(reader.sampleCount == 48000)
        var ours: [Float] = []
        var first: Int64 = 0
        while first < reader.sampleCount {
            let count = Int(min(Int64(reader.chunkCapacity), reader.sampleCount - first))
            ours += try reader.read(from: first, count: count)
            first += Int64(count)
        }
        let data = try MediaTool.ffmpeg(["-i", fixtures.longer, "-vn", "-f", "f32le", "-ac", "2", "-ar", "48000", "-"])
        let theirs = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
            .dropFirst(Int(startSample) * 2).prefix(ours.count)
        #expect(theirs.count == ours.count)
        let largest = zip(ours, theirs).map { abs($0 - $1) }.max() ?? .infinity
        #expect(largest < 2e-4, "largest difference from ffmpeg's samples: \(largest)")
    }
}
