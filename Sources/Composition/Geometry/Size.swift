/// A width and height in pixels (CGSize).
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Zero by zero: "not set".
    public static let zero = Size(width: 0, height: 0)

    /// Whether both sides are zero.
    public var isZero: Bool { width == 0 && height == 0 }

    /// `1920x1080`.
    public var description: String { "\(Rect.format(width))x\(Rect.format(height))" }
}
