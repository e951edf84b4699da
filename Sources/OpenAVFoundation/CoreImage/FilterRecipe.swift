import Composition
import Foundation

/// How a filtering handler's picture becomes the composition model's picture filters: each Core Image filter it
/// went through, in order, as a `PictureFilter`.
enum FilterRecipe {
    /// The filters drawn, by name.
    static let names = ["CIBoxBlur", "CIColorControls", "CIColorInvert", "CIGaussianBlur", "CIPhotoEffectMono",
                        "CISepiaTone"]

    /// The filters of `image`, drawn over a `render`-sized picture; throws the problem for what cannot be drawn.
    static func filters(of image: CIImage, render: CGRect) throws(FilterProblem) -> [PictureFilter] {
        var filters: [PictureFilter] = []
        for step in image.steps {
            switch step {
            case .clamp:
                continue
            case let .crop(rect):
                guard rect.insetBy(dx: -0.5, dy: -0.5).contains(render) else {
                    throw FilterProblem("a picture cropped to \(rect) is not drawn here; crop to the source "
                                        + "image's extent \(render)")
                }
            case let .filter(name, parameters):
                filters.append(try filter(name, parameters))
            }
        }
        return filters
    }

    /// The picture filter for the Core Image filter `name` with `parameters`.
    private static func filter(_ name: String, _ parameters: [String: Any]) throws(FilterProblem) -> PictureFilter {
        func input(_ key: String) throws(FilterProblem) -> Double {
            guard let given = parameters[key] else { return defaultValue(key, of: name) }
            guard let value = settingsNumber(given), value.isFinite else {
                throw FilterProblem("\(name)'s \(key) is a number, not \(type(of: given))")
            }
            return value
        }
        switch name {
        case "CIGaussianBlur": return .gaussianBlur(sigma: max(0, try input(kCIInputRadiusKey)))
        case "CIBoxBlur": return .boxBlur(radius: Int(max(0, try input(kCIInputRadiusKey)).rounded()))
        case "CIColorControls":
            return .colorControls(brightness: try input(kCIInputBrightnessKey), contrast: try input(kCIInputContrastKey),
                                  saturation: try input(kCIInputSaturationKey))
        case "CISepiaTone": return .sepia(intensity: try input(kCIInputIntensityKey))
        case "CIColorInvert": return .invert
        case "CIPhotoEffectMono": return .colorControls(brightness: 0, contrast: 1, saturation: 0)
        default:
            throw FilterProblem("CIFilter '\(name)' is not drawn here; the filters drawn are "
                                + names.joined(separator: ", "))
        }
    }

    /// The default of input `key` of the filter `name`, as Core Image sets it.
    static func defaultValue(_ key: String, of name: String) -> Double {
        switch key {
        case kCIInputRadiusKey: 10
        case kCIInputContrastKey, kCIInputSaturationKey, kCIInputIntensityKey: 1
        default: 0
        }
    }
}

/// Why a filtering handler's picture cannot be drawn.
struct FilterProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
