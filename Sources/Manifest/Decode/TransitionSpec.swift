public import Composition
public import MediaCore

/// How one clip gives way to the next: a style, how long the two overlap, and the style's options.
public struct TransitionSpec: Sendable, Hashable, Codable {
    /// The transition styles (docs/manifest.md, "Transitions").
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A hard cut (no overlap).
        case cut
        /// The outgoing clip's opacity falls while the incoming one shows through.
        case crossfade
        /// Down to the background colour and back up.
        case fade
        /// The incoming clip uncovers from the right edge to the left.
        case wipeleft = "wipe-left"
        /// The incoming clip uncovers from the left edge to the right.
        case wiperight = "wipe-right"
        /// The incoming clip uncovers from the bottom edge up.
        case wipeup = "wipe-up"
        /// The incoming clip uncovers from the top edge down.
        case wipedown = "wipe-down"
        /// A diagonal edge moves from the bottom-right corner to the top-left one.
        case wipeupleft = "wipe-up-left"
        /// A diagonal edge moves from the bottom-left corner to the top-right one.
        case wipeupright = "wipe-up-right"
        /// A diagonal edge moves from the top-right corner to the bottom-left one.
        case wipedownleft = "wipe-down-left"
        /// A diagonal edge moves from the top-left corner to the bottom-right one.
        case wipedownright = "wipe-down-right"
        /// The incoming clip slides in from the right over the outgoing one.
        case slideleft = "slide-left"
        /// The incoming clip slides in from the left.
        case slideright = "slide-right"
        /// The incoming clip slides in from below.
        case slideup = "slide-up"
        /// The incoming clip slides in from above.
        case slidedown = "slide-down"
        /// Both clips move left: the incoming one pushes the outgoing one out.
        case pushleft = "push-left"
        /// Both clips move right.
        case pushright = "push-right"
        /// Both clips move up.
        case pushup = "push-up"
        /// Both clips move down.
        case pushdown = "push-down"
        /// The outgoing clip grows to twice its size about the centre while it fades out.
        case zoomin = "zoom-in"
        /// The incoming clip shrinks from twice its size about the centre while it fades in.
        case zoomout = "zoom-out"
        /// The incoming clip shows in a circle growing from the centre.
        case iris
        /// The outgoing clip shrinks into a circle at the centre.
        case irisclose = "iris-close"
        /// A hand sweeping clockwise from twelve o'clock uncovers the incoming clip.
        case clock
        /// Through a colour: the outgoing clip fades into it, then it fades into the incoming one.
        case dip
        /// The clips blur towards the middle while they cross-dissolve.
        case blur
        /// The incoming clip shows first where a grayscale image is darkest.
        case luma

        /// Whether the style draws a shaped matte (and so accepts `softness`).
        public var isMatte: Bool {
            [.wipeupleft, .wipeupright, .wipedownleft, .wipedownright, .iris, .irisclose, .clock, .luma].contains(self)
        }
    }

    /// The style.
    public var kind: Kind
    /// How long the two clips overlap (0 for a cut).
    public var duration: MediaTime
    /// How the transition's progress follows time.
    public var ease: TimingFunction = .linear
    /// For `dip`: the colour passed through, as written (`#rrggbb` or a name).
    public var color: String = "black"
    /// For `luma`: the grayscale picture that shapes the wipe.
    public var image: SourceReference? = nil
    /// For mattes: how soft the edge is, as a fraction of the shape's travel (0...1).
    public var softness: Double = 0
    /// Where the transition is written, for errors found when the clips' lengths are known.
    public var location: SourceLocation? = nil

    /// Creates a transition.
    public init(kind: Kind, duration: MediaTime, ease: TimingFunction = .linear) {
        self.kind = kind
        self.duration = duration
        self.ease = ease
    }
}

extension TransitionSpec {
    private enum CodingKeys: String, CodingKey {
        case kind, duration, ease, color, image, softness
    }

    /// Decodes a transition; options left out take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        duration = try container.decode(MediaTime.self, forKey: .duration)
        ease = try container.decodeIfPresent(TimingFunction.self, forKey: .ease) ?? .linear
        color = try container.decodeIfPresent(String.self, forKey: .color) ?? "black"
        image = try container.decodeIfPresent(SourceReference.self, forKey: .image)
        softness = try container.decodeIfPresent(Double.self, forKey: .softness) ?? 0
    }

    /// Encodes the style and duration, and only the options that matter to the style and differ from the defaults
    /// (the location is not part of what is rendered).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(duration, forKey: .duration)
        if ease != .linear { try container.encode(ease, forKey: .ease) }
        if kind == .dip { try container.encode(color, forKey: .color) }
        try container.encodeIfPresent(image, forKey: .image)
        if softness != 0 { try container.encode(softness, forKey: .softness) }
    }
}
