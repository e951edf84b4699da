import Foundation

/// A picture as Core Image describes one: here always a video composition's frame (a filtering request's
/// `sourceImage`) with the steps applied to it since, recorded to be drawn by the export.
public final class CIImage: @unchecked Sendable {
    /// What was done to the frame, in order.
    enum Step {
        /// A filter by name with its parameters (the input image left out).
        case filter(name: String, parameters: [String: Any])
        /// The edges repeated for ever (`clampedToExtent()`).
        case clamp
        /// Cut to a rectangle (`cropped(to:)`).
        case crop(CGRect)
    }

    /// The steps since the frame.
    let steps: [Step]
    /// The rectangle the picture covers: the render's for a frame, infinite once clamped.
    public let extent: CGRect

    init(extent: CGRect, steps: [Step] = []) {
        self.extent = extent
        self.steps = steps
    }

    /// This image followed by `step`, covering `extent`.
    private func adding(_ step: Step, extent: CGRect? = nil) -> CIImage {
        CIImage(extent: extent ?? self.extent, steps: steps + [step])
    }

    /// The picture with its edge pixels repeated without end, as blurs want before cropping back.
    public func clampedToExtent() -> CIImage { adding(.clamp, extent: .infinite) }

    /// The part of the picture within `rect`.
    public func cropped(to rect: CGRect) -> CIImage { adding(.crop(rect), extent: extent.intersection(rect)) }

    /// The picture through the filter named `filterName` with `params` (its input image is this one).
    public func applyingFilter(_ filterName: String, parameters params: [String: Any]) -> CIImage {
        adding(.filter(name: filterName, parameters: params.filter { $0.key != kCIInputImageKey }))
    }

    /// The picture through the filter named `filterName` at its default parameters.
    public func applyingFilter(_ filterName: String) -> CIImage { applyingFilter(filterName, parameters: [:]) }

    /// The picture blurred by a Gaussian of standard deviation `sigma`.
    public func applyingGaussianBlur(sigma: Double) -> CIImage {
        applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma])
    }
}
