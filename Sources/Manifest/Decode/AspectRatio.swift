/// A picture's shape, `16x9` or `9:16`, in lowest terms.
public struct AspectRatio: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The width part.
    public var width: Int
    /// The height part.
    public var height: Int

    /// Reads `16x9`, `16:9` or `16/9`.
    public init?(_ text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == ":" || $0 == "/" || $0 == "X" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.width = w
        self.height = h
    }

    /// Refits a canvas to this aspect keeping its long side; sides are rounded to even numbers for 4:2:0 video.
    public func fit(longSideOf size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let long = max(size.width, size.height)
        if width >= height {
            return (Self.even(Double(long)), Self.even(Double(long) * Double(height) / Double(width)))
        }
        return (Self.even(Double(long) * Double(width) / Double(height)), Self.even(Double(long)))
    }

    private static func even(_ value: Double) -> Int { Int((value / 2).rounded()) * 2 }

    /// `16x9`.
    public var description: String { "\(width)x\(height)" }
}
