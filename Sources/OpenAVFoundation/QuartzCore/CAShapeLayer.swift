import Foundation

/// Which parts of a self-crossing shape are inside it.
public struct CAShapeLayerFillRule: RawRepresentable, Sendable, Hashable {
    /// The rule's name.
    public let rawValue: String
    /// A rule of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the outline winds round a point other than zero times (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Inside where the outline crosses an odd number of times on the way out.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How the open ends of a stroke are drawn.
public struct CAShapeLayerLineCap: RawRepresentable, Sendable, Hashable {
    /// The cap's name.
    public let rawValue: String
    /// A cap of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Square at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle beyond the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Half the line's width beyond the end point, square.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How a stroke turns its corners.
public struct CAShapeLayerLineJoin: RawRepresentable, Sendable, Hashable {
    /// The join's name.
    public let rawValue: String
    /// A join of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp point, cut square past `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A rounded corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// A corner cut square.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer drawing a path, filled and stroked, over its background colour and under its sublayers, in the layer's
/// coordinates (y upwards unless a layer above is flipped); the shape may reach beyond the bounds, as in Core
/// Animation, unless `masksToBounds` cuts it.
open class CAShapeLayer: CALayer, @unchecked Sendable {
    /// The outline; nil draws nothing.
    open var path: CGPath?
    /// The colour inside the path; opaque black by default, nil for none.
    open var fillColor: CGColor? = .black
    /// Which parts of a self-crossing path are filled.
    open var fillRule = CAShapeLayerFillRule.nonZero
    /// The colour of the outline; nil (the default) for none.
    open var strokeColor: CGColor?
    /// The outline's width in pixels of the render.
    open var lineWidth: CGFloat = 1
    /// How open ends are drawn.
    open var lineCap = CAShapeLayerLineCap.butt
    /// How corners are drawn.
    open var lineJoin = CAShapeLayerLineJoin.miter
    /// How far a miter join may reach, in line widths.
    open var miterLimit: CGFloat = 10
    /// Lengths of dashes and gaps, in turn; nil for a solid line.
    open var lineDashPattern: [NSNumber]?
    /// How far into the dash pattern the outline starts.
    open var lineDashPhase: CGFloat = 0
    /// Where along the path the outline starts, 0 to 1.
    open var strokeStart: CGFloat = 0
    /// Where along the path the outline ends, 0 to 1 (a progress ring's progress).
    open var strokeEnd: CGFloat = 1

    /// A shape layer without a path.
    override public init() { super.init() }
}
