import Composition
import Foundation
import MediaCore

/// Which of a transition's two layers must be drawn on top.
enum TransitionLayering {
    /// Either, as the tracks fall (a crossfade ramps whichever is on top).
    case either
    /// The incoming clip over the outgoing one (wipes, slides, pushes, mattes).
    case incomingOnTop
    /// The outgoing clip over the incoming one (zoom-in: the outgoing picture grows away).
    case outgoingOnTop
}

extension JobBuilder {
    /// Changes the courses of the two clips a transition joins over their overlap (docs/manifest.md,
    /// "Transitions"): opacity, crop and transform styles become eased ramps; shaped, blurred and dipped styles are
    /// left to the instruction's effect (`transitionEffect`).
    static func applyTransition(_ transition: TransitionSpec, over overlap: TimeRange, incoming: inout LayerCourse,
                                outgoing: inout LayerCourse, incomingOnTop: Bool) {
        let (start, end) = (overlap.start, overlap.end)
        let ease = transition.ease, grid = incoming.grid
        let canvas = incoming.canvas
        switch transition.kind {
        case .cut, .wipeupleft, .wipeupright, .wipedownleft, .wipedownright, .iris, .irisclose, .clock, .dip, .blur,
             .luma:
            break
        case .crossfade:
            if incomingOnTop {
                incoming.opacity.modify(from: start, to: end, timing: ease, grid: grid) { $0 * $1 }
            } else {
                outgoing.opacity.modify(from: start, to: end, timing: ease, grid: grid) { $0 * (1 - $1) }
            }
        case .fade:
            let middle = start + transition.duration.multiplied(by: 1, dividedBy: 2)
            outgoing.opacity.modify(from: start, to: middle, timing: ease, grid: grid) { $0 * (1 - $1) }
            outgoing.opacity.modify(from: middle, to: end, timing: .linear, grid: grid) { _, _ in 0 }
            incoming.opacity.modify(from: start, to: middle, timing: .linear, grid: grid) { _, _ in 0 }
            incoming.opacity.modify(from: middle, to: end, timing: ease, grid: grid) { $0 * $1 }
        case .wipeleft, .wiperight, .wipeup, .wipedown:
            let kind = Self.appearance(transition.kind)
            incoming.crop.modify(from: start, to: end, timing: ease, grid: grid) { crop, progress in
                MotionCompiler.wiped(crop, kind, entering: true, hidden: 1 - progress)
            }
        case .slideleft, .slideright, .slideup, .slidedown, .pushleft, .pushright, .pushup, .pushdown:
            let shift = Self.shift(transition.kind, canvas: canvas)
            incoming.transform.modify(from: start, to: end, timing: ease, grid: grid) { transform, progress in
                transform.concatenating(.translation(x: shift.x * (1 - progress), y: shift.y * (1 - progress)))
            }
            if [.pushleft, .pushright, .pushup, .pushdown].contains(transition.kind) {
                outgoing.transform.modify(from: start, to: end, timing: ease, grid: grid) { transform, progress in
                    transform.concatenating(.translation(x: -shift.x * progress, y: -shift.y * progress))
                }
            }
        case .zoomin:
            outgoing.transform.modify(from: start, to: end, timing: ease, grid: grid) { transform, progress in
                Self.scaled(transform, by: 1 + progress, about: canvas)
            }
            outgoing.opacity.modify(from: start, to: end, timing: ease, grid: grid) { $0 * (1 - $1) }
        case .zoomout:
            incoming.transform.modify(from: start, to: end, timing: ease, grid: grid) { transform, progress in
                Self.scaled(transform, by: 2 - progress, about: canvas)
            }
            incoming.opacity.modify(from: start, to: end, timing: ease, grid: grid) { $0 * $1 }
        }
    }

    /// Which layer a style needs on top.
    static func layering(_ kind: TransitionSpec.Kind) -> TransitionLayering {
        switch kind {
        case .cut, .crossfade, .fade: .either
        case .zoomin: .outgoingOnTop
        default: .incomingOnTop
        }
    }

    /// The instruction effect of a shaped, blurred or dipped style; nil for styles made of ramps.
    static func effect(_ transition: TransitionSpec, over overlap: TimeRange, outgoing: Int32, incoming: Int32,
                       lumaImage: URL?) -> VideoTransitionEffect? {
        let kind: VideoTransitionEffect.Kind
        switch transition.kind {
        case .wipeupleft: kind = .wipe(angle: 225)
        case .wipeupright: kind = .wipe(angle: 315)
        case .wipedownleft: kind = .wipe(angle: 135)
        case .wipedownright: kind = .wipe(angle: 45)
        case .iris: kind = .iris(closing: false)
        case .irisclose: kind = .iris(closing: true)
        case .clock: kind = .clock
        case .blur: kind = .blur
        case .dip:
            let color = Color(parsing: transition.color) ?? .black
            kind = .dip(color: Color(red: color.red, green: color.green, blue: color.blue))
        case .luma:
            guard let lumaImage else { return nil }
            kind = .luma(image: lumaImage)
        default:
            return nil
        }
        return VideoTransitionEffect(kind: kind, outgoingTrackID: outgoing, incomingTrackID: incoming,
                                     timeRange: overlap, timingFunction: transition.ease, softness: transition.softness)
    }

    /// The entrance whose crop the wipe styles share.
    private static func appearance(_ kind: TransitionSpec.Kind) -> Appearance.Kind {
        switch kind {
        case .wipeleft: .wipeLeft
        case .wipeup: .wipeUp
        case .wipedown: .wipeDown
        default: .wipeRight
        }
    }

    /// Where a slide or push starts the incoming clip: one canvas width or height away, on the side it comes from.
    private static func shift(_ kind: TransitionSpec.Kind, canvas: Size) -> (x: Double, y: Double) {
        switch kind {
        case .slideleft, .pushleft: (canvas.width, 0)
        case .slideright, .pushright: (-canvas.width, 0)
        case .slideup, .pushup: (0, canvas.height)
        default: (0, -canvas.height)
        }
    }

    /// `transform` followed by a scale of `factor` about the canvas centre.
    private static func scaled(_ transform: AffineTransform2D, by factor: Double, about canvas: Size) -> AffineTransform2D {
        let (cx, cy) = (canvas.width / 2, canvas.height / 2)
        return transform.concatenating(.translation(x: -cx, y: -cy)).concatenating(.scale(x: factor, y: factor))
            .concatenating(.translation(x: cx, y: cy))
    }
}
