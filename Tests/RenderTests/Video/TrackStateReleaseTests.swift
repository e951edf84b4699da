import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// A track that stops showing gives back the scalers, buffers and warpers its layers drew through, on SDR and HDR
/// outputs, upright and turned: a clip that ends holds nothing a second later. When the track shows again, its fresh
/// state draws the bytes a renderer that never saw the first clip draws.
@Suite struct TrackStateReleaseTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// One track: source frames 0-9 at frames 0-9, nothing for 40 frames, source frames 10-19 at frames 50-59; the
    /// layer half opaque (so the SDR renderer composites rather than scaling straight into its output), scaled by
    /// `scale` and, when `turned`, rotated by 30 degrees (drawn by a warper instead of a layer slot).
    func scene(source: String, rate: Int32, canvas: Size, scale: Double, turned: Bool) throws
        -> (MutableComposition, VideoComposition)
    {
        var composition = MutableComposition()
        let added = composition.addMutableTrack(withMediaType: .video)
        let id = try #require(added)
        let track = try fixtures.videoTrack(source)
        func frames(_ start: Int64, _ count: Int64) -> TimeRange {
            TimeRange(start: MediaTime(value: start, timescale: rate), duration: MediaTime(value: count, timescale: rate))
        }
        try composition.modifyTrack(id) {
            try $0.insertTimeRange(frames(0, 10), of: track, at: .zero)
            try $0.insertTimeRange(frames(10, 10), of: track, at: MediaTime(value: 50, timescale: rate))
        }
        var layer = LayerInstruction(trackID: id)
        let angle = turned ? Double.pi / 6 : 0
        try layer.setTransform(AffineTransform2D(a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle),
                                                 d: scale * cos(angle), tx: turned ? canvas.width / 4 : 0, ty: 0),
                               at: .zero)
        try layer.setOpacity(0.5, at: .zero)
        let video = VideoComposition(
            renderSize: canvas, frameDuration: MediaTime(value: 1, timescale: rate),
            instructions: [VideoCompositionInstruction(timeRange: frames(0, 60), layerInstructions: [layer])])
        return (composition, video)
    }

    /// A renderer of `scene`, SDR 8-bit or (`hdr`) HLG 10-bit, and how many tracks hold drawing state in it.
    func renderer(_ scene: (MutableComposition, VideoComposition), hdr: Bool) throws
        -> (renderer: any PictureRenderer, held: () -> Int)
    {
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: scene.0, video: true, audio: false)
        let size = scene.1.renderSize
        if hdr {
            let (color, _) = try pool.prepareHDR(for: scene.0)
            let renderer = try HDRFrameRenderer(composition: scene.0, videoComposition: scene.1, width: Int(size.width),
                                                height: Int(size.height), pixelFormat: .yuv420p10le, color: color,
                                                sources: pool)
            return (renderer, { renderer.tracksHoldingState })
        }
        let renderer = try VideoFrameRenderer(composition: scene.0, videoComposition: scene.1, width: Int(size.width),
                                              height: Int(size.height), pixelFormat: .yuv420p, sources: pool)
        return (renderer, { renderer.tracksHoldingState })
    }

    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func aTrackThatStopsShowingHoldsNothing(hdr: Bool, turned: Bool) throws {
        let scene = hdr
            ? try scene(source: try FootageFixtures.gradedTestPattern("arib-std-b67"), rate: 30,
                        canvas: Size(width: 160, height: 90), scale: 0.25, turned: turned)
            : try scene(source: fixtures.longer, rate: 30, canvas: Size(width: 160, height: 120), scale: 0.5,
                        turned: turned)
        func time(_ frame: Int64) -> MediaTime { MediaTime(value: frame, timescale: 30) }
        let (whole, held) = try renderer(scene, hdr: hdr)
        var heldWhileShowing = 0
        for frame in 0..<50 as Range<Int64> {
            _ = try whole.render(at: time(frame))
            if frame == 9 { heldWhileShowing = held() }
        }
        #expect(heldWhileShowing == 1)
        #expect(held() == 0, "40 pictures after its clip ended, the track still holds its drawing state")

        let (fresh, _) = try renderer(scene, hdr: hdr)
        for frame in 50..<60 as Range<Int64> {
            let again = try whole.render(at: time(frame)).usedBytes
            let reference = try fresh.render(at: time(frame)).usedBytes
            #expect(again == reference, "frame \(frame)")
        }
        #expect(held() == 1)
    }
}
