/// Reads the colours manifests use: `#rrggbb`, `#rrggbbaa` and a few names.
public enum ColorParser {
    /// The colour names manifests may use, with their `0xrrggbb` values.
    static let named: [String: UInt32] = [
        "black": 0x000000, "white": 0xffffff, "red": 0xff0000, "green": 0x00ff00, "blue": 0x0000ff,
        "yellow": 0xffff00, "cyan": 0x00ffff, "magenta": 0xff00ff, "gray": 0x808080, "grey": 0x808080,
        "orange": 0xffa500, "navy": 0x000080, "teal": 0x008080, "purple": 0x800080,
    ]

    /// The colour names, sorted.
    public static var names: [String] { named.keys.sorted() }

    /// Red, green, blue and alpha from 0 to 1, or nil for text that is no colour.
    public static func rgba(_ text: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        let lower = text.lowercased()
        if let rgb = named[lower] { return split(rgb, alpha: 1) }
        guard lower.hasPrefix("#") else { return nil }
        let hex = lower.dropFirst()
        guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        if hex.count == 6 { return split(value, alpha: 1) }
        return split(value >> 8, alpha: Double(value & 0xff) / 255)
    }

    private static func split(_ rgb: UInt32, alpha: Double) -> (Double, Double, Double, Double) {
        (Double(rgb >> 16 & 0xff) / 255, Double(rgb >> 8 & 0xff) / 255, Double(rgb & 0xff) / 255, alpha)
    }
}
