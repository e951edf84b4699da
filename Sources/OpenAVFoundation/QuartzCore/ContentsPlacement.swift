import Foundation

/// Where a layer's picture goes in its bounds under a contents gravity: a rectangle of the render, in pixels from
/// the top left, that may overflow the bounds (`resizeAspectFill`, or `center` with a larger picture).
struct ContentsPlacement: Equatable {
    /// Where the whole picture is drawn.
    let rect: CGRect
    /// The picture's own size in pixels.
    let picture: CGSize

    /// The placement of a `picture`-sized picture in `bounds` by `gravity`; nil for a gravity not drawn here (the
    /// edge and corner gravities, whose sides depend on the layer's flipping).
    init?(gravity: CALayerContentsGravity, picture: CGSize, bounds: CGRect) {
        let size: CGSize
        switch gravity {
        case .resize: size = bounds.size
        case .resizeAspect, .resizeAspectFill:
            let across = bounds.width / picture.width, down = bounds.height / picture.height
            let scale = gravity == .resizeAspect ? min(across, down) : max(across, down)
            size = CGSize(width: picture.width * scale, height: picture.height * scale)
        case .center: size = picture
        default: return nil
        }
        rect = CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
                      height: size.height)
        self.picture = picture
    }

    /// The part of the picture, in its own pixels, that lies within `bounds`: the whole picture when it all does
    /// (to a millionth of a pixel), nil when none of it does.
    func crop(to bounds: CGRect) -> CGRect? {
        let visible = rect.intersection(bounds)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return nil }
        if bounds.insetBy(dx: -1e-6, dy: -1e-6).contains(rect) { return CGRect(origin: .zero, size: picture) }
        let across = picture.width / rect.width, down = picture.height / rect.height
        return CGRect(x: (visible.minX - rect.minX) * across, y: (visible.minY - rect.minY) * down,
                      width: visible.width * across, height: visible.height * down)
    }
}
