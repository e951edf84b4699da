import MediaCore

extension JobBuilder {
    /// The transition styles an HDR output does not draw yet: those drawn through a blur or a colour, and those
    /// that move a picture (a moving picture is resampled through its transform).
    static let transitionsNotDrawnInHDR: Set<TransitionSpec.Kind> = [
        .dip, .blur, .slideleft, .slideright, .slideup, .slidedown, .pushleft, .pushright, .pushup, .pushdown,
        .zoomin, .zoomout,
    ]

    /// Records, at its manifest line, each part of an HDR output the HDR renderer does not draw yet: blurred,
    /// dipped and moving transitions, and motion that scales, moves or turns a picture (titles, captions, crops,
    /// crossfades, fades, straight and shaped wipes, iris, clock and luma transitions are drawn). Without this check the render would fail after `validate` accepted the manifest.
    func checkHDRDrawing(_ spec: OutputSpec) {
        guard spec.settings.video?.isHDR == true else { return }
        let clips = [spec.intro].compactMap { $0 } + spec.clips + [spec.outro].compactMap { $0 }
        if let transition = spec.transition, Self.transitionsNotDrawnInHDR.contains(transition.kind) {
            record(hdrProblem(spec, transition: transition.kind, at: spec.location))
        }
        for clip in clips {
            if let transition = clip.transition, Self.transitionsNotDrawnInHDR.contains(transition.kind) {
                record(hdrProblem(spec, transition: transition.kind, at: clip.location))
            }
            if let motion = clip.motion, Self.movesThePicture(motion) {
                record(problem(spec, stage: "load", "'motion' that zooms, moves or turns a picture is not drawn on HDR "
                               + "outputs yet; keep this clip still (crops and pans of the crop are drawn) or render "
                               + "it with an SDR preset", at: motion.location))
            }
        }
        for overlay in spec.overlays {
            if let motion = overlay.motion, Self.movesThePicture(motion) {
                record(problem(spec, stage: "load", "'motion' that zooms, moves or turns a picture is not drawn on HDR "
                               + "outputs yet; keep this overlay still or render it with an SDR preset",
                               at: motion.location))
            }
        }
    }

    /// The problem of `kind` on an HDR output.
    private func hdrProblem(_ spec: OutputSpec, transition kind: TransitionSpec.Kind,
                            at location: SourceLocation) -> JobProblem {
        problem(spec, stage: "load", "transition '\(kind.rawValue)' is not drawn on HDR outputs yet; use crossfade, "
                + "fade, a wipe, iris, clock or luma, or render this output with an SDR preset",
                at: location)
    }

    /// Whether `motion` scales, moves or turns the picture over time: keyframes giving more than one placement
    /// (before the first one, the picture sits where it is fitted), a turn, or an entrance or exit that moves it.
    static func movesThePicture(_ motion: Motion) -> Bool {
        var placements = Set(motion.keyframes.filter { $0.scale != nil || $0.x != nil || $0.y != nil }
            .map { "\($0.scale.map { "\($0)" } ?? "-") \($0.x.map { "\($0)" } ?? "-") \($0.y.map { "\($0)" } ?? "-")" })
        if !placements.isEmpty, motion.keyframes.first?.at != .start { placements.insert("fitted") }
        let turns = motion.keyframes.contains { ($0.rotate ?? 0) != 0 }
        let appears = [motion.enter, motion.exit].contains { appearance in
            appearance.map { ![.fade, .wipeLeft, .wipeRight, .wipeUp, .wipeDown].contains($0.kind) } ?? false
        }
        return turns || placements.count > 1 || appears
    }
}
