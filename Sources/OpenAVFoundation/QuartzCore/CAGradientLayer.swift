import Foundation

/// The shape of a gradient layer's gradient.
public struct CAGradientLayerType: RawRepresentable, Sendable, Hashable {
    /// The type's name.
    public let rawValue: String
    /// A type of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours change along the line from `startPoint` to `endPoint` (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours change outward from `startPoint` to an ellipse through `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours change around `startPoint`; not drawn here (the export fails and says which layer).
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer filled with a gradient over its background colour, drawn as Core Animation draws it: points in the unit
/// square of the layer's bounds, y growing as the layer's geometry does (upwards unless a layer above is flipped).
open class CAGradientLayer: CALayer, @unchecked Sendable {
    /// The colours, `CGColor`s, the first at `startPoint`; at least two draw a gradient, one a solid colour.
    open var colors: [Any]?
    /// Where each colour lies between the start (0) and the end (1), rising; nil spreads them evenly.
    open var locations: [NSNumber]?
    /// Where the first colour is, in the unit square of the bounds.
    open var startPoint = CGPoint(x: 0.5, y: 0)
    /// Where the last colour is, in the unit square of the bounds.
    open var endPoint = CGPoint(x: 0.5, y: 1)
    /// The gradient's shape.
    open var type = CAGradientLayerType.axial

    /// A gradient layer without colours.
    override public init() { super.init() }
}
