import Composition
import MediaCore
import TextLayout

/// How one text layer shows at one instant: the pose it is drawn in (scale, turn, typed characters, highlighted
/// word, motion crop), where its anchor lands on the frame, its opacity and a clip in frame pixels.
///
/// A layer has up to three phases: the entrance from its start, the hold, and the exit ending at its end (both
/// shortened in proportion when together they are longer than the layer). Slides move the anchor a whole frame
/// away; pops and zooms scale about it; wipes clip; typewriters reveal grapheme clusters in logical order; motion
/// applies the layer's transform, opacity and crop ramps.
struct TextFrameState {
    var pose: TextPose
    var x: Double, y: Double
    var opacity: Double
    var clip: Rect?

    /// The state of `placed` at `time` on a `frame`-sized output, `revealable` its typewriter steps.
    init(_ placed: PlacedBlock, at time: MediaTime, frame: PlacedBlock.Geometry, revealable: Int) {
        let layer = placed.layer
        pose = TextPose(column: placed.column, row: placed.row)
        (x, y, opacity, clip) = (placed.x, placed.y, 1, placed.clip)
        if let karaoke = layer.karaoke, let word = karaoke.word(at: time) {
            pose.highlighted = word.characters
            pose.highlightColor = PlacedBlock.rgba(karaoke.color)
        }
        let range = layer.timeRange
        let start = range.start.seconds, end = range.end.isNumeric ? range.end.seconds : .infinity
        let (entering, leaving) = Self.phaseLengths(layer.animation.duration.seconds, layer.exit.duration.seconds,
                                                    total: end - start)
        let now = time.seconds
        var phase: (TextAnimation, progress: Double, leaving: Bool)?
        if entering > 0, now < start + entering {
            phase = (layer.animation, (now - start) / entering, false)
        } else if leaving > 0, now >= end - leaving {
            phase = (layer.exit, (now - (end - leaving)) / leaving, true)
        }
        if let motion = layer.motion {
            move(by: motion, at: time, placed: placed, frame: frame)
            if let phase, case .typewriter = phase.0 { type(phase.progress, leaving: phase.leaving, count: revealable) }
        } else if let phase {
            animate(phase.0, progress: min(1, max(0, phase.progress)), leaving: phase.leaving, placed: placed,
                    frame: frame, revealable: revealable)
        }
    }

    /// The entrance's and the exit's lengths, shortened in proportion when together longer than `total`.
    static func phaseLengths(_ entering: Double, _ leaving: Double, total: Double) -> (Double, Double) {
        let (entering, leaving) = (max(0, entering), max(0, leaving))
        guard entering + leaving > total, total.isFinite else { return (entering, leaving) }
        let shortened = total * entering / (entering + leaving)
        return (shortened, total - shortened)
    }

    /// One animated phase at `progress` (0...1).
    private mutating func animate(_ animation: TextAnimation, progress p: Double, leaving: Bool, placed: PlacedBlock,
                                  frame: PlacedBlock.Geometry, revealable: Int) {
        switch animation {
        case .none:
            break
        case .fade:
            opacity = leaving ? 1 - p : p
        case let .slide(edge, _):
            let away = leaving ? p : 1 - p
            switch edge {
            case .left: x -= frame.width * away
            case .right: x += frame.width * away
            case .top: y -= frame.height * away
            case .bottom: y += frame.height * away
            }
        case .pop:
            // In: from nothing past full size (60 % of the time), then back to it. Out: the same, backwards.
            let q = leaving ? 1 - p : p
            scale(q < 0.6 ? 0.01 + 1.14 * q / 0.6 : 1.15 - 0.15 * (q - 0.6) / 0.4)
        case .typewriter:
            type(p, leaving: leaving, count: revealable)
        case .zoom:
            let q = leaving ? 1 - p : p
            (opacity, pose.a, pose.d) = (q, 0.5 + 0.5 * q, 0.5 + 0.5 * q)
        case let .wipe(edge, _):
            wipe(toward: edge, shown: leaving ? 1 - p : p, leaving: leaving, placed: placed, frame: frame)
        }
    }

    /// Scales the text by `factor` about its anchor.
    private mutating func scale(_ factor: Double) {
        (pose.a, pose.d) = (factor, factor)
    }

    /// Reveals the typed part: one more grapheme cluster per `1 / count` of the phase (or one fewer, leaving).
    private mutating func type(_ progress: Double, leaving: Bool, count: Int) {
        guard count > 0 else { return }
        // A step starting exactly at a frame time shows on it, whatever the rounding of the seconds before.
        let step = min(count - 1, max(0, Int((progress * Double(count) + 1e-9).rounded(.down))))
        pose.revealed = leaving ? count - step : step + 1
    }

    /// The part of the frame (or the region) an edge moving toward `edge` has uncovered (entering) or not yet
    /// covered (leaving): `shown` of it.
    private mutating func wipe(toward edge: TextAnimation.Edge, shown: Double, leaving: Bool, placed: PlacedBlock,
                               frame: PlacedBlock.Geometry) {
        let whole = placed.clip ?? Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let (w, h) = (whole.width * shown, whole.height * shown)
        // Entering toward the right grows from the left side; leaving toward the right shrinks toward it.
        let fromStart = (edge == .right || edge == .bottom) != leaving
        switch edge {
        case .left, .right:
            clip = Rect(x: fromStart ? whole.x : whole.x + whole.width - w, y: whole.y, width: w, height: whole.height)
        case .top, .bottom:
            clip = Rect(x: whole.x, y: fromStart ? whole.y : whole.y + whole.height - h, width: whole.width, height: h)
        }
    }
}
