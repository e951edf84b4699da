import Composition
import Foundation
import MediaCore
@testable import Render
import Testing

/// Gradients drawn the CSS way: positions along the line or out from the centre, colours blended between stops.
struct GradientGeneratorTests {
    static let blackToWhite = [GradientGenerator.Stop(color: .black, position: 0), .init(color: .white, position: 1)]
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    /// Luma code of a grey `level` (0...1).
    static func luma(_ level: Double) -> UInt8 { UInt8((16 + 219 * level).rounded()) }

    @Test func linearGradientRunsAlongItsAngle() throws {
        let right = try #require(try GradientGenerator(stops: Self.blackToWhite, shape: .linear(angle: 90), width: 64,
                                                       height: 16).frame(at: .zero))
        for x in [0, 13, 31, 63] {
            for y in [0, 15] { #expect(right.pixel(x: x, y: y).y == Self.luma((Double(x) + 0.5) / 64), "x \(x)") }
        }
        // 180 degrees runs top to bottom; 0 bottom to top.
        let down = try #require(try GradientGenerator(stops: Self.blackToWhite, shape: .linear(angle: 180), width: 16,
                                                      height: 64).frame(at: .zero))
        let up = try #require(try GradientGenerator(stops: Self.blackToWhite, shape: .linear(angle: 0), width: 16,
                                                    height: 64).frame(at: .zero))
        #expect(down.pixel(x: 5, y: 10).y == Self.luma(10.5 / 64) && up.pixel(x: 5, y: 10).y == Self.luma(53.5 / 64))
    }

    @Test func diagonalGradientsReachTheCornersInAnyShape() throws {
        // CSS: the line's ends touch the two corners it points between, whatever the picture's shape.
        let frame = try #require(try GradientGenerator(stops: Self.blackToWhite, shape: .linear(angle: 135), width: 200,
                                                       height: 50).frame(at: .zero))
        #expect(frame.pixel(x: 0, y: 0).y <= 18 && frame.pixel(x: 199, y: 49).y >= 233)
        #expect(abs(Int(frame.pixel(x: 100, y: 25).y) - Int(Self.luma(0.5))) <= 1)
    }

    @Test func radialGradientGrowsFromItsCentreToItsRadius() throws {
        let frame = try #require(try GradientGenerator(
            stops: [.init(color: .white, position: 0), .init(color: .black, position: 1)],
            shape: .radial(centerX: 0.25, centerY: 0.5, radius: 40), width: 160, height: 80).frame(at: .zero))
        // The centre is at (40, 40): 20.5 px away along the row is about half way out; 40 px and beyond is black.
        #expect(abs(Int(frame.pixel(x: 60, y: 40).y) - Int(Self.luma(1 - 20.5 / 40))) <= 1)
        #expect(abs(Int(frame.pixel(x: 19, y: 40).y) - Int(frame.pixel(x: 60, y: 40).y)) <= 1)
        #expect(frame.pixel(x: 100, y: 40).y == 16 && frame.pixel(x: 0, y: 0).y == 16)
    }

    @Test func coloursBlendBetweenStopsAndHoldOutsideThem() {
        let stops = [GradientGenerator.Stop(color: Self.red, position: 0.25), .init(color: Self.blue, position: 0.75)]
        #expect(GradientGenerator.color(at: 0.1, stops: stops) == Self.red)
        #expect(GradientGenerator.color(at: 0.9, stops: stops) == Self.blue)
        #expect(GradientGenerator.color(at: 0.5, stops: stops) == Color(red: 0.5, green: 0, blue: 0.5))
    }

    @Test func chromaIsTheMeanOfItsFourPixels() throws {
        let frame = try #require(try GradientGenerator(
            stops: [.init(color: Self.red, position: 0), .init(color: Self.red, position: 0.5),
                    .init(color: Self.blue, position: 0.5)],
            shape: .linear(angle: 90), width: 6, height: 2).frame(at: .zero))
        // Pixels 0-2 red, 3-5 blue: the middle chroma sample (pixels 2 and 3) is half of each.
        let red = Self.red.yuv, blue = Self.blue.yuv
        #expect(frame.pixel(x: 0, y: 0).cr == red.cr && frame.pixel(x: 5, y: 1).cb == blue.cb)
        #expect(abs(Int(frame.pixel(x: 2, y: 0).cr) - (Int(red.cr) + Int(blue.cr)) / 2) <= 1)
    }
}
