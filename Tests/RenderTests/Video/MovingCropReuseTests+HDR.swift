import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// A wipe on an HDR output (a crop ramp that changes the crop's size) is cut out of one scaled picture, as on SDR
/// outputs: one scaler for the whole wipe instead of one a frame, and the part it shows is exactly the unwiped picture.
extension MovingCropReuseTests {
    /// The 160x96 graded HLG patches filling a 160x96 canvas, their crop ramping from `from` to `to` over the frames;
    /// returns each frame's 10-bit luma rows and how many layer scalers the renderer made.
    func hdrWipe(from: Rect, to: Rect) throws -> (pictures: [[[UInt16]]], scalers: Int) {
        var composition = MutableComposition()
        let added = composition.addMutableTrack(withMediaType: .video)
        let id = try #require(added)
        let range = TimeRange(start: .zero, duration: MediaTime(value: Int64(Self.frames), timescale: 25))
        let track = try fixtures.videoTrack(try FootageFixtures.graded("arib-std-b67"))
        try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
        var layer = LayerInstruction(trackID: id)
        try layer.setCropRectangleRamp(fromStartCropRectangle: from, toEndCropRectangle: to, timeRange: range)
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 96), frameDuration: MediaTime(value: 1, timescale: 25),
            instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: [layer])])
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: composition, video: true, audio: false)
        let (color, _) = try pool.prepareHDR(for: composition, range: .hdr)
        let renderer = try HDRFrameRenderer(composition: composition, videoComposition: video, width: 160, height: 96,
                                            pixelFormat: .yuv420p10le, color: color, sources: pool)
        var pictures: [[[UInt16]]] = []
        for index in 0..<Self.frames {
            let frame = try renderer.render(at: MediaTime(value: Int64(index), timescale: 25))
            let bytes = frame.usedBytes
            // 10-bit little-endian samples, 160 to a luma row.
            func sample(_ x: Int, _ row: Int) -> UInt16 {
                let at = (row * 160 + x) * 2
                return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
            }
            pictures.append((0..<96).map { row in (0..<160).map { sample($0, row) } })
        }
        return (pictures, renderer.scalersMade)
    }

    @Test func anHDRWipeRevealsTheUnwipedPictureWithOneScaler() throws {
        let full = Rect(x: 0, y: 0, width: 160, height: 96)
        // The same crop ramp without a change of size: the unwiped reference.
        let (reference, _) = try hdrWipe(from: full, to: full)
        let (wiped, made) = try hdrWipe(from: full, to: Rect(x: 0, y: 0, width: 0, height: 96))
        #expect(made <= 2, "\(made) scalers for \(Self.frames) frames")
        // The canvas's black where nothing is drawn: the far right column of the last, most wiped frame. No patch
        // sample is that black, so every column is either picture or background, never both.
        let black = wiped[Self.frames - 1][0][159]
        #expect(!reference[0].contains { $0.contains(black) }, "the patches should all differ from the background")
        expectWipe(wiped, reference: reference, background: black)
    }
}
