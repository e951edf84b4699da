import Foundation

/// A short list of numbers for a filter's input: a colour matrix's row, a position.
public final class CIVector: @unchecked Sendable, CustomStringConvertible {
    /// The numbers.
    private let values: [CGFloat]

    /// The vector of `values`.
    public init(values: [CGFloat]) {
        self.values = values
    }

    /// The vector (`x`, `y`).
    public convenience init(x: CGFloat, y: CGFloat) { self.init(values: [x, y]) }

    /// The vector (`x`, `y`, `z`).
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat) { self.init(values: [x, y, z]) }

    /// The vector (`x`, `y`, `z`, `w`).
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { self.init(values: [x, y, z, w]) }

    /// How many numbers it holds.
    public var count: Int { values.count }
    /// The number at `index`; 0 past the end.
    public func value(at index: Int) -> CGFloat { index < values.count ? values[index] : 0 }
    /// The first number.
    public var x: CGFloat { value(at: 0) }
    /// The second number.
    public var y: CGFloat { value(at: 1) }
    /// The third number.
    public var z: CGFloat { value(at: 2) }
    /// The fourth number.
    public var w: CGFloat { value(at: 3) }

    /// The numbers, as Core Image prints them: `[x y z w]`.
    public var description: String { "[" + values.map { "\($0)" }.joined(separator: " ") + "]" }

    /// The numbers padded with zeros to four.
    var four: [CGFloat] { (0..<4).map(value(at:)) }

    /// The colour matrix filter's default for its input `key`: the identity rows, no bias.
    static func colorMatrixDefault(_ key: String) -> CIVector {
        switch key {
        case "inputRVector": CIVector(x: 1, y: 0, z: 0, w: 0)
        case "inputGVector": CIVector(x: 0, y: 1, z: 0, w: 0)
        case "inputBVector": CIVector(x: 0, y: 0, z: 1, w: 0)
        case "inputAVector": CIVector(x: 0, y: 0, z: 0, w: 1)
        default: CIVector(x: 0, y: 0, z: 0, w: 0)
        }
    }
}
