import Composition
import MediaCore
@testable import Render
import Testing

/// The canonical text segment keys are written in: exact values, and no two different sequences of values alike.
struct KeyTextTests {
    /// A value of one of the kinds a key writes.
    enum Value: Sendable {
        case s(String), d(Double), t(MediaTime), i(Int)
    }

    /// Writes `values` one after another.
    static func text(_ values: [Value]) -> String {
        var key = KeyText()
        for value in values {
            switch value {
            case .s(let string): key.string(string)
            case .d(let number): key.number(number)
            case .t(let time): key.time(time)
            case .i(let integer): key.integer(integer)
            }
        }
        return key.text
    }

    @Test(arguments: [
        // (one sequence, another that must not write the same text)
        ([.s("a b"), .s("c")], [.s("a"), .s("b c")]),
        ([.s("a"), .s("")], [.s(""), .s("a")]),
        ([.s("1 2")], [.i(1), .i(2)]),
        ([.d(0.1 + 0.2)], [.d(0.3)]),
        ([.d(1)], [.i(1)]),
        ([.t(MediaTime(value: 1, timescale: 30))], [.t(MediaTime(value: 1, timescale: 25))]),
        ([.d(.infinity)], [.d(.greatestFiniteMagnitude)]),
    ] as [([Value], [Value])])
    func differentValuesWriteDifferentText(one: [Value], other: [Value]) {
        #expect(Self.text(one) != Self.text(other))
    }

    @Test func valuesAreWrittenExactly() {
        var key = KeyText()
        key.name("layer")
        key.string("sha256:ab.mp4")
        key.number(0.1 + 0.2)
        key.time(MediaTime(value: 1001, timescale: 30000))
        key.rect(Rect(x: 0, y: 0.5, width: 1e-7, height: .infinity))
        key.backdrop(.blur(radius: 0.05))
        key.backdrop(nil)
        key.cornerRadius(nil)
        key.border(nil)
        key.colorControls(nil)
        key.newline()
        #expect(key.text == "layer=13:sha256:ab.mp4 0.30000000000000004 1001/30000 0.0 0.5 1e-07 inf blur 0.05 - \n")
        key.cornerRadius(12.5)
        #expect(key.text.hasSuffix("\ncorner 12.5 "))
        key.border(LayerBorder(width: 4, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        #expect(key.text.hasSuffix("\ncorner 12.5 border 4.0 1.0 0.0 0.0 0.5 "))
        key.border(LayerBorder(width: 2, color: .white, hidesPicture: true))
        #expect(key.text.hasSuffix("border 4.0 1.0 0.0 0.0 0.5 outline 2.0 1.0 1.0 1.0 1.0 "))
        key.colorControls(ColorControls(brightness: -0.1, saturation: 0))
        #expect(key.text.hasSuffix("outline 2.0 1.0 1.0 1.0 1.0 controls -0.1 1.0 0.0 "))
    }
}
