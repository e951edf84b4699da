import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `CAGradientLayer` over the 160x120 red clip, read back with ffmpeg's pixels.
extension CoreAnimationToolTests {
    /// A gradient layer over the whole picture.
    private func gradient(_ colors: [Any], from start: CGPoint? = nil, to end: CGPoint? = nil,
                          locations: [NSNumber]? = nil, type: CAGradientLayerType = .axial) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        layer.colors = colors
        if let start { layer.startPoint = start }
        if let end { layer.endPoint = end }
        layer.locations = locations
        layer.type = type
        return layer
    }

    private static let black = CGColor(gray: 0, alpha: 1), white = CGColor(gray: 1, alpha: 1)

    @Test func axialGradientsRunFromTheStartPointToTheEndPoint() async throws {
        // Black to white, left to right: about a tenth, a half and nine tenths of white across.
        let across = try await export(CALayer(), extra: gradient([Self.black, Self.white], from: CGPoint(x: 0, y: 0.5),
                                                                 to: CGPoint(x: 1, y: 0.5)))
        for (x, level) in [(8, 13), (80, 128), (152, 242)] {
            #expect(near(try color(across, frame: 10, x: x, y: 60), (level, level, level), tolerance: 12), "\(x)")
        }
        // The default points run from the bottom (the first colour) to the top, in the parent's bottom-left
        // coordinates; under a flipped parent from the top. Blue to green.
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1), green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let upwards = try await export(CALayer(), extra: gradient([blue, green]))
        #expect(near(try color(upwards, frame: 10, x: 80, y: 117), (0, 6, 249), tolerance: 16))
        #expect(near(try color(upwards, frame: 10, x: 80, y: 2), (0, 249, 6), tolerance: 16))
        let downwards = try await export(CALayer(), flipped: true, extra: gradient([blue, green]))
        #expect(near(try color(downwards, frame: 10, x: 80, y: 2), (0, 6, 249), tolerance: 16))
        // Locations: white to black over the first quarter, black beyond it.
        let early = try await export(CALayer(), extra: gradient([Self.white, Self.black], from: CGPoint(x: 0, y: 0.5),
                                                                to: CGPoint(x: 1, y: 0.5), locations: [0, 0.25]))
        #expect(near(try color(early, frame: 10, x: 2, y: 60), (250, 250, 250), tolerance: 16))
        #expect(near(try color(early, frame: 10, x: 80, y: 60), (0, 0, 0), tolerance: 12))
    }

    @Test func gradientColoursKeepTheirTransparency() async throws {
        // A scrim: clear at the bottom, opaque black at the top, over red.
        let scrim = try await export(CALayer(), extra: gradient([CGColor(gray: 0, alpha: 0), Self.black]))
        #expect(near(try color(scrim, frame: 10, x: 80, y: 118), (250, 0, 0), tolerance: 16))
        #expect(near(try color(scrim, frame: 10, x: 80, y: 60), (128, 0, 0), tolerance: 16))
        #expect(near(try color(scrim, frame: 10, x: 80, y: 1), (0, 0, 0), tolerance: 16))
    }

    @Test func radialGradientsGrowFromTheStartPointToAnEllipseThroughTheEndPoint() async throws {
        // White in the middle to black at an ellipse reaching the corners' x and y (80 x 60 px radii).
        let glow = try await export(CALayer(), extra: gradient([Self.white, Self.black], from: CGPoint(x: 0.5, y: 0.5),
                                                               to: CGPoint(x: 1, y: 1), type: .radial))
        for (x, y, level) in [(80, 60, 255), (120, 60, 128), (80, 90, 128), (2, 2, 0)] {
            #expect(near(try color(glow, frame: 10, x: x, y: y), (level, level, level), tolerance: 16), "\(x),\(y)")
        }
    }

    @Test func gradientsThatCannotBeDrawnFailTheExportAndSayWhich() async throws {
        let refusals: [(CAGradientLayer, String)] = [
            (gradient([Self.black, Self.white], type: .conic),
             "a gradient layer of type 'conic' is not drawn here; the types drawn are axial and radial"),
            (gradient([Self.black, "white"]), "a gradient layer's colors are CGColors, not String"),
            (gradient([Self.black, Self.white], locations: [0, 0.5, 1]),
             "a gradient layer's locations give 3 places for 2 colours"),
        ]
        for (layer, problem) in refusals {
            await #expect { _ = try await export(CALayer(), extra: layer) } throws: { error in
                "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[2]: " + problem
            }
        }
    }
}
