/// A text's drop shadow moved by any amount and blurred (Core Animation's `shadowOffset` and `shadowRadius`), in the
/// shadow colour of its style; lengths are fractions of the output height, `x` positive to the right and `y`
/// positive downwards. It replaces the down-and-right shadow of `TextStyle.shadowOffset`.
public struct TextShadow: Sendable, Hashable, Codable {
    /// How far right the shadow falls (negative: left).
    public var x: Double
    /// How far down it falls (negative: up).
    public var y: Double
    /// The standard deviation of its Gaussian blur; 0 for a sharp shadow.
    public var blur: Double

    /// Creates a shadow placement.
    public init(x: Double, y: Double, blur: Double) {
        (self.x, self.y, self.blur) = (x, y, blur)
    }
}
