import Foundation

/// Where a layer's sublayers may show: the bounds of the superlayers that mask to their bounds (`masksToBounds`),
/// intersected, with the rounded corners of the one whose bounds they are. Core Animation cuts sublayers there; the
/// export cuts colours and pictures to it exactly, and refuses what it cannot cut (text reaching out of it, a layer
/// that moves within a still one, a cut through rounded corners) instead of drawing it uncut.
struct LayerClip {
    /// The visible rectangle, in render pixels from the top left.
    let rect: CGRect
    /// The radius of its rounded corners in render pixels; 0 for square ones.
    let cornerRadius: CGFloat
    /// Whether it moves with an animation (its layer's or a superlayer's), as the sublayers inside it move.
    let moves: Bool
    /// The masking layer's place in the tree, for messages.
    let path: String

    /// The clip of a layer at `path` masking to `rect` with `cornerRadius`, inside `outer` (nil for none); nil when
    /// it cuts nothing of a `canvas`-sized render. Throws `refusal` when the two cannot be expressed as one rounded
    /// rectangle: each cuts some of the other and one has rounded corners.
    static func masking(_ rect: CGRect, cornerRadius: CGFloat, moves: Bool, path: String, inside outer: LayerClip?,
                        canvas: CGRect, refusal: (String) -> AVError) throws(AVError) -> LayerClip? {
        let own = LayerClip(rect: rect, cornerRadius: cornerRadius, moves: moves, path: path)
        guard let outer else {
            return cornerRadius == 0 && rect.insetBy(dx: -0.5, dy: -0.5).contains(canvas) ? nil : own
        }
        if !outer.cuts(rect) { return own.combined(with: outer) }
        if !own.cuts(outer.rect) { return outer.combined(with: own) }
        guard cornerRadius == 0, outer.cornerRadius == 0 else {
            throw refusal("a layer that masks to its bounds, reaching out of \(outer.path), which masks to its "
                          + "rounded bounds too, is not cut here; keep it inside")
        }
        let both = rect.intersection(outer.rect)
        return LayerClip(rect: both.isNull ? .zero : both, cornerRadius: 0, moves: moves && outer.moves, path: path)
    }

    /// Whether this clip would cut something of `rect`.
    private func cuts(_ rect: CGRect) -> Bool {
        !Self.same(rect.intersection(self.rect), rect) || reachesCorner(rect)
    }

    /// This clip, lying inside `other` (which cuts nothing of it), marked still when either is.
    private func combined(with other: LayerClip) -> LayerClip {
        LayerClip(rect: rect, cornerRadius: cornerRadius, moves: moves && other.moves, path: path)
    }

    /// `patch` as the clip shows it: cut to its rectangle (a picture through its crop), with the clip's corners when
    /// it covers the clip; nil when none of it shows. Throws what cannot be cut here.
    func cut(_ patch: LayerDrawing.Patch, refusal: (String) -> AVError) throws(AVError) -> LayerDrawing.Patch? {
        try checkPlace(of: patch.animations, refusal: refusal)
        let shown = patch.shownRect
        let visible = shown.intersection(rect)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return nil }
        let whole = Self.same(visible, shown)
        guard whole || patch.cornerRadius == 0 else {
            throw refusal("a rounded layer cut by \(path), which masks to its bounds, is not drawn here; keep it inside")
        }
        var result = patch
        if cornerRadius > 0 {
            if Self.same(visible, rect) {
                guard patch.border == nil || patch.cornerRadius == cornerRadius else {
                    throw refusal("a rounded border over the corners of \(path), which masks to its rounded bounds, "
                                  + "is drawn here only with the same cornerRadius")
                }
                result.cornerRadius = max(patch.cornerRadius, cornerRadius)
            } else if reachesCorner(visible) {
                throw refusal("a layer reaching into the rounded corners of \(path), which masks to its bounds, is "
                              + "not cut to them here; fill its bounds or keep out of its corners")
            }
        }
        guard !whole else { return result }
        switch patch.fill {
        case .color:
            result.rect = visible
        case let .image(track, _):
            let size = track.naturalSize
            let across = size.width / patch.rect.width, down = size.height / patch.rect.height
            result.fill = .image(track, crop: CGRect(x: (visible.minX - patch.rect.minX) * across,
                                                     y: (visible.minY - patch.rect.minY) * down,
                                                     width: visible.width * across, height: visible.height * down))
        }
        return result
    }

    /// Whether text set in `rect` and moved by `animations` shows: true when it lies wholly inside the clip, false
    /// when wholly outside; throws when the clip would cut it (text is not cut here) or it moves within a still clip.
    func shows(textIn rect: CGRect, animations: LayerAnimations, refusal: (String) -> AVError) throws(AVError) -> Bool {
        try checkPlace(of: animations, refusal: refusal)
        let visible = rect.intersection(self.rect)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return false }
        guard Self.same(visible, rect), !reachesCorner(rect) else {
            throw refusal("a text layer reaching out of \(path), which masks to its bounds, is not cut here; keep "
                          + "its frame inside")
        }
        return true
    }

    /// Throws unless a layer under `animations` stays put relative to the clip (both still, or moving together).
    private func checkPlace(of animations: LayerAnimations, refusal: (String) -> AVError) throws(AVError) {
        guard animations.placement.isIdentity, !animations.changesPlace || moves else {
            throw refusal("a moving or transformed layer inside \(path), which masks to its bounds, is not cut here; "
                          + "move or transform \(path) instead")
        }
    }

    /// Whether `inner`, a rectangle within the clip, reaches past the arc of one of its rounded corners.
    private func reachesCorner(_ inner: CGRect) -> Bool {
        guard cornerRadius > 0 else { return false }
        let radius = min(cornerRadius, rect.width / 2, rect.height / 2)
        let corners = [(rect.minX, rect.minY, inner.minX, inner.minY), (rect.maxX, rect.minY, inner.maxX, inner.minY),
                       (rect.minX, rect.maxY, inner.minX, inner.maxY), (rect.maxX, rect.maxY, inner.maxX, inner.maxY)]
        return corners.contains { cornerX, cornerY, x, y in
            // The arc's centre lies `radius` in from the corner on both axes; the inner rectangle's nearest corner
            // reaches past it when it is further from the centre than the radius (half a pixel allowed).
            let centreX = cornerX + (cornerX == rect.minX ? radius : -radius)
            let centreY = cornerY + (cornerY == rect.minY ? radius : -radius)
            let outsideX = cornerX == rect.minX ? x < centreX : x > centreX
            let outsideY = cornerY == rect.minY ? y < centreY : y > centreY
            return outsideX && outsideY && hypot(x - centreX, y - centreY) > radius + 0.5
        }
    }

    /// Whether two rectangles are the same to half a pixel.
    private static func same(_ a: CGRect, _ b: CGRect) -> Bool {
        !a.isNull && abs(a.minX - b.minX) < 0.5 && abs(a.minY - b.minY) < 0.5 && abs(a.maxX - b.maxX) < 0.5
            && abs(a.maxY - b.maxY) < 0.5
    }
}
