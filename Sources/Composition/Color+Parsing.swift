/// Colours as manifests and generators write them, read in one place: `#rrggbb`, `#rrggbbaa`, `#rgb`, and names.
extension Color {
    /// The colour names, with their `0xrrggbb` values.
    static let named: [String: UInt32] = [
        "black": 0x000000, "white": 0xffffff, "red": 0xff0000, "green": 0x00ff00, "blue": 0x0000ff,
        "yellow": 0xffff00, "cyan": 0x00ffff, "magenta": 0xff00ff, "gray": 0x808080, "grey": 0x808080,
        "orange": 0xffa500, "navy": 0x000080, "teal": 0x008080, "purple": 0x800080,
    ]

    /// The colour names, sorted.
    public static var names: [String] { named.keys.sorted() }

    /// The colour `text` names or spells in hex (any case); nil for text that is no colour.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        if let rgb = Self.named[lower] {
            self.init(rgb: rgb, alpha: 1)
            return
        }
        guard lower.hasPrefix("#") else { return nil }
        var hex = String(lower.dropFirst())
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
            return nil
        }
        if hex.count == 6 {
            self.init(rgb: value, alpha: 1)
        } else {
            self.init(rgb: value >> 8, alpha: Double(value & 0xff) / 255)
        }
    }

    private init(rgb: UInt32, alpha: Double) {
        self.init(red: Double(rgb >> 16 & 0xff) / 255, green: Double(rgb >> 8 & 0xff) / 255,
                  blue: Double(rgb & 0xff) / 255, alpha: alpha)
    }
}
