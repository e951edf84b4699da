import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `AVVideoCompositionCoreAnimationTool` as watermark code uses it: a text layer in a layer tree over the video,
/// exported and read back with ffmpeg's pixels.
@Suite struct CoreAnimationToolTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// Exports the red clip with `text` in a tree whose parent is flipped when `flipped`; returns the file.
    private func export(_ text: CALayer, flipped: Bool = false, extra: CALayer? = nil,
                        videoOpacity: Float = 1) async throws -> URL {
        let asset = AVURLAsset(url: fixtures.red)
        let videoComposition = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset)
        let size = videoComposition.renderSize
        let parent = CALayer(), video = CALayer()
        parent.frame = CGRect(origin: .zero, size: size)
        video.frame = parent.frame
        video.opacity = videoOpacity
        parent.isGeometryFlipped = flipped
        parent.addSublayer(video)
        parent.addSublayer(text)
        if let extra { parent.addSublayer(extra) }
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: video,
                                                                            in: parent)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality))
        session.videoComposition = videoComposition
        let output = try fixtures.output("core-animation")
        try await session.export(to: output, as: .mp4)
        return output
    }

    /// White full blocks, 24 px, in a 100x30 layer 10 px from the left and bottom edges.
    private func blocks(opacity: Float = 1) -> CATextLayer {
        let text = CATextLayer()
        text.string = "█████"
        text.fontSize = 24
        text.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        text.frame = CGRect(x: 10, y: 10, width: 100, height: 30)
        text.opacity = opacity
        return text
    }

    @Test func textLayersAreDrawnWhereTheirFramesSayFromTheBottomLeft() async throws {
        // Bottom-left origin: the layer covers rows 80 to 110 of the 120-row picture.
        let output = try await export(blocks())
        #expect(near(try color(output, frame: 15, x: 16, y: 92), (255, 255, 255)))
        #expect(near(try color(output, frame: 15, x: 16, y: 22), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 130, y: 92), (255, 0, 0)))
        // A flipped parent puts the origin at the top left: rows 10 to 40.
        let flipped = try await export(blocks(), flipped: true)
        #expect(near(try color(flipped, frame: 15, x: 16, y: 22), (255, 255, 255)))
        #expect(near(try color(flipped, frame: 15, x: 16, y: 92), (255, 0, 0)))
        // Half opacity: white over red at half strength.
        let faded = try await export(blocks(opacity: 0.5))
        #expect(near(try color(faded, frame: 15, x: 16, y: 92), (255, 128, 128), tolerance: 16))
    }

    @Test func backgroundColoursAreDrawnUnderTheText() async throws {
        // A half-transparent black badge at the bottom right, and the text layer's own green background.
        let badge = CALayer()
        badge.frame = CGRect(x: 120, y: 0, width: 40, height: 40)
        badge.backgroundColor = CGColor(gray: 0, alpha: 0.5)
        let text = blocks()
        text.string = "█"
        text.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let output = try await export(text, extra: badge)
        #expect(near(try color(output, frame: 15, x: 140, y: 100), (128, 0, 0), tolerance: 16))
        #expect(near(try color(output, frame: 15, x: 16, y: 92), (255, 255, 255)))
        #expect(near(try color(output, frame: 15, x: 80, y: 92), (0, 255, 0)))
        #expect(near(try color(output, frame: 15, x: 80, y: 40), (255, 0, 0)))
    }

    @Test func opacityAnimationsFadeTextAndBackgroundsAsCoreAnimationTimesThem() async throws {
        // The text fades in over the whole second and keeps its last value; the badge fades out over the first half
        // and, removed on completion, shows at its own opacity again afterwards.
        let text = blocks()
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.fromValue = 0.0
        fadeIn.toValue = 1.0
        fadeIn.beginTime = AVCoreAnimationBeginTimeAtZero
        fadeIn.duration = 1
        fadeIn.fillMode = .forwards
        fadeIn.isRemovedOnCompletion = false
        text.add(fadeIn, forKey: "fade")
        let badge = CALayer()
        badge.frame = CGRect(x: 120, y: 0, width: 40, height: 40)
        badge.backgroundColor = CGColor(gray: 0, alpha: 0.5)
        let fadeOut = CABasicAnimation(keyPath: "opacity")
        fadeOut.fromValue = 1
        fadeOut.toValue = 0
        fadeOut.beginTime = AVCoreAnimationBeginTimeAtZero
        fadeOut.duration = 0.5
        badge.add(fadeOut, forKey: nil)
        let output = try await export(text, extra: badge)
        #expect(near(try color(output, frame: 0, x: 16, y: 92), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 16, y: 92), (255, 128, 128), tolerance: 20))
        #expect(near(try color(output, frame: 29, x: 16, y: 92), (255, 247, 247), tolerance: 16))
        // The badge at 0.233 s: opacity 0.53, so a quarter of black over red; from 0.5 s on, half.
        #expect(near(try color(output, frame: 7, x: 140, y: 100), (187, 0, 0), tolerance: 20))
        #expect(near(try color(output, frame: 20, x: 140, y: 100), (128, 0, 0), tolerance: 16))
    }

    @Test func layersThatCannotBeDrawnFailTheExportAndSayWhich() async throws {
        let picture = CALayer()
        picture.contents = "a picture"
        await #expect { _ = try await export(blocks(), extra: picture) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[2]: a layer's picture "
                + "(contents) is not drawn here; only text and background colours are"
        }
        let moving = blocks()
        moving.add(CABasicAnimation(keyPath: "position"), forKey: "move")
        await #expect { _ = try await export(moving) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[1]: CABasicAnimation of "
                + "'position' is not drawn here; the animations drawn are CABasicAnimation of \"opacity\""
        }
        await #expect { _ = try await export(blocks(), videoOpacity: 0.5) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[0]: a video layer is drawn "
                + "whole here; it cannot be hidden, see-through or animated"
        }
    }
}
