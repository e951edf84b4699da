import Composition
import MediaCore

extension JobBuilder {
    /// Gives a title with `motion` its layer's ramps. The text is drawn on a layer the size of the frame, so a
    /// keyframe's `x` and `y` (and `anchor`, in percent of the frame) are canvas points; unless the first keyframe
    /// says otherwise, the anchor is the point the title is placed by (the bottom centre of a `bottom` title), so it
    /// scales and turns about itself and `x` / `y` put that point on the canvas. Entrances and exits other than the
    /// typewriter become part of the motion, as for overlays; a typewriter still types.
    func move(_ layer: inout TextLayer, by title: TitleSpec, canvas: Size, frameDuration: MediaTime,
              spec: OutputSpec) throws {
        guard var motion = title.motion, canvas.width > 0, canvas.height > 0 else { return }
        if motion.keyframes.first?.anchor == nil {
            var pinned = MotionKeyframe(at: .start, location: motion.location)
            pinned.anchor = Self.anchorPoint(of: layer, canvas: canvas)
            motion.keyframes.insert(pinned, at: 0)
        }
        for (name, duration, entering) in [(title.animate, title.enterDuration, true), (title.exit, title.exitDuration, false)] {
            guard let kind = Appearance.Kind(rawValue: name) else { continue }
            let appearance = Appearance(kind: kind, duration: duration ?? title.animationDuration,
                                        ease: Appearance.defaultEase(kind, entering: entering))
            if entering { motion.enter = appearance } else { motion.exit = appearance }
        }
        if case .typewriter = layer.animation {} else { layer.animation = .none }
        if case .typewriter = layer.exit {} else { layer.exit = .none }
        let full = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let picture = FittedPicture(sourceSize: canvas, crop: full, transform: .identity, canvas: canvas)
        do {
            let course = try MotionCompiler.course(motion, picture: picture, range: layer.timeRange,
                                                   frameDuration: frameDuration)
            var ramps = LayerInstruction(trackID: 0)
            try course.apply(to: &ramps, within: layer.timeRange)
            layer.motion = ramps
        } catch let error as MotionError {
            throw problem(spec, stage: "load", error.message, at: error.location)
        }
    }

    /// The point a layer's placement puts its text by, as fractions of the canvas: an anchor's point inside the
    /// margins (or inside its rectangle), a region's top edge at the side its lines line up with.
    static func anchorPoint(of layer: TextLayer, canvas: Size) -> PictureAnchor {
        switch layer.placement {
        case let .anchor(anchor, marginX, marginY):
            return PictureAnchor(x: [marginX, 0.5, 1 - marginX][anchor.column], y: [marginY, 0.5, 1 - marginY][anchor.row])
        case let .anchoredIn(anchor, rect):
            return PictureAnchor(x: (rect.x + rect.width * Double(anchor.column) / 2) / canvas.width,
                                 y: (rect.y + rect.height * Double(anchor.row) / 2) / canvas.height)
        case let .region(rect):
            let column: Double = switch layer.style.alignment {
            case .left: 0
            case .center: 0.5
            case .right: 1
            }
            return PictureAnchor(x: (rect.x + rect.width * column) / canvas.width, y: rect.y / canvas.height)
        }
    }
}
