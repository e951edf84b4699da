import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// A pan (a crop moving across the source) keeps its scaler and frames: every picture has the bytes of one drawn with
/// a fresh scaler, and the renderer sets up a handful of scalers for the whole pan instead of one per frame.
@Suite struct MovingCropReuseTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    static let frames = 16

    /// The 320x240 testsrc2 clip with its `width` x `height` crop moved 2 px a frame right and down under a still
    /// transform scaling by `scale`: a window sliding across the source and across the 160x120 canvas.
    func pan(width: Double, height: Double, scale: Double, opacity: Double) throws
        -> (MutableComposition, VideoComposition) {
        var composition = MutableComposition()
        let added = composition.addMutableTrack(withMediaType: .video)
        let id = try #require(added)
        let range = TimeRange(start: .zero, duration: MediaTime(value: Int64(Self.frames), timescale: 30))
        let track = try fixtures.videoTrack(fixtures.longer)
        try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
        var layer = LayerInstruction(trackID: id)
        let travel = 2.0 * Double(Self.frames)
        try layer.setCropRectangleRamp(fromStartCropRectangle: Rect(x: 0, y: 0, width: width, height: height),
                                       toEndCropRectangle: Rect(x: travel, y: travel, width: width, height: height),
                                       timeRange: range)
        try layer.setTransform(AffineTransform2D(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0), at: .zero)
        try layer.setOpacity(opacity, at: .zero)
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 120), frameDuration: MediaTime(value: 1, timescale: 30),
            instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: [layer])])
        return (composition, video)
    }

    /// The bytes of every frame of the pan, and how many scalers the renderer made.
    func render(_ scene: (MutableComposition, VideoComposition), reusing: Bool) throws -> ([[UInt8]], Int) {
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: scene.0, video: true, audio: false)
        let renderer = try VideoFrameRenderer(composition: scene.0, videoComposition: scene.1, width: 160, height: 120,
                                              pixelFormat: .yuv420p, sources: pool)
        renderer.reusesScalers = reusing
        var pictures: [[UInt8]] = []
        for index in 0..<Self.frames {
            let frame = try renderer.render(at: MediaTime(value: Int64(index), timescale: 30))
            pictures.append(frame.usedBytes)
        }
        return (pictures, renderer.scalersMade)
    }

    @Test(arguments: [(1.0, 1.0), (1.5, 0.5)])
    func panKeepsItsScalers(scale: Double, opacity: Double) throws {
        let scene = try pan(width: 40, height: 30, scale: scale, opacity: opacity)
        let (reused, made) = try render(scene, reusing: true)
        let (fresh, freshMade) = try render(scene, reusing: false)
        #expect(reused == fresh)
        // At a fractional scale the placement alternates between sizes a pixel apart: a few slots, never one a frame.
        #expect(made <= 4, "\(made) scalers for \(Self.frames) frames")
        #expect(freshMade >= Self.frames)
        #expect(Set(reused).count == Self.frames, "the pan should move the picture every frame")
    }
}
