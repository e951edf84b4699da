import Foundation

/// How a layer's picture (`contents`) is fitted into its bounds.
public struct CALayerContentsGravity: RawRepresentable, Sendable, Hashable {
    /// The gravity's name.
    public let rawValue: String
    /// A gravity of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Stretched to fill the bounds, whatever its shape.
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// As large as fits within the bounds, keeping its shape, centred.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// As small as covers the bounds, keeping its shape, centred (cut at the bounds only with `masksToBounds`).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
    /// At its own size, centred.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// At its own size, centred on the top edge (not drawn here).
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// At its own size, centred on the bottom edge (not drawn here).
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// At its own size, centred on the left edge (not drawn here).
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// At its own size, centred on the right edge (not drawn here).
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// At its own size, in the top-left corner (not drawn here).
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// At its own size, in the top-right corner (not drawn here).
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// At its own size, in the bottom-left corner (not drawn here).
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// At its own size, in the bottom-right corner (not drawn here).
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
}
