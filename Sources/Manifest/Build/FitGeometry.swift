public import Composition

/// Where a picture lands: crop rectangles in source pixels and transforms onto the canvas, for `fit` modes.
public enum FitGeometry {
    /// The crop rectangle a region spec asks for in a picture of `size` (the whole picture when nil), clamped to it.
    public static func crop(_ region: RegionSpec?, in size: Size) -> Rect {
        guard let region else { return Rect(x: 0, y: 0, width: size.width, height: size.height) }
        let resolved = resolve(region, in: size, aspectOf: size)
        let x = min(max(0, resolved.x), size.width), y = min(max(0, resolved.y), size.height)
        return Rect(x: x, y: y, width: min(resolved.width, size.width - x), height: min(resolved.height, size.height - y))
    }

    /// A region in pixels of `reference`; a missing width or height keeps the aspect of `aspectOf`.
    public static func resolve(_ region: RegionSpec, in reference: Size, aspectOf picture: Size) -> Rect {
        let x = region.x.resolve(against: reference.width), y = region.y.resolve(against: reference.height)
        let aspect = picture.height > 0 ? picture.width / picture.height : 1
        var width = region.width?.resolve(against: reference.width)
        var height = region.height?.resolve(against: reference.height)
        if width == nil, let height { width = height * aspect }
        if height == nil, let width { height = width / aspect }
        return Rect(x: x, y: y, width: width ?? reference.width, height: height ?? reference.height)
    }

    /// The crop and transform that put `crop` of a source into `destination` on the canvas as `fit` says:
    /// contain scales uniformly and centres; cover narrows the crop to the destination's shape, then fills; stretch
    /// fills exactly.
    public static func place(crop: Rect, into destination: Rect, fit: Fit) -> (crop: Rect, transform: AffineTransform2D) {
        var crop = crop
        guard crop.width > 0, crop.height > 0, destination.width > 0, destination.height > 0 else {
            return (crop, .identity)
        }
        var target = destination
        switch fit {
        case .stretch:
            break
        case .contain:
            let scale = min(destination.width / crop.width, destination.height / crop.height)
            let (w, h) = (crop.width * scale, crop.height * scale)
            target = Rect(x: destination.x + (destination.width - w) / 2, y: destination.y + (destination.height - h) / 2,
                          width: w, height: h)
        case .cover:
            let destinationAspect = destination.width / destination.height
            if crop.width / crop.height > destinationAspect {
                let width = crop.height * destinationAspect
                crop = Rect(x: crop.x + (crop.width - width) / 2, y: crop.y, width: width, height: crop.height)
            } else {
                let height = crop.width / destinationAspect
                crop = Rect(x: crop.x, y: crop.y + (crop.height - height) / 2, width: crop.width, height: height)
            }
        }
        let sx = target.width / crop.width, sy = target.height / crop.height
        let transform = AffineTransform2D(a: sx, b: 0, c: 0, d: sy, tx: target.x - crop.x * sx, ty: target.y - crop.y * sy)
        return (crop, transform)
    }
}
