import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// A pan (a crop moving across the source) keeps its scaler and frames: every picture has the bytes of one drawn with
/// a fresh scaler, and the renderer sets up a handful of scalers for the whole pan instead of one per frame. A wipe
/// (a crop changing size) is cut out of one scaled picture: one scaler, and it reveals exactly the unwiped picture, on
/// SDR and HDR outputs (`MovingCropReuseTests+HDR.swift`).
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
        let travel = 2.0 * Double(Self.frames)
        return try scene(from: Rect(x: 0, y: 0, width: width, height: height),
                         to: Rect(x: travel, y: travel, width: width, height: height), scale: scale, opacity: opacity)
    }

    /// The 320x240 testsrc2 clip on the 160x120 canvas, scaled by `scale`, its crop ramping from `from` to `to` over
    /// the frames.
    func scene(from: Rect, to: Rect, scale: Double, opacity: Double = 1) throws -> (MutableComposition, VideoComposition) {
        var composition = MutableComposition()
        let added = composition.addMutableTrack(withMediaType: .video)
        let id = try #require(added)
        let range = TimeRange(start: .zero, duration: MediaTime(value: Int64(Self.frames), timescale: 30))
        let track = try fixtures.videoTrack(fixtures.longer)
        try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
        var layer = LayerInstruction(trackID: id)
        try layer.setCropRectangleRamp(fromStartCropRectangle: from, toEndCropRectangle: to, timeRange: range)
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

    /// The luma rows of every frame of the clip at half size with its crop going from `from` to `to`, and how many
    /// scalers the renderer made.
    func wipe(from: Rect, to: Rect) throws -> ([[[UInt8]]], Int) {
        let (pictures, made) = try render(try scene(from: from, to: to, scale: 0.5), reusing: true)
        return (pictures.map { bytes in (0..<120).map { Array(bytes[($0 * 160)..<($0 * 160 + 160)]) } }, made)
    }

    @Test func aWipeRevealsTheUnwipedPictureWithOneScaler() throws {
        let full = Rect(x: 0, y: 0, width: 320, height: 240)
        // The same picture with a crop ramp that does not change size: the unwiped reference.
        let (reference, _) = try wipe(from: full, to: full)
        let (wiped, made) = try wipe(from: full, to: Rect(x: 0, y: 0, width: 0, height: 240))
        #expect(made <= 2, "\(made) scalers for \(Self.frames) frames")
        expectWipe(wiped, reference: reference, background: 16)
    }

    /// Checks every frame of a wipe from the right (each frame's luma rows) against the unwiped `reference`: the
    /// columns showing the picture start at the left edge and end at the crop's edge (within the placement's even
    /// rounding), and every other column is `background`.
    func expectWipe<Sample: Equatable>(_ wiped: [[[Sample]]], reference: [[[Sample]]], background: Sample) {
        for index in wiped.indices {
            let rows = wiped[index].indices, columns = wiped[index][0].indices
            let edge = Double(columns.count) * (1 - Double(index) / Double(wiped.count))
            let shown = columns.filter { x in rows.allSatisfy { wiped[index][$0][x] == reference[index][$0][x] } }
            let hidden = columns.filter { x in rows.allSatisfy { wiped[index][$0][x] == background } }
            let frame = "frame \(index)"
            #expect(shown.count + hidden.count >= columns.count, "\(frame): columns neither picture nor background")
            let revealed = shown.filter { !hidden.contains($0) }
            #expect(revealed == Array(0..<revealed.count), "\(frame): the picture should show from the left edge")
            #expect(abs(Double(revealed.count) - edge) <= 2, "\(frame): \(revealed.count) columns shown, edge \(edge)")
        }
    }
}
