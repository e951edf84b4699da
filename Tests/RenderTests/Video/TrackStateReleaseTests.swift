import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// A track that stops showing gives back the scalers, buffers and warpers its layers drew through, on SDR and HDR
/// outputs, upright and turned: a clip that ends holds nothing a second later. When the track shows again, its fresh
/// state draws the bytes a renderer that never saw the first clip draws. The SDR canvas goes the same way while
/// pictures are drawn straight into the output.
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
            let (color, _) = try pool.prepareHDR(for: scene.0, range: .hdr)
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

    /// The 320x240 clip at half size filling the 160x120 canvas for 60 frames, half opaque for frames 0-9 and 50-59
    /// (blended on the canvas) and opaque between (scaled straight into the output).
    @Test func theCanvasIsGivenBackWhileNothingIsBlended() throws {
        var composition = MutableComposition()
        let added = composition.addMutableTrack(withMediaType: .video)
        let id = try #require(added)
        func time(_ frame: Int64) -> MediaTime { MediaTime(value: frame, timescale: 30) }
        let range = TimeRange(start: .zero, duration: time(60))
        let track = try fixtures.videoTrack(fixtures.longer)
        try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
        var layer = LayerInstruction(trackID: id)
        try layer.setTransform(AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0), at: .zero)
        try layer.setOpacity(0.5, at: .zero)
        try layer.setOpacity(1, at: time(10))
        try layer.setOpacity(0.5, at: time(50))
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 120), frameDuration: time(1),
            instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: [layer])])
        func renderer() throws -> VideoFrameRenderer {
            let pool = SourcePool(decoderThreads: 1)
            try pool.openAll(in: composition, video: true, audio: false)
            return try VideoFrameRenderer(composition: composition, videoComposition: video, width: 160, height: 120,
                                          pixelFormat: .yuv420p, sources: pool)
        }
        let whole = try renderer()
        #expect(!whole.holdsCanvas, "a renderer should make its canvas when a picture is first blended")
        var heldWhileBlending = false
        for frame in 0..<50 as Range<Int64> {
            _ = try whole.render(at: time(frame))
            if frame == 9 { heldWhileBlending = whole.holdsCanvas }
        }
        #expect(heldWhileBlending)
        #expect(!whole.holdsCanvas, "40 pictures drawn straight into the output, the canvas is still held")
        let fresh = try renderer()
        for frame in 50..<60 as Range<Int64> {
            #expect(try whole.render(at: time(frame)).usedBytes == fresh.render(at: time(frame)).usedBytes,
                    "frame \(frame)")
        }
        #expect(whole.holdsCanvas)
    }
}
