import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// A forward render closes each source once the timeline has passed its last segment, without changing a picture.
@Suite struct SourceReleaseTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// Red, blue and the quadrants clip one after another, a third of a second each, on one track.
    func sequence() throws -> MutableComposition {
        var composition = MutableComposition()
        let third = seconds(1, 3)
        for (index, path) in [fixtures.red, fixtures.blue, fixtures.quadrants].enumerated() {
            let track = try fixtures.videoTrack(path)
            try composition.insertTimeRange(TimeRange(start: .zero, duration: third), of: [track],
                                            at: MediaTime(value: Int64(index), timescale: 3))
        }
        return composition
    }

    /// Every frame's bytes, and how many video readers were open after each frame.
    func render(_ composition: MutableComposition, releasing: Bool) throws -> ([[UInt8]], [Int]) {
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: composition, video: true, audio: false)
        if releasing { pool.planReleases(for: composition) }
        let renderer = try VideoFrameRenderer(composition: composition, videoComposition: nil, width: 160, height: 120,
                                              pixelFormat: .yuv420p, sources: pool)
        var pictures: [[UInt8]] = [], open: [Int] = []
        for index in 0..<30 {
            let frame = try renderer.render(at: MediaTime(value: Int64(index), timescale: 30))
            pictures.append(frame.usedBytes)
            open.append(pool.videoReaders.count)
        }
        return (pictures, open)
    }

    @Test func passedSourcesCloseAndPicturesStayTheSame() throws {
        let composition = try sequence()
        let (released, open) = try render(composition, releasing: true)
        let (kept, keptOpen) = try render(composition, releasing: false)
        #expect(released == kept)
        #expect(keptOpen.allSatisfy { $0 == 3 })
        #expect(open[0] == 3 && open[10] == 2 && open[20] == 1 && open[29] == 1, "\(open)")
    }
}
