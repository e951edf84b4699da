/// A picture size in pixels.
public struct Resolution: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `1920x1080`.
    public var description: String { "\(width)x\(height)" }
}
