import Foundation
import Composition
import MediaCore

/// How the render engine draws and sounds built-in sources.
extension GeneratedSource {
    /// The colour of a `color` source: `#rrggbb`, `#rgb` or a basic name; nil when it cannot be read.
    var rgbaColor: RGBAColor? { Self.rgbaColor(color) }

    /// A gradient's stops as colours; nil when one cannot be read or there are none.
    var gradientStops: [GradientGenerator.Stop]? {
        let colors = stops.compactMap { stop in Self.rgbaColor(stop.color).map { GradientGenerator.Stop(color: $0, position: stop.position) } }
        return colors.isEmpty || colors.count < stops.count ? nil : colors
    }

    /// `#rrggbb`, `#rgb`, `#rrggbbaa` or a basic name as a colour; nil when it cannot be read.
    static func rgbaColor(_ color: String) -> RGBAColor? {
        let text = color.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("#") || text.hasPrefix("0x") {
            var hex = String(text.drop { $0 == "#" })
            if hex.hasPrefix("0x") { hex.removeFirst(2) }
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else { return nil }
            let shifted = hex.count == 8 ? value >> 8 : value
            let alpha = hex.count == 8 ? Double(value & 0xff) / 255 : 1
            return RGBAColor(red: Double((shifted >> 16) & 0xff) / 255, green: Double((shifted >> 8) & 0xff) / 255,
                             blue: Double(shifted & 0xff) / 255, alpha: alpha)
        }
        return Self.namedColors[text]
    }

    /// Basic colour names.
    static let namedColors: [String: RGBAColor] = [
        "black": .black, "white": .white, "red": .red, "green": .green, "blue": .blue,
        "gray": RGBAColor(red: 0.5, green: 0.5, blue: 0.5), "grey": RGBAColor(red: 0.5, green: 0.5, blue: 0.5),
        "yellow": RGBAColor(red: 1, green: 1, blue: 0), "cyan": RGBAColor(red: 0, green: 1, blue: 1),
        "magenta": RGBAColor(red: 1, green: 0, blue: 1), "orange": RGBAColor(red: 1, green: 0.647, blue: 0),
    ]

    /// The sound of the source: a tone for `tone` and `testpattern`, silence for the rest.
    var audioGenerator: ToneGenerator? {
        switch kind {
        case .tone, .testpattern: ToneGenerator(frequency: frequency)
        case .color, .linearGradient, .radialGradient, .silence: nil
        }
    }
}
