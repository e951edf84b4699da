import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// Tone mapping runs on slice threads when a render has the machine to itself: the pictures are the same with any
/// count (only `tonemap`, pixel by pixel, is sliced; `zscale` filters chroma across rows and stays on one thread).
@Suite struct ToneMapThreadsTests {
    /// HLG and PQ are tone-mapped; `bt2020-10` is SDR in the BT.2020 gamut, converted by `zscale` alone.
    /// At full size and converted at half size (a 4K clip drawn at 1080p), where the first `zscale` also resizes.
    @Test(arguments: ["arib-std-b67", "smpte2084", "bt2020-10"], [1.0, 0.5])
    func slicedToneMappingGivesTheSamePictures(transfer: String, stretch: Double) throws {
        let path = try FootageFixtures.gradedTestPattern(transfer)
        let one = try DecodedVideoReader(path: path, trackID: 1, threads: 1, lightThreads: 1)
        let three = try DecodedVideoReader(path: path, trackID: 1, threads: 1, lightThreads: 3)
        for index in Int64(0)..<8 {
            let time = MediaTime(value: index, timescale: 30)
            let reference = try #require(try one.picture(at: time, stretch: stretch)?.frame)
            let sliced = try #require(try three.picture(at: time, stretch: stretch)?.frame)
            #expect(reference.colorDescription == .bt709Limited, "picture \(index) was not tone-mapped")
            #expect(reference.width == Int(640 * stretch), "picture \(index) is \(reference.width) wide")
            let same = reference.usedBytes == sliced.usedBytes
            #expect(same, "picture \(index)")
        }
    }
}
