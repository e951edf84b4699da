import Foundation
import MediaCore

/// A transition between two layers of an instruction that opacity, transform and crop ramps cannot express: a shaped
/// matte (a diagonal wipe, an iris, a clock, a luma wipe), a blur, or a dip through a colour. It extends the model
/// the way AVFoundation's custom compositing does: the instruction names the two tracks and the renderer evaluates
/// the effect for each frame (docs/semantics.md, "Transition effects").
///
/// At time `t` the progress is `timingFunction` applied to the exact fraction of `timeRange` elapsed (0 before it,
/// 1 after it). Mattes multiply the incoming layer's alpha, which reveals it over the outgoing one; the incoming
/// layer should be above the outgoing one.
public struct VideoTransitionEffect: Sendable, Hashable, Codable {
    /// What the effect does.
    public enum Kind: Sendable, Hashable, Codable {
        /// A straight soft edge crossing the canvas in the direction `angle` degrees clockwise from "to the right"
        /// (90 moves down); the incoming picture shows behind the edge.
        case wipe(angle: Double)
        /// A circle at the canvas centre: opening shows the incoming picture inside a growing circle; closing
        /// shrinks the outgoing picture into a circle.
        case iris(closing: Bool)
        /// A hand sweeping clockwise from twelve o'clock uncovers the incoming picture.
        case clock
        /// The incoming picture shows first where the grayscale `image` (scaled to the canvas) is darkest.
        case luma(image: URL)
        /// Both pictures blur towards the middle of the transition while they cross-dissolve.
        case blur
        /// The outgoing picture fades into `color`, which then fades into the incoming picture.
        case dip(color: Color)
    }

    /// What the effect does.
    public var kind: Kind
    /// The track that is leaving.
    public var outgoingTrackID: Int32
    /// The track that is arriving.
    public var incomingTrackID: Int32
    /// When the transition runs on the composition's timeline; it may span several instructions.
    public var timeRange: TimeRange
    /// How the progress follows time.
    public var timingFunction: TimingFunction
    /// For mattes, the width of the soft edge as a fraction of the shape's travel (0: a sharp, anti-aliased edge).
    public var softness: Double

    /// Creates an effect.
    public init(kind: Kind, outgoingTrackID: Int32, incomingTrackID: Int32, timeRange: TimeRange,
                timingFunction: TimingFunction = .linear, softness: Double = 0) {
        self.kind = kind
        self.outgoingTrackID = outgoingTrackID
        self.incomingTrackID = incomingTrackID
        self.timeRange = timeRange
        self.timingFunction = timingFunction
        self.softness = softness
    }

    /// The progress at `time`: 0 before the range, 1 at and after its end, eased in between.
    public func progress(at time: MediaTime) -> Double {
        timingFunction.progress(Ramp<Double>.fraction(of: time, in: timeRange))
    }

    /// Whether the effect changes the picture at `time` (inside its range).
    public func isActive(at time: MediaTime) -> Bool { timeRange.contains(time) }
}
