import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Testing

/// Pictures that need a light conversion (HDR tone mapping, wide gamut) are converted only as large as the canvas
/// draws them, and pictures stored turned are turned by the layer at the size it draws them: the reader hands the
/// picture with its display size and the turn still to apply, and the layout adapts crops and transforms to it, so
/// what lands on the canvas is what an upright picture at full size gives, within resampling.
@Suite struct SmallerLightConversionTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    struct SizeCase: CustomTestStringConvertible, Sendable {
        var source: String
        var stretch: Double
        var converted: (Int, Int)
        var display: (Int, Int)
        var testDescription: String { "\(source) at \(stretch)" }
    }

    /// The 640x360 pattern in HLG and in BT.2020 SDR, plain BT.709 (no light conversion: never smaller) and the
    /// 160x96 HLG patches stored turned a quarter (converted as stored; the turn is left to the layer).
    static let sizes: [SizeCase] = [
        SizeCase(source: "arib-std-b67", stretch: 0.5, converted: (320, 180), display: (640, 360)),
        SizeCase(source: "arib-std-b67", stretch: 0.26, converted: (168, 94), display: (640, 360)),
        SizeCase(source: "arib-std-b67", stretch: 1, converted: (640, 360), display: (640, 360)),
        SizeCase(source: "arib-std-b67", stretch: 2, converted: (640, 360), display: (640, 360)),
        SizeCase(source: "bt2020-10", stretch: 0.5, converted: (320, 180), display: (640, 360)),
        SizeCase(source: "bt709", stretch: 0.5, converted: (160, 96), display: (160, 96)),
        SizeCase(source: "portrait", stretch: 0.5, converted: (80, 48), display: (96, 160)),
    ]

    @Test(arguments: sizes)
    func readersConvertAsLargeAsTheStretchNeeds(_ size: SizeCase) throws {
        let path = switch size.source {
        case "bt709": try FootageFixtures.sdrPatches
        case "portrait": try FootageFixtures.portraitHLG
        default: try FootageFixtures.gradedTestPattern(size.source)
        }
        let reader = try DecodedVideoReader(path: path, trackID: 1, threads: 1)
        let shown = try #require(try reader.picture(at: MediaTime(value: 3, timescale: 25), stretch: size.stretch))
        #expect(shown.frame.width == size.converted.0 && shown.frame.height == size.converted.1,
                "converted at \(shown.frame.width)x\(shown.frame.height)")
        #expect(shown.displayWidth == size.display.0 && shown.displayHeight == size.display.1)
        #expect(shown.turn.swapsAxes == (size.source == "portrait") && (size.source == "portrait" || shown.turn.isIdentity))
        #expect(shown.frame.colorDescription == .bt709Limited)
    }

    struct StretchCase: CustomTestStringConvertible, Sendable {
        var name: String
        var from: AffineTransform2D
        var to: AffineTransform2D
        var timing: TimingFunction = .linear
        var stretch: Double
        var testDescription: String { name }
    }

    static let stretches: [StretchCase] = [
        StretchCase(name: "still half size", from: .scale(x: 0.5, y: 0.5), to: .scale(x: 0.5, y: 0.5), stretch: 0.5),
        StretchCase(name: "uneven scale", from: .scale(x: 0.5, y: 0.25), to: .scale(x: 0.5, y: 0.25), stretch: 0.5),
        StretchCase(name: "quarter turn", from: quarterTurn, to: quarterTurn, stretch: 0.25),
        StretchCase(name: "zoom in, asked at its start", from: .scale(x: 0.25, y: 0.25), to: .scale(x: 0.5, y: 0.5),
                    stretch: 0.5),
        StretchCase(name: "eased zoom overshooting by 60%", from: .scale(x: 0.5, y: 0.5), to: .scale(x: 0.8, y: 0.8),
                    timing: .cubicBezier(x1: 0.3, y1: 1.6, x2: 0.6, y2: 1), stretch: 0.98),
    ]

    /// The stretch asked of a reader is the largest over the transform ramp in effect, overshoot included.
    @Test(arguments: stretches)
    func layersAskForTheirLargestStretchOverTheRamp(_ item: StretchCase) throws {
        let range = TimeRange(start: .zero, duration: MediaTime(value: 1, timescale: 1))
        var layer = LayerInstruction(trackID: 1)
        try layer.setTransformRamp(fromStart: item.from, toEnd: item.to, timeRange: range, timingFunction: item.timing)
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 90), frameDuration: MediaTime(value: 1, timescale: 30),
            instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: [layer])])
        let layout = try CanvasLayout(composition: MutableComposition(), videoComposition: video, outputWidth: 160,
                                      outputHeight: 90)
        let stretch = layout.largestStretch(of: layer, at: .zero, width: 640, height: 360)
        #expect(abs(stretch - item.stretch) < 1e-9, "\(stretch)")
    }

    /// Without a video composition each source is fitted into the canvas: its fit scale.
    @Test func fittedSourcesAskForTheirFitScale() throws {
        let layout = try CanvasLayout(composition: MutableComposition(), videoComposition: nil, outputWidth: 160,
                                      outputHeight: 90)
        #expect(layout.largestStretch(of: LayerInstruction(trackID: 1), at: .zero, width: 640, height: 360) == 0.25)
        #expect(layout.largestStretch(of: LayerInstruction(trackID: 1), at: .zero, width: 90, height: 160) == 0.5625)
    }

    /// The SDR pattern stored turned a quarter (shown 360x640) on a 90x160 canvas, turned by the layer.
    static let portraitScenes: [Scene] = [
        Scene(name: "the whole portrait at a quarter", crop: (.infinite, .infinite),
              transform: (.scale(x: 0.25, y: 0.25), .scale(x: 0.25, y: 0.25))),
        // At even pixels: an upright 4:2:0 picture, the reference, crops only there.
        Scene(name: "a portrait crop", crop: (Rect(x: 36, y: 64, width: 288, height: 512),
                                              Rect(x: 36, y: 64, width: 288, height: 512)),
              transform: (AffineTransform2D(a: 0.3125, b: 0, c: 0, d: 0.3125, tx: -11.25, ty: -20),
                          AffineTransform2D(a: 0.3125, b: 0, c: 0, d: 0.3125, tx: -11.25, ty: -20))),
        Scene(name: "a zoom into the portrait", crop: (.infinite, .infinite),
              transform: (.scale(x: 0.25, y: 0.25), AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: -45, ty: -80))),
        Scene(name: "a wipe across the portrait", crop: (Rect(x: 0, y: 0, width: 360, height: 640),
                                                         Rect(x: 0, y: 0, width: 180, height: 640)),
              transform: (.scale(x: 0.25, y: 0.25), .scale(x: 0.25, y: 0.25))),
        Scene(name: "the portrait turned back by its transform", crop: (.infinite, .infinite),
              transform: (AffineTransform2D(a: 0, b: -0.25, c: 0.25, d: 0, tx: 0, ty: 90),
                          AffineTransform2D(a: 0, b: -0.25, c: 0.25, d: 0, tx: 0, ty: 90))),
    ]

    /// A wipe over a picture the layer turns is still cut out of one scaled picture: one scaler for the whole wipe.
    @Test(arguments: portraitScenes)
    func picturesStoredTurnedAreTurnedByTheLayer(_ scene: Scene) throws {
        let source = try FootageFixtures.portraitTestPattern
        let upright = try render(scene, smaller: false, source: source, canvas: (90, 160))
        var scalers = 0
        let turned = try render(scene, smaller: true, source: source, canvas: (90, 160)) { scalers = $0.scalersMade }
        if scene.crop.from != scene.crop.to { #expect(scalers == 1, "\(scalers) scalers for the wipe") }
        for index in upright.indices {
            let psnr = SmartPassthroughFixtures.psnr(turned[index], upright[index])
            #expect(psnr >= 36, "picture \(index): \(psnr) dB")
        }
    }

    /// A layer of the 640x360 HLG pattern on a 160x90 canvas.
    struct Scene: CustomTestStringConvertible, Sendable {
        var name: String
        var crop: (from: Rect, to: Rect)
        var transform: (from: AffineTransform2D, to: AffineTransform2D)
        var testDescription: String { name }
    }

    static let quarterTurn = AffineTransform2D(a: 0, b: 0.25, c: -0.25, d: 0, tx: 125, ty: -35)
    static let scenes: [Scene] = [
        Scene(name: "a crop drawn at half size", crop: (Rect(x: 160, y: 90, width: 320, height: 180),
                                                        Rect(x: 160, y: 90, width: 320, height: 180)),
              transform: (AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: -80, ty: -45),
                          AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: -80, ty: -45))),
        Scene(name: "a zoom from a quarter to half size", crop: (.infinite, .infinite),
              transform: (AffineTransform2D(a: 0.25, b: 0, c: 0, d: 0.25, tx: 0, ty: 0),
                          AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: -80, ty: -45))),
        Scene(name: "a wipe at a quarter size", crop: (Rect(x: 0, y: 0, width: 640, height: 360),
                                                       Rect(x: 0, y: 0, width: 320, height: 360)),
              transform: (.scale(x: 0.25, y: 0.25), .scale(x: 0.25, y: 0.25))),
        Scene(name: "a quarter turn at a quarter size", crop: (.infinite, .infinite),
              transform: (quarterTurn, quarterTurn)),
    ]

    /// Every picture of each scene converted smaller is the picture converted at full size, within the difference
    /// of resampling before or after the conversion: 39.9-46.6 dB here, while the same pictures one canvas pixel
    /// apart score 26-32 dB (as a crop starting on an even pixel of a smaller 4:2:0 picture did).
    @Test(arguments: scenes)
    func smallerConversionsDrawTheSamePicture(_ scene: Scene) throws {
        let full = try render(scene, smaller: false)
        let smaller = try render(scene, smaller: true)
        #expect(full != smaller, "the smaller conversion was not used")
        for index in full.indices {
            let psnr = SmartPassthroughFixtures.psnr(smaller[index], full[index])
            #expect(psnr >= 36, "picture \(index): \(psnr) dB")
        }
    }

    /// On an HDR output every picture is converted into the 16-bit working space, as large as it is drawn too (the
    /// still scenes: HDR outputs draw no motion). The 10-bit luma of each picture against full-size conversion:
    /// 52-66 dB here; converted smaller in 4:2:0, the half-size crop started a pixel off and scored 33 dB.
    @Test(arguments: scenes.filter { $0.transform.from == $0.transform.to })
    func smallerConversionsDrawTheSamePictureOnHDROutputs(_ scene: Scene) throws {
        let full = try render(scene, smaller: false, hdr: true)
        let smaller = try render(scene, smaller: true, hdr: true)
        #expect(full != smaller, "the smaller conversion was not used")
        for index in full.indices {
            let luma = { (bytes: [UInt8]) in (0..<(160 * 90)).map { Int(bytes[2 * $0]) | Int(bytes[2 * $0 + 1]) << 8 } }
            let (a, b) = (luma(smaller[index]), luma(full[index]))
            let error = zip(a, b).reduce(0.0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) } / Double(a.count)
            let psnr = error == 0 ? .infinity : 10 * log10(1023 * 1023 / error)
            #expect(psnr >= 45, "picture \(index): \(psnr) dB")
        }
    }

    /// The bytes of the scene's first 8 pictures, converted smaller or at full size, on an SDR or an HDR output.
    func render(_ scene: Scene, smaller: Bool, hdr: Bool = false, source: String? = nil,
                canvas: (width: Int, height: Int) = (160, 90),
                inspect: (VideoFrameRenderer) -> Void = { _ in }) throws -> [[UInt8]] {
        var composition = MutableComposition()
        let added = composition.addMutableTrack(withMediaType: .video)
        let id = try #require(added)
        let range = TimeRange(start: .zero, duration: MediaTime(value: 8, timescale: 30))
        let track = try fixtures.videoTrack(try source ?? FootageFixtures.gradedTestPattern("arib-std-b67"))
        try composition.modifyTrack(id) { try $0.insertTimeRange(range, of: track, at: .zero) }
        var layer = LayerInstruction(trackID: id)
        try layer.setCropRectangleRamp(fromStartCropRectangle: scene.crop.from, toEndCropRectangle: scene.crop.to,
                                       timeRange: range)
        try layer.setTransformRamp(fromStart: scene.transform.from, toEnd: scene.transform.to, timeRange: range)
        let video = VideoComposition(
            renderSize: Size(width: Double(canvas.width), height: Double(canvas.height)),
            frameDuration: MediaTime(value: 1, timescale: 30),
            instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: [layer])])
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: composition, video: true, audio: false)
        let times = (0..<8).map { MediaTime(value: Int64($0), timescale: 30) }
        if hdr {
            let (color, _) = try pool.prepareHDR(for: composition, range: .hdr)
            let renderer = try HDRFrameRenderer(composition: composition, videoComposition: video, width: canvas.width,
                                                height: canvas.height, pixelFormat: .yuv420p10le, color: color,
                                                sources: pool)
            renderer.adaptsPictures = smaller
            return try times.map { try renderer.render(at: $0).usedBytes }
        }
        let renderer = try VideoFrameRenderer(composition: composition, videoComposition: video, width: canvas.width,
                                              height: canvas.height, pixelFormat: .yuv420p, sources: pool)
        renderer.adaptsPictures = smaller
        let pictures = try times.map { try renderer.render(at: $0).usedBytes }
        inspect(renderer)
        return pictures
    }
}
