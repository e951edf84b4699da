import Foundation

/// A rectangle of a layer tree that `AVVideoCompositionCoreAnimationTool` draws over an export's pictures: a
/// container of sublayers, the video's own place, or text (`CATextLayer`). Frames are in the superlayer's
/// coordinates, whose origin is at the bottom left unless a layer above says `isGeometryFlipped`.
open class CALayer: @unchecked Sendable {
    /// A layer with a zero frame, fully opaque, without sublayers.
    public init() {}

    /// The layer's place and size in its superlayer, before its transform: `bounds`' size with `anchorPoint` at
    /// `position`.
    open var frame: CGRect {
        get {
            CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                   width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width,
                               y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }
    /// The layer's own rectangle; its size is the frame's.
    open var bounds = CGRect.zero
    /// Where the anchor point is, in the superlayer's coordinates.
    open var position = CGPoint.zero
    /// The point of the layer, in fractions of its size, that `position` places and `transform` turns about:
    /// (0.5, 0.5), the centre, by default. Changing it moves the frame, not the position.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The layer's transform about its anchor point; only transforms in the layer's plane are drawn here.
    open var transform = CATransform3DIdentity

    /// The transform as an affine transform (its x and y part).
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets the transform to the affine transform `m`.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// The opacity, from 0 to 1, multiplied into the sublayers'.
    open var opacity: Float = 1
    /// Whether the layer and its sublayers are left out.
    open var isHidden = false
    /// The colour filling the layer, nil for none.
    open var backgroundColor: CGColor?
    /// The width of the line drawn inside the layer's edges, in pixels; 0 for none.
    open var borderWidth: CGFloat = 0
    /// The colour of that line: opaque black by default.
    open var borderColor: CGColor? = .black
    /// The radius of rounded corners in pixels: it rounds the background colour and the border, and the picture
    /// when `masksToBounds` cuts it; 0 for square corners.
    open var cornerRadius: CGFloat = 0
    /// The layer's picture: a `CGImage` read from a file with `CGImageSource`, drawn with its transparency.
    open var contents: Any?
    /// How the picture is fitted into the bounds.
    open var contentsGravity = CALayerContentsGravity.resize
    /// Whether the layer's picture, shape and sublayers are cut at its bounds (and its shadow left out).
    open var masksToBounds = false
    /// The shadow's colour: opaque black by default.
    open var shadowColor: CGColor? = .black
    /// The shadow's opacity, from 0 (the default: no shadow) to 1.
    open var shadowOpacity: Float = 0
    /// How far the shadow falls from the layer, in its coordinates (down 3 pixels by default, y growing upwards).
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// How much the shadow is blurred, in pixels: a Gaussian of half this standard deviation.
    open var shadowRadius: CGFloat = 3
    /// The shape casting the shadow, in the layer's coordinates; nil casts the shape of its background or path.
    open var shadowPath: CGPath?
    /// Whether the layer's sublayers have their origin at the top left instead of the bottom left.
    open var isGeometryFlipped = false
    /// A name for the program's own use.
    open var name: String?
    /// The layers drawn over this one, the last on top.
    open private(set) var sublayers: [CALayer]?
    /// The layer this one is a sublayer of.
    open private(set) weak var superlayer: CALayer?

    /// Adds `layer` on top of the sublayers, taking it from its previous superlayer.
    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    /// Takes the layer out of its superlayer's sublayers.
    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    /// Does nothing: the tree is read when the export draws it.
    open func displayIfNeeded() {}

    /// The animations added, by key, in the order added.
    private(set) var animations: [(key: String?, animation: CAAnimation)] = []

    /// Adds `animation` (replacing one added under the same `key`).
    open func add(_ animation: CAAnimation, forKey key: String?) {
        if let key { animations.removeAll { $0.key == key } }
        animations.append((key, animation))
    }

    /// The animation added under `key`.
    open func animation(forKey key: String) -> CAAnimation? { animations.last { $0.key == key }?.animation }

    /// The keys of the animations added, nil when there are none.
    open func animationKeys() -> [String]? {
        let keys = animations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Takes out the animation added under `key`.
    open func removeAnimation(forKey key: String) { animations.removeAll { $0.key == key } }

    /// Takes out every animation.
    open func removeAllAnimations() { animations.removeAll() }
}
