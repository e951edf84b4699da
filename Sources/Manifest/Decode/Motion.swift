public import Composition
public import MediaCore

/// How a picture moves over its time on the output timeline: keyframes of scale, position, anchor, rotation, crop and
/// opacity (from `motion:`, or the `zoom` and `pan` shorthands), and for layers and overlays an entrance and an exit.
/// Compiled into a layer's ramps by `MotionCompiler` for the picture's fitted geometry (docs/manifest.md, "Motion").
public struct Motion: Sendable, Hashable, Codable {
    /// The keyframes in time order; empty when only `enter` / `exit` are given.
    public var keyframes: [MotionKeyframe]
    /// How the picture arrives, at its start.
    public var enter: Appearance?
    /// How the picture leaves, at its end.
    public var exit: Appearance?
    /// Where the motion is written, for errors found when the item's length is known.
    public var location: SourceLocation

    /// Creates a motion.
    public init(keyframes: [MotionKeyframe] = [], enter: Appearance? = nil, exit: Appearance? = nil,
                location: SourceLocation) {
        self.keyframes = keyframes
        self.enter = enter
        self.exit = exit
        self.location = location
    }

    /// Whether any keyframe or the entrance or exit changes the opacity.
    public var animatesOpacity: Bool {
        keyframes.contains { $0.opacity != nil } || enter?.kind.fades == true || exit?.kind.fades == true
    }
}

/// One keyframe: the values some properties reach at a time; properties left out keep their previous value.
public struct MotionKeyframe: Sendable, Hashable, Codable {
    /// When the keyframe is, relative to the item it animates.
    public enum Time: Sendable, Hashable, Codable {
        /// The item's first instant.
        case start
        /// The item's end.
        case end
        /// This long after the item's start.
        case afterStart(MediaTime)
        /// This long before the item's end (written as a negative time).
        case beforeEnd(MediaTime)
        /// This fraction of the item's length after its start, exactly (written as a percentage).
        case fraction(MediaTime)
    }

    /// When.
    public var at: Time
    /// Size relative to the picture as fitted (1 = fitted).
    public var scale: Double?
    /// Where the anchor point goes on the canvas, horizontally (pixels or percent of the canvas width).
    public var x: Length?
    /// Where the anchor point goes on the canvas, vertically.
    public var y: Length?
    /// The point of the picture that `x` / `y` place and that scaling and rotation keep still.
    public var anchor: PictureAnchor?
    /// Degrees clockwise.
    public var rotate: Double?
    /// The part of the source shown (source pixels or percent of the source), within the item's own crop.
    public var crop: RegionSpec?
    /// Opacity 0...1.
    public var opacity: Double?
    /// The shape of the segment that ends at this keyframe.
    public var ease: TimingFunction
    /// Where the keyframe is written.
    public var location: SourceLocation

    /// A keyframe at `at` changing nothing yet.
    public init(at: Time, ease: TimingFunction = .linear, location: SourceLocation) {
        self.at = at
        self.ease = ease
        self.location = location
    }
}

/// A point of a picture as fractions of its width and height from its top-left corner (0.5, 0.5 is the centre).
public struct PictureAnchor: Sendable, Hashable, Codable {
    /// 0 left edge ... 1 right edge.
    public var x: Double
    /// 0 top edge ... 1 bottom edge.
    public var y: Double

    /// Creates an anchor from fractions.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The centre.
    public static let center = PictureAnchor(x: 0.5, y: 0.5)

    /// The point a named anchor (`top-left` ... `bottom-right`) stands for.
    public init(_ anchor: TextPlacement.Anchor) {
        self.init(x: Double(anchor.column) / 2, y: Double(anchor.row) / 2)
    }
}

/// How a layer or overlay enters or leaves: a slide, a fade, a pop, a zoom or a wipe over a duration.
public struct Appearance: Sendable, Hashable, Codable {
    /// The movements.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Moves left: enters from beyond the right edge, leaves past the left edge.
        case slideLeft = "slide-left"
        /// Moves right: enters from beyond the left edge, leaves past the right edge.
        case slideRight = "slide-right"
        /// Moves up: enters from below, leaves past the top.
        case slideUp = "slide-up"
        /// Moves down: enters from above, leaves past the bottom.
        case slideDown = "slide-down"
        /// Opacity from 0 (enter) or to 0 (exit).
        case fade
        /// Grows from nothing past its size and settles (enter), or swells and shrinks to nothing (exit), about its
        /// centre.
        case pop
        /// Grows from half its size while fading in (enter), or shrinks to half while fading out (exit).
        case zoom
        /// Uncovered (enter) or covered (exit) by an edge moving left.
        case wipeLeft = "wipe-left"
        /// Uncovered or covered by an edge moving right.
        case wipeRight = "wipe-right"
        /// Uncovered or covered by an edge moving up.
        case wipeUp = "wipe-up"
        /// Uncovered or covered by an edge moving down.
        case wipeDown = "wipe-down"

        /// Whether the movement changes the opacity.
        public var fades: Bool { self == .fade || self == .zoom }
    }

    /// The movement.
    public var kind: Kind
    /// How long it takes.
    public var duration: MediaTime
    /// How its progress follows time.
    public var ease: TimingFunction

    /// Creates an appearance.
    public init(kind: Kind, duration: MediaTime, ease: TimingFunction) {
        self.kind = kind
        self.duration = duration
        self.ease = ease
    }

    /// The ease a movement has when none is given: decelerating in, accelerating out, overshooting for pop.
    public static func defaultEase(_ kind: Kind, entering: Bool) -> TimingFunction {
        if kind == .pop {
            return entering ? .cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)
                : .cubicBezier(x1: 0.36, y1: 0, x2: 0.66, y2: -0.56)
        }
        return entering ? .easeOut : .easeIn
    }
}
