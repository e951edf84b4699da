import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// Tone mapping runs on slice threads when a render has the machine to itself: the pictures are the same with any
/// count (only `tonemap`, pixel by pixel, is sliced; `zscale` filters chroma across rows and stays on one thread).
@Suite struct ToneMapThreadsTests {
    /// HLG and PQ are tone-mapped; `bt2020-10` is SDR in the BT.2020 gamut, converted by `zscale` alone.
    @Test(arguments: ["arib-std-b67", "smpte2084", "bt2020-10"])
    func slicedToneMappingGivesTheSamePictures(transfer: String) throws {
        let fixtures = try ExportFixtures.get()
        let path = try fixtures.outputDirectory("tone-map-threads") + "/testsrc360-\(transfer).mp4"
        if !FileManager.default.fileExists(atPath: path) {
            let grade = "format=gbrp,zscale=tin=709:pin=709:min=gbr:rin=full:t=linear:p=2020:m=gbr:r=full:npl=203,"
                + "format=gbrpf32le,zscale=tin=linear:pin=2020:min=gbr:rin=full:t=\(transfer):p=2020:m=2020_ncl:"
                + "r=limited:npl=203,format=yuv420p10le"
            _ = try ExportFixtures.ffmpeg(["-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=1", "-vf", grade,
                                           "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
                                           "log-level=error:colorprim=bt2020:transfer=\(transfer):colormatrix=bt2020nc",
                                           "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc",
                                           "-color_range", "tv", path])
        }
        let one = try DecodedVideoReader(path: path, trackID: 1, threads: 1, lightThreads: 1)
        let three = try DecodedVideoReader(path: path, trackID: 1, threads: 1, lightThreads: 3)
        for index in Int64(0)..<8 {
            let time = MediaTime(value: index, timescale: 30)
            let reference = try #require(try one.frame(at: time))
            let sliced = try #require(try three.frame(at: time))
            #expect(reference.colorDescription == .bt709Limited, "picture \(index) was not tone-mapped")
            let same = reference.usedBytes == sliced.usedBytes
            #expect(same, "picture \(index)")
        }
    }
}
