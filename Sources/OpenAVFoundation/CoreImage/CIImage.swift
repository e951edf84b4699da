import Foundation

/// A picture as Core Image describes one: a video composition's frame (a filtering request's `sourceImage`), a
/// picture read from an image file or a colour, with the steps applied to it since, recorded to be drawn by the
/// export.
public final class CIImage: @unchecked Sendable {
    /// What the steps start from.
    enum Base {
        /// The frame being filtered.
        case frame
        /// A picture (`CIImage(cgImage:)`, `CIImage(contentsOf:)`).
        case picture(CGImage)
        /// A colour without end (`CIImage(color:)`).
        case color(CIColor)
    }

    /// What was done to the picture, in order.
    enum Step {
        /// A filter by name with its parameters (the input image left out).
        case filter(name: String, parameters: [String: Any])
        /// The edges repeated for ever (`clampedToExtent()`).
        case clamp
        /// Cut to a rectangle (`cropped(to:)`).
        case crop(CGRect)
        /// Moved, scaled or turned (`transformed(by:)`).
        case transform(CGAffineTransform)
        /// Another picture drawn over this one (`composited(over:)`, seen from the picture underneath).
        case under(CIImage)
    }

    /// What the steps start from.
    let base: Base
    /// The steps since the base.
    let steps: [Step]
    /// The rectangle the picture covers: the render's for a frame, the pixels' for a picture, infinite once
    /// clamped.
    public let extent: CGRect

    init(base: Base = .frame, extent: CGRect, steps: [Step] = []) {
        self.base = base
        self.extent = extent
        self.steps = steps
    }

    /// The picture `image`, its bottom-left corner at the origin.
    public convenience init(cgImage image: CGImage) {
        self.init(base: .picture(image), extent: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }

    /// `color` without end: crop it to a rectangle before compositing it.
    public convenience init(color: CIColor) {
        self.init(base: .color(color), extent: .infinite)
    }

    /// Opaque black without end.
    public class var black: CIImage { CIImage(color: .black) }
    /// Opaque white without end.
    public class var white: CIImage { CIImage(color: .white) }
    /// Opaque mid grey without end.
    public class var gray: CIImage { CIImage(color: .gray) }
    /// Opaque red without end.
    public class var red: CIImage { CIImage(color: .red) }
    /// Opaque green without end.
    public class var green: CIImage { CIImage(color: .green) }
    /// Opaque blue without end.
    public class var blue: CIImage { CIImage(color: .blue) }
    /// Opaque cyan without end.
    public class var cyan: CIImage { CIImage(color: .cyan) }
    /// Opaque magenta without end.
    public class var magenta: CIImage { CIImage(color: .magenta) }
    /// Opaque yellow without end.
    public class var yellow: CIImage { CIImage(color: .yellow) }
    /// Transparent black without end.
    public class var clear: CIImage { CIImage(color: .clear) }

    /// The picture in the image file at `url`; nil when it cannot be read.
    public convenience init?(contentsOf url: URL) {
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil),
              let image = CGImageSourceCreateImageAtIndex(source, 0, nil) else { return nil }
        self.init(cgImage: image)
    }

    /// This image followed by `step`, covering `extent`.
    private func adding(_ step: Step, extent: CGRect? = nil) -> CIImage {
        CIImage(base: base, extent: extent ?? self.extent, steps: steps + [step])
    }

    /// The picture with its edge pixels repeated without end, as blurs want before cropping back.
    public func clampedToExtent() -> CIImage { adding(.clamp, extent: .infinite) }

    /// The part of the picture within `rect`.
    public func cropped(to rect: CGRect) -> CIImage { adding(.crop(rect), extent: extent.intersection(rect)) }

    /// The picture moved, scaled or turned by `matrix` (Core Image's coordinates: y grows upwards).
    public func transformed(by matrix: CGAffineTransform) -> CIImage {
        adding(.transform(matrix), extent: extent.isInfinite ? extent : extent.applying(matrix))
    }

    /// This picture drawn over `dest` (source-over: where this one is transparent, `dest` shows).
    public func composited(over dest: CIImage) -> CIImage {
        let covered = extent.isInfinite || dest.extent.isInfinite ? CGRect.infinite : dest.extent.union(extent)
        return CIImage(base: dest.base, extent: covered, steps: dest.steps + [.under(self)])
    }

    /// The picture through the filter named `filterName` with `params` (its input image is this one).
    public func applyingFilter(_ filterName: String, parameters params: [String: Any]) -> CIImage {
        if filterName == "CISourceOverCompositing", let background = params[kCIInputBackgroundImageKey] as? CIImage {
            return composited(over: background)
        }
        return adding(.filter(name: filterName, parameters: params.filter { $0.key != kCIInputImageKey }))
    }

    /// The picture through the filter named `filterName` at its default parameters.
    public func applyingFilter(_ filterName: String) -> CIImage { applyingFilter(filterName, parameters: [:]) }

    /// The picture blurred by a Gaussian of standard deviation `sigma`.
    public func applyingGaussianBlur(sigma: Double) -> CIImage {
        applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma])
    }
}
