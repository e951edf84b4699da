import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `CAShapeLayer` and `CGPath` over the 160x120 red clip, read back with ffmpeg's pixels.
extension CoreAnimationToolTests {
    /// A shape layer in `frame` drawing `path`.
    private func shape(_ path: CGPath, frame: CGRect, fill: CGColor? = .black, stroke: CGColor? = nil,
                       width: CGFloat = 1) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = frame
        layer.path = path
        layer.fillColor = fill
        layer.strokeColor = stroke
        layer.lineWidth = width
        return layer
    }

    /// A straight line 100 px long from the layer's origin along its x axis.
    private func line() -> CGMutablePath {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        return path
    }

    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private static let white = CGColor(gray: 1, alpha: 1)

    @Test func shapeLayersFillTheirPaths() async throws {
        // A blue square in a layer at (20, 20) from the bottom left (columns 20 to 60, rows 60 to 100) and a green
        // circle of radius 20 centred at (80, 80); the even-odd rule leaves a hole in a square within a square.
        let square = shape(CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil),
                           frame: CGRect(x: 20, y: 20, width: 40, height: 40), fill: Self.blue)
        let circle = shape(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil),
                           frame: CGRect(x: 60, y: 20, width: 40, height: 40), fill: Self.green)
        let framed = CGMutablePath()
        framed.addRect(CGRect(x: 0, y: 0, width: 40, height: 40))
        framed.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        let ring = shape(framed, frame: CGRect(x: 110, y: 20, width: 40, height: 40), fill: Self.blue)
        ring.fillRule = .evenOdd
        let holder = CALayer()
        holder.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        for layer in [square, circle, ring] { holder.addSublayer(layer) }
        let output = try await export(CALayer(), extra: holder)
        let (red, green, blue) = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
        for (x, y, expected) in [(40, 80, blue), (70, 80, green), (80, 80, green), (63, 63, red), (130, 80, red),
                                 (114, 80, blue), (40, 50, red)] {
            #expect(near(try color(output, frame: 10, x: x, y: y), expected), "\(x),\(y)")
        }
        ring.fillRule = .nonZero
        #expect(near(try color(try await export(CALayer(), extra: ring), frame: 10, x: 130, y: 80), blue))
    }

    @Test func shapeLayersStrokeTheirPathsWithDashesAndPartStrokes() async throws {
        // A 6 px white line along row 60 from column 10 to 110.
        let frame = CGRect(x: 10, y: 60, width: 100, height: 1)
        let whole = try await export(CALayer(), extra: shape(line(), frame: frame, fill: nil, stroke: Self.white,
                                                             width: 6))
        let (red, white) = ((255, 0, 0), (255, 255, 255))
        for (x, y, expected) in [(50, 60, white), (50, 66, red), (105, 60, white), (115, 60, red)] {
            #expect(near(try color(whole, frame: 10, x: x, y: y), expected), "\(x),\(y)")
        }
        // strokeEnd 0.5: the first half only; a 10 px dash pattern: columns 10-20 and 30-40 white.
        let half = shape(line(), frame: frame, fill: nil, stroke: Self.white, width: 6)
        half.strokeEnd = 0.5
        let drawn = try await export(CALayer(), extra: half)
        #expect(near(try color(drawn, frame: 10, x: 30, y: 60), white))
        #expect(near(try color(drawn, frame: 10, x: 90, y: 60), red))
        let dashed = shape(line(), frame: frame, fill: nil, stroke: Self.white, width: 6)
        dashed.lineDashPattern = [10, 10]
        let dashes = try await export(CALayer(), extra: dashed)
        for (x, expected) in [(15, white), (25, red), (35, white), (45, red)] {
            #expect(near(try color(dashes, frame: 10, x: x, y: 60), expected), "\(x)")
        }
    }

    @Test func aShapeReachesBeyondItsBoundsUnlessTheyMaskIt() async throws {
        // A 60x20 blue rectangle in a 20x20 layer at the bottom left.
        let wide = shape(CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 20), transform: nil),
                         frame: CGRect(x: 0, y: 0, width: 20, height: 20), fill: Self.blue)
        #expect(near(try color(try await export(CALayer(), extra: wide), frame: 10, x: 50, y: 110), (0, 0, 255)))
        wide.masksToBounds = true
        let cut = try await export(CALayer(), extra: wide)
        #expect(near(try color(cut, frame: 10, x: 50, y: 110), (255, 0, 0)))
        #expect(near(try color(cut, frame: 10, x: 10, y: 110), (0, 0, 255)))
    }

    @Test func partStrokesOfSeveralSubpathsOrWithDashesFailTheExport() async throws {
        let two = CGMutablePath()
        two.addLines(between: [.zero, CGPoint(x: 50, y: 0)])
        two.addLines(between: [CGPoint(x: 0, y: 10), CGPoint(x: 50, y: 10)])
        let dashed = shape(line(), frame: CGRect(x: 0, y: 0, width: 100, height: 20), fill: nil, stroke: Self.white)
        dashed.lineDashPattern = [4, 4]
        for layer in [shape(two, frame: CGRect(x: 0, y: 0, width: 100, height: 20), fill: nil, stroke: Self.white),
                      dashed] {
            layer.strokeEnd = 0.5
            await #expect { _ = try await export(CALayer(), extra: layer) } throws: { error in
                "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[2]: a shape layer's "
                    + "strokeStart and strokeEnd are drawn here on a path of one subpath without lineDashPattern"
            }
        }
    }

    @Test func pathsKeepTheirPointsAndBounds() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 10, y: 10), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(path.currentPoint.x - 10) < 1e-9 && abs(path.currentPoint.y - 20) < 1e-9)
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 40, height: 30), cornerWidth: 5, cornerHeight: 5)
        let box = path.boundingBox
        #expect([box.minX, box.minY, box.maxX - 40, box.maxY - 30].allSatisfy { abs($0) < 1e-9 }, "\(box)")
        #expect(abs(path.currentPoint.x - 40) < 1e-9 && abs(path.currentPoint.y - 5) < 1e-9)
        #expect(CGMutablePath().isEmpty && CGMutablePath().boundingBox.isNull)
        let moved = CGMutablePath()
        moved.addPath(CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil),
                      transform: CGAffineTransform(translationX: 5, y: 0))
        #expect(moved.boundingBox == CGRect(x: 5, y: 0, width: 2, height: 2))
    }
}
