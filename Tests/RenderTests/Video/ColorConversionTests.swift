import Testing
import Composition
import Render

struct ColorConversionTests {
    static let rgbTable: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (255, 255, 255), (128, 128, 128), (255, 0, 0), (0, 255, 0), (0, 0, 255),
        (255, 255, 0), (0, 255, 255), (255, 0, 255), (191, 191, 191), (12, 200, 99), (250, 128, 114),
        (64, 32, 16), (100, 149, 237), (240, 230, 140), (1, 2, 3), (254, 253, 252),
    ]

    @Test(arguments: rgbTable)
    func rgbRoundTripWithinOneCodeValue(_ rgb: (UInt8, UInt8, UInt8)) {
        let color = Color(red: Double(rgb.0) / 255, green: Double(rgb.1) / 255, blue: Double(rgb.2) / 255)
        let back = Color(color.yuv)
        for (original, converted) in [(rgb.0, back.red), (rgb.1, back.green), (rgb.2, back.blue)] {
            let code = Int((converted * 255).rounded())
            #expect(abs(code - Int(original)) <= 1, "\(rgb) -> \(color.yuv) -> \(back)")
        }
        #expect(back.alpha == 1)
    }

    @Test(arguments: [
        YUVColor(y: 16, cb: 128, cr: 128), YUVColor(y: 235, cb: 128, cr: 128), YUVColor(y: 126, cb: 128, cr: 128),
        YUVColor(y: 63, cb: 102, cr: 240), YUVColor(y: 32, cb: 240, cr: 118), YUVColor(y: 100, cb: 140, cr: 120),
        YUVColor(y: 180, cb: 110, cr: 135, a: 128),
    ])
    func yuvRoundTripWithinOneCodeValue(_ color: YUVColor) {
        let back = Color(color).yuv
        #expect(abs(Int(back.y) - Int(color.y)) <= 1)
        #expect(abs(Int(back.cb) - Int(color.cb)) <= 1)
        #expect(abs(Int(back.cr) - Int(color.cr)) <= 1)
        #expect(back.a == color.a)
    }

    @Test(arguments: [
        (Color.black, YUVColor(y: 16, cb: 128, cr: 128)),
        (Color.white, YUVColor(y: 235, cb: 128, cr: 128)),
        (Color(red: 1, green: 0, blue: 0), YUVColor(y: 63, cb: 102, cr: 240)),
        (Color(red: 0, green: 1, blue: 0), YUVColor(y: 173, cb: 42, cr: 26)),
        (Color(red: 0, green: 0, blue: 1), YUVColor(y: 32, cb: 240, cr: 118)),
        (Color(red: 1, green: 1, blue: 1, alpha: 0.5), YUVColor(y: 235, cb: 128, cr: 128, a: 128)),
        (Color(red: 2, green: -1, blue: .nan), YUVColor(y: 63, cb: 102, cr: 240)),
    ])
    func knownBT709LimitedRangeValues(_ rgba: Color, _ expected: YUVColor) {
        #expect(rgba.yuv == expected)
        #expect(YUVColor(rgba) == expected)
    }

    @Test func descriptions() {
        #expect(YUVColor.black.description == "yuva(16,128,128,255)")
    }
}
