import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `masksToBounds` on a layer with sublayers, as Core Animation draws it: the sublayers cut to the layer's bounds
/// and rounded corners, read back with ffmpeg's pixels over the 160x120 red clip.
extension CoreAnimationToolTests {
    /// A layer masking to `frame` (from the bottom left) with `cornerRadius`, holding `sublayers`.
    private func mask(_ frame: CGRect, cornerRadius: CGFloat = 0, _ sublayers: [CALayer]) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = true
        for sublayer in sublayers { layer.addSublayer(sublayer) }
        return layer
    }

    /// A layer of `colour` filling `frame`.
    private func patch(_ frame: CGRect, _ colour: CGColor, cornerRadius: CGFloat = 0) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = colour
        layer.cornerRadius = cornerRadius
        return layer
    }

    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)

    @Test func masksToBoundsCutsSublayersToTheLayersBounds() async throws {
        // A layer masking to columns 10 to 50, rows 100 to 110, holding: the 40x20 logo 5 rows over each edge (its
        // green half columns 10 to 30); a blue patch from column 40 spilling 30 px to the right; a blue patch wholly
        // outside (columns 70 to 80) and text above the layer (rows 60 to 90), which show nothing.
        let text = blocks()
        text.frame = CGRect(x: 0, y: 20, width: 60, height: 30)
        let holder = mask(CGRect(x: 10, y: 10, width: 40, height: 10), [
            pictureLayer(try logo(), frame: CGRect(x: 0, y: -5, width: 40, height: 20)),
            patch(CGRect(x: 30, y: 0, width: 40, height: 10), Self.blue),
            patch(CGRect(x: 60, y: 0, width: 10, height: 10), Self.blue),
            text,
        ])
        let cut = try await export(CALayer(), extra: holder)
        let (red, green, blue) = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
        for (x, y, expected) in [(20, 97, red), (20, 105, green), (20, 113, red), (45, 105, blue), (60, 105, red),
                                 (75, 105, red), (16, 72, red)] {
            #expect(near(try color(cut, frame: 15, x: x, y: y), expected), "\(x),\(y)")
        }
        // Uncut, the same tree spills.
        holder.masksToBounds = false
        let spilling = try await export(CALayer(), extra: holder)
        for (x, y, expected) in [(20, 97, green), (60, 105, blue), (75, 105, blue), (16, 72, (255, 255, 255))] {
            #expect(near(try color(spilling, frame: 15, x: x, y: y), expected), "\(x),\(y)")
        }
    }

    @Test func roundedMasksCutTheSublayersThatFillThem() async throws {
        // A 60x60 layer (columns 20 to 80, rows 40 to 100) with corners of 20 px, filled by a white sublayer and
        // holding a green one in its middle: the white one takes the corners, as the layer's own background would.
        let holder = mask(CGRect(x: 20, y: 20, width: 60, height: 60), cornerRadius: 20, [
            patch(CGRect(x: 0, y: 0, width: 60, height: 60), CGColor(gray: 1, alpha: 1)),
            patch(CGRect(x: 20, y: 20, width: 20, height: 20), Self.green),
        ])
        let output = try await export(CALayer(), extra: holder)
        let (white, red, green) = ((255, 255, 255), (255, 0, 0), (0, 255, 0))
        for (x, y, expected) in [(23, 43, red), (77, 97, red), (30, 50, white), (21, 70, white), (50, 70, green)] {
            #expect(near(try color(output, frame: 15, x: x, y: y), expected), "\(x),\(y)")
        }
    }

    @Test func aMovingMaskCutsTheSublayersMovingWithIt() async throws {
        // A 40x10 layer at the bottom masking a green patch twice its width, sliding right by 80 px over the
        // second: the patch shows only within the layer wherever it is.
        let holder = mask(CGRect(x: 0, y: 0, width: 40, height: 10), [
            patch(CGRect(x: 0, y: 0, width: 80, height: 10), Self.green),
        ])
        holder.add(move("position.x", from: 20, to: 100), forKey: "slide")
        let output = try await export(CALayer(), extra: holder)
        let (red, green) = ((255, 0, 0), (0, 255, 0))
        // Frame 0: columns 0 to 40; frame 29 (moved 77 px): columns 77 to 117.
        for (frame, x, expected) in [(0, 30, green), (0, 60, red), (29, 100, green), (29, 125, red), (29, 60, red)] {
            #expect(near(try color(output, frame: frame, x: x, y: 115), expected), "\(frame): \(x)")
        }
    }

    @Test func whatAMaskCannotCutFailsTheExportAndSaysWhich() async throws {
        let square = CGRect(x: 10, y: 10, width: 40, height: 10)
        let sliding = patch(CGRect(x: 0, y: 0, width: 10, height: 10), Self.blue)
        sliding.add(move("position.x", from: 5, to: 35), forKey: nil)
        let tall = blocks()
        tall.frame = CGRect(x: 0, y: -10, width: 40, height: 30)
        let reaching = mask(CGRect(x: 40, y: 0, width: 60, height: 20), [patch(square, Self.blue)])
        let refusals: [(CALayer, String)] = [
            (mask(square, [sliding]),
             "sublayers[2].sublayers[0]: a moving or transformed layer inside the parent layer.sublayers[2], which "
                + "masks to its bounds, is not cut here; move or transform the parent layer.sublayers[2] instead"),
            (mask(square, [tall]),
             "sublayers[2].sublayers[0]: a text layer reaching out of the parent layer.sublayers[2], which masks to "
                + "its bounds, is not cut here; keep its frame inside"),
            (mask(CGRect(x: 20, y: 20, width: 60, height: 60), cornerRadius: 20,
                  [patch(CGRect(x: 0, y: 0, width: 20, height: 20), Self.blue)]),
             "sublayers[2].sublayers[0]: a layer reaching into the rounded corners of the parent layer.sublayers[2], "
                + "which masks to its bounds, is not cut to them here; fill its bounds or keep out of its corners"),
            (mask(square, [patch(CGRect(x: 20, y: 0, width: 40, height: 10), Self.blue, cornerRadius: 4)]),
             "sublayers[2].sublayers[0]: a rounded layer cut by the parent layer.sublayers[2], which masks to its "
                + "bounds, is not drawn here; keep it inside"),
            (mask(CGRect(x: 10, y: 10, width: 60, height: 60), cornerRadius: 10, [reaching]),
             "sublayers[2].sublayers[0]: a layer that masks to its bounds, reaching out of the parent "
                + "layer.sublayers[2], which masks to its rounded bounds too, is not cut here; keep it inside"),
        ]
        for (layer, problem) in refusals {
            await #expect { _ = try await export(CALayer(), extra: layer) } throws: { error in
                "\(error)" == "invalidVideoComposition (-11841): the parent layer." + problem
            }
        }
        await #expect { _ = try await export(CALayer(), parentCornerRadius: 12) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[0]: a video layer inside the "
                + "parent layer, which masks to its bounds, is not cut here"
        }
    }
}
