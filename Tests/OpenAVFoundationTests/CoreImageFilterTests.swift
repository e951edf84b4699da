import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// Video compositions made with `applyingCIFiltersWithHandler`, as filter apps write them: exported, read by an
/// image generator, and checked with ffmpeg's pixels.
@Suite struct CoreImageFilterTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// Exports `url` through `videoComposition`; returns the file.
    private func export(_ url: URL, _ videoComposition: AVVideoComposition) async throws -> URL {
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: url),
                                                        presetName: AVAssetExportPresetHighestQuality))
        session.videoComposition = videoComposition
        let output = try fixtures.output("core-image")
        try await session.export(to: output, as: .mp4)
        return output
    }

    /// An error of the test's own.
    struct Refused: Error, CustomStringConvertible {
        var description: String { "no filter for this frame" }
    }

    @Test func namedFiltersWithKeyedInputsTintEveryFrame() async throws {
        let asset = AVURLAsset(url: fixtures.red)
        let sepia = try #require(CIFilter(name: "CISepiaTone"))
        let composition = AVVideoComposition(asset: asset) { request in
            sepia.setValue(request.sourceImage, forKey: kCIInputImageKey)
            sepia.setValue(1.0, forKey: kCIInputIntensityKey)
            request.finish(with: sepia.outputImage!, context: nil)
        }
        let output = try await export(fixtures.red, composition)
        // The sepia matrix on pure red: (0.393, 0.349, 0.272) of full scale.
        #expect(near(try color(output, frame: 0), (100, 89, 69), tolerance: 20))
        #expect(near(try color(output, frame: 29), (100, 89, 69), tolerance: 20))
    }

    @Test func aHandlerCanChangeItsFilterWithTheFramesTime() async throws {
        let composition = try await AVVideoComposition.videoComposition(with: AVURLAsset(url: fixtures.red)) { request in
            guard request.compositionTime >= CMTime(value: 1, timescale: 2) else {
                request.finish(with: request.sourceImage, context: nil)
                return
            }
            let invert = CIFilter.colorInvert()
            invert.inputImage = request.sourceImage
            request.finish(with: invert.outputImage!, context: CIContext())
        }
        let output = try await export(fixtures.red, composition)
        #expect(near(try color(output, frame: 10), (255, 0, 0)))
        #expect(near(try color(output, frame: 20), (0, 255, 255)))
        // An image generator draws the same frames.
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: fixtures.red))
        generator.videoComposition = composition
        let picture = try generator.copyCGImage(at: CMTime(value: 2, timescale: 3), actualTime: nil)
        let pixel = picture.pixel(x: 80, y: 60)
        #expect(near((Int(pixel.red), Int(pixel.green), Int(pixel.blue)), (0, 255, 255)))
    }

    @Test func clampedBlursCroppedBackSoftenTheEdgeBetweenColours() async throws {
        // Red above blue, meeting at row 60.
        let upright = fixtures.url("upright.mp4")
        let composition = AVVideoComposition(asset: AVURLAsset(url: upright)) { request in
            let blurred = request.sourceImage.clampedToExtent().applyingGaussianBlur(sigma: 6)
                .cropped(to: request.sourceImage.extent)
            request.finish(with: blurred, context: nil)
        }
        let output = try await export(upright, composition)
        let edge = try color(output, frame: 15, x: 80, y: 60)
        #expect(edge.r > 70 && edge.r < 190 && edge.b > 70 && edge.b < 190, "\(edge)")
        #expect(near(try color(output, frame: 15, x: 80, y: 10), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 80, y: 110), (0, 0, 255)))
    }

    @Test func whatCannotBeDrawnFailsTheExportWithTheFramesTime() async throws {
        let bloom = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            let filter = CIFilter(name: "CIBloom")!
            filter.setValue(request.sourceImage, forKey: kCIInputImageKey)
            request.finish(with: filter.outputImage!, context: nil)
        }
        await #expect { _ = try await export(fixtures.red, bloom) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the filtered frame at 0.0 s: CIFilter 'CIBloom' is not "
                + "drawn here; the filters drawn are CIBoxBlur, CIColorControls, CIColorInvert, CIGaussianBlur, "
                + "CIPhotoEffectMono, CISepiaTone"
        }
        let refusing = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            request.finish(with: Refused())
        }
        await #expect { _ = try await export(fixtures.red, refusing) } throws: { error in
            "\(error)" == "no filter for this frame"
        }
    }

    @Test func watermarksCompositedOverTheSourceImageKeepTheirTransparency() async throws {
        // The 40x20 logo 10 px from the bottom left: rows 90 to 110, its green half columns 10 to 30.
        let logo = try #require(CIImage(contentsOf: try fixtures.halfGreenLogo()))
        let placed = logo.transformed(by: CGAffineTransform(translationX: 10, y: 10))
        let plain = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            request.finish(with: placed.composited(over: request.sourceImage), context: nil)
        }
        let output = try await export(fixtures.red, plain)
        #expect(near(try color(output, frame: 15, x: 20, y: 100), (0, 255, 0)))
        #expect(near(try color(output, frame: 15, x: 40, y: 100), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 20, y: 80), (255, 0, 0)))
        // Through the typed filters: half opacity with a colour matrix, twice the size (rows 70 to 110, green
        // columns 10 to 50).
        let faded = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            let fade = CIFilter.colorMatrix()
            fade.inputImage = logo.transformed(by: CGAffineTransform(scaleX: 2, y: 2).concatenating(
                CGAffineTransform(translationX: 10, y: 10)))
            fade.aVector = CIVector(x: 0, y: 0, z: 0, w: 0.5)
            let over = CIFilter.sourceOverCompositing()
            over.inputImage = fade.outputImage
            over.backgroundImage = request.sourceImage
            request.finish(with: over.outputImage!, context: nil)
        }
        let half = try await export(fixtures.red, faded)
        #expect(near(try color(half, frame: 15, x: 40, y: 80), (128, 128, 0), tolerance: 16))
        #expect(near(try color(half, frame: 15, x: 60, y: 80), (255, 0, 0)))
        #expect(near(try color(half, frame: 15, x: 40, y: 60), (255, 0, 0)))
        // An image generator draws it too.
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: fixtures.red))
        generator.videoComposition = plain
        let pixel = try generator.copyCGImage(at: CMTime(value: 1, timescale: 2), actualTime: nil).pixel(x: 20, y: 100)
        #expect(near((Int(pixel.red), Int(pixel.green), Int(pixel.blue)), (0, 255, 0)))
    }

    @Test func aWatermarkMovedWithTheFramesTimeIsDrawnWhereEachFramePutsIt() async throws {
        // The logo's opaque half (20x20) from x = 10 + 90 t, rows 90 to 110.
        let logo = try #require(CIImage(contentsOf: try fixtures.halfGreenLogo()))
        let composition = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            let x = 10 + 90 * CMTimeGetSeconds(request.compositionTime)
            request.finish(with: logo.transformed(by: CGAffineTransform(translationX: x, y: 10))
                .composited(over: request.sourceImage), context: nil)
        }
        let output = try await export(fixtures.red, composition)
        // Frame 10 (1/3 s): x 40 to 60; frame 20 (2/3 s): x 70 to 90.
        #expect(near(try color(output, frame: 10, x: 50, y: 100), (0, 255, 0)))
        #expect(near(try color(output, frame: 10, x: 80, y: 100), (255, 0, 0)))
        #expect(near(try color(output, frame: 20, x: 80, y: 100), (0, 255, 0)))
        #expect(near(try color(output, frame: 20, x: 50, y: 100), (255, 0, 0)))
    }

    @Test func colouredRectanglesCompositedOverTheSourceImageTintIt() async throws {
        // Half-transparent black over the bottom 40 rows (y 0 to 40 from the bottom: rows 80 to 120), white over a
        // 20x20 square at (100, 80) from the bottom (rows 20 to 40, columns 100 to 120), faded to a quarter.
        let composition = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            let shade = CIImage(color: CIColor(red: 0, green: 0, blue: 0, alpha: 0.5))
                .cropped(to: CGRect(x: 0, y: 0, width: 400, height: 40))
            let fade = CIFilter.colorMatrix()
            fade.inputImage = CIImage.white.cropped(to: CGRect(x: 0, y: 0, width: 20, height: 20))
                .transformed(by: CGAffineTransform(translationX: 100, y: 80))
            fade.aVector = CIVector(x: 0, y: 0, z: 0, w: 0.25)
            request.finish(with: fade.outputImage!.composited(over: shade.composited(over: request.sourceImage)),
                           context: nil)
        }
        let output = try await export(fixtures.red, composition)
        #expect(near(try color(output, frame: 15, x: 40, y: 100), (128, 0, 0), tolerance: 16))
        #expect(near(try color(output, frame: 15, x: 40, y: 60), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 110, y: 30), (255, 64, 64), tolerance: 16))
        #expect(near(try color(output, frame: 15, x: 130, y: 30), (255, 0, 0)))
    }

    @Test func filtersApplyInTheOrderTheyWereWrittenAroundAWatermark() async throws {
        let placed = try #require(CIImage(contentsOf: try fixtures.halfGreenLogo()))
            .transformed(by: CGAffineTransform(translationX: 10, y: 10))
        // Inverted under the watermark: cyan around a green logo.
        let under = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            request.finish(with: placed.composited(over: request.sourceImage.applyingFilter("CIColorInvert")),
                           context: nil)
        }
        let first = try await export(fixtures.red, under)
        #expect(near(try color(first, frame: 15, x: 20, y: 100), (0, 255, 0)))
        #expect(near(try color(first, frame: 15, x: 40, y: 100), (0, 255, 255)))
        // Inverted over it: the logo turns magenta.
        let over = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
            request.finish(with: placed.composited(over: request.sourceImage).applyingFilter("CIColorInvert"),
                           context: nil)
        }
        let second = try await export(fixtures.red, over)
        #expect(near(try color(second, frame: 15, x: 20, y: 100), (255, 0, 255)))
        #expect(near(try color(second, frame: 15, x: 40, y: 100), (0, 255, 255)))
    }

    @Test func compositesThatCannotBeDrawnFailWithWhatToDoInstead() async throws {
        let logo = try #require(CIImage(contentsOf: try fixtures.halfGreenLogo()))
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: fixtures.green))
        let inMemory = CIImage(cgImage: try generator.copyCGImage(at: .zero, actualTime: nil))
        let prefix = "invalidVideoComposition (-11841): the filtered frame at 0.0 s: "
        let cases: [(String, @Sendable (CIImage) -> CIImage)] = [
            ("a picture made in memory is not drawn here; read it from a file with CIImage(contentsOf:) or "
                + "CGImageSource", { inMemory.composited(over: $0) }),
            ("a picture transformed by CGAffineTransform(a: 0.0, b: 1.0, c: -1.0, d: 0.0, tx: 0.0, ty: 0.0) is not "
                + "drawn here; only moves and scales are",
             { logo.transformed(by: CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)).composited(over: $0) }),
            ("the handler finished with a picture that does not start from the request's sourceImage; composite it "
                + "over the source image", { $0.composited(over: logo) }),
            ("a composited picture through CIColorMatrix is not drawn here; only CIColorMatrix scaling its alpha "
                + "(inputAVector) is",
             { logo.applyingFilter("CIColorMatrix", parameters: ["inputRVector": CIVector(x: 0, y: 1, z: 0, w: 0)])
                 .composited(over: $0) }),
        ]
        for (message, recipe) in cases {
            let composition = AVVideoComposition(asset: AVURLAsset(url: fixtures.red)) { request in
                request.finish(with: recipe(request.sourceImage), context: nil)
            }
            await #expect { _ = try await export(fixtures.red, composition) } throws: { error in
                "\(error)" == prefix + message
            }
        }
    }
}
