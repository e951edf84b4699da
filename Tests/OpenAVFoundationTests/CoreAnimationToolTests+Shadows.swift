import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// Layers' drop shadows (`shadowOpacity`, `shadowColor`, `shadowOffset`, `shadowRadius`, `shadowPath`) over the
/// 160x120 red clip, read back with ffmpeg's pixels.
extension CoreAnimationToolTests {
    /// A white 60x40 card at (20, 40) from the bottom left (columns 20 to 80, rows 40 to 80) casting a black shadow
    /// 10 px right and down, blurred by `radius`.
    private func card(radius: CGFloat, opacity: Float = 1) -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 40, width: 60, height: 40)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        card.shadowOpacity = opacity
        card.shadowOffset = CGSize(width: 10, height: -10)
        card.shadowRadius = radius
        return card
    }

    @Test func aLayerCastsItsShadowUnderItself() async throws {
        // Sharp: the shadow covers columns 30 to 90 and rows 50 to 90, under the card.
        let sharp = try await export(CALayer(), extra: card(radius: 0))
        let (red, white, black) = ((255, 0, 0), (255, 255, 255), (0, 0, 0))
        for (x, y, expected) in [(85, 85, black), (50, 60, white), (25, 85, red), (85, 45, red), (95, 70, red)] {
            #expect(near(try color(sharp, frame: 10, x: x, y: y), expected), "\(x),\(y)")
        }
        // Blurred by 8 (a deviation of 4 px): half dark at its edge (column 90), nearly gone 6 px beyond it.
        let soft = try await export(CALayer(), extra: card(radius: 8))
        #expect(near(try color(soft, frame: 10, x: 90, y: 70), (128, 0, 0), tolerance: 24))
        #expect(near(try color(soft, frame: 10, x: 96, y: 70), (238, 0, 0), tolerance: 16))
        #expect(near(try color(soft, frame: 10, x: 80, y: 70), (20, 0, 0), tolerance: 24))
        // Half opacity; and none with masksToBounds, which cuts the shadow away as Core Animation does.
        let faint = try await export(CALayer(), extra: card(radius: 0, opacity: 0.5))
        #expect(near(try color(faint, frame: 10, x: 85, y: 85), (128, 0, 0), tolerance: 16))
        let masked = card(radius: 0)
        masked.masksToBounds = true
        #expect(near(try color(try await export(CALayer(), extra: masked), frame: 10, x: 85, y: 85), red))
    }

    @Test func textGlyphsCastTheirShadowAndAShadowPathReplacesIt() async throws {
        // White full blocks (rows 80 to 110 hold the layer; (16, 92) is inside a glyph) casting a black shadow
        // 20 px down: sharp, the glyphs' shadow shows below them, at (16, 112).
        let text = blocks()
        text.shadowOpacity = 1
        text.shadowOffset = CGSize(width: 0, height: -20)
        text.shadowRadius = 0
        let sharp = try await export(text)
        #expect(near(try color(sharp, frame: 10, x: 16, y: 92), (255, 255, 255)))
        #expect(near(try color(sharp, frame: 10, x: 16, y: 112), (0, 0, 0)))
        #expect(near(try color(sharp, frame: 10, x: 140, y: 112), (255, 0, 0)))
        // Moved 30 px right instead and blurred by 16 (a deviation of 8 px): a few pixels beyond the sharp shadow's
        // right edge along row 92 the blurred one still darkens the picture.
        text.shadowOffset = CGSize(width: 30, height: 0)
        let sharpRight = try await export(text)
        var edge = 100
        while edge < 155, try color(sharpRight, frame: 10, x: edge, y: 92).r < 200 { edge += 1 }
        #expect(edge > 100 && edge < 155, "\(edge)")
        #expect(try color(sharpRight, frame: 10, x: edge + 3, y: 92).r > 230)
        text.shadowRadius = 16
        let soft = try await export(text)
        let beyond = try color(soft, frame: 10, x: edge + 3, y: 92)
        #expect(beyond.r > 40 && beyond.r < 215 && beyond.g < 30, "\(beyond)")
        // A shadow path replaces the glyphs: the 100x30 frame's rectangle, 20 px down, darkens (100, 115) too.
        text.shadowRadius = 0
        text.shadowOffset = CGSize(width: 0, height: -20)
        text.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 30), transform: nil)
        let boxed = try await export(text)
        #expect(near(try color(boxed, frame: 10, x: 100, y: 115), (0, 0, 0)))
        #expect(near(try color(boxed, frame: 10, x: 16, y: 92), (255, 255, 255)))
    }

    @Test func aPictureCastsAShadowOnlyFromAShadowPath() async throws {
        let layer = pictureLayer(try logo(), frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        layer.shadowOpacity = 0.5
        await #expect { _ = try await export(CALayer(), extra: layer) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[2]: the shadow of a picture or "
                + "sublayers is drawn here only from a shadowPath (the shape casting it, in the layer's coordinates)"
        }
    }
}
