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
        guard case .frame = image.base else {
            throw FilterProblem("the handler finished with a picture that does not start from the request's "
                                + "sourceImage; composite it over the source image")
        }
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
            case let .transform(matrix):
                throw FilterProblem("a source image transformed by \(matrix) is not drawn here; move pictures "
                                    + "composited over it instead")
            case let .under(top):
                filters.append(.overlay(try overlay(top, render: render)))
            case let .filter(name, parameters):
                filters.append(try filter(name, parameters))
            }
        }
        return filters
    }

    /// `image`, a picture from a file or a colour, moved, scaled, cut (a colour only) and faded, as an overlay of a
    /// `render`-sized frame.
    private static func overlay(_ image: CIImage, render: CGRect) throws(FilterProblem) -> PictureOverlay {
        var (content, rect) = try content(of: image)
        var opacity = 1.0
        let isColor = if case .color = content { true } else { false }
        for step in image.steps {
            switch step {
            case let .transform(matrix):
                guard matrix.b == 0, matrix.c == 0, matrix.a > 0, matrix.d > 0 else {
                    throw FilterProblem("a picture transformed by \(matrix) is not drawn here; only moves and "
                                        + "scales are")
                }
                rect = rect.isInfinite ? rect : rect.applying(matrix)
            case let .crop(crop) where isColor:
                rect = rect.intersection(crop)
            case let .crop(crop):
                guard crop.insetBy(dx: -0.5, dy: -0.5).contains(rect) else {
                    throw FilterProblem("a composited picture cropped to \(crop) is not drawn here; it covers \(rect)")
                }
            case let .filter(name, parameters):
                opacity *= try fading(name, parameters)
            case .clamp, .under:
                throw FilterProblem("a composited picture clamped or composited over is not drawn here; move, "
                                    + "scale and fade it only")
            }
        }
        // A colour fills what it covers of the frame; nothing when it covers none of it.
        if isColor { rect = rect.intersection(render) }
        if rect.isNull { rect = .zero }
        // Core Image counts y upwards from the bottom; the overlay's frame counts it down from the top.
        return PictureOverlay(content, frame: Rect(x: rect.minX, y: render.height - rect.maxY, width: rect.width,
                                                   height: rect.height),
                              opacity: opacity)
    }

    /// What `image` draws over the frame, and the rectangle it starts from (a colour's is infinite).
    private static func content(of image: CIImage) throws(FilterProblem) -> (PictureOverlay.Content, CGRect) {
        switch image.base {
        case .frame:
            throw FilterProblem("the source image composited over another picture is not drawn here; composite "
                                + "pictures over the source image")
        case let .picture(picture):
            guard let file = picture.file else {
                throw FilterProblem("a picture made in memory is not drawn here; read it from a file with "
                                    + "CIImage(contentsOf:) or CGImageSource")
            }
            return (.file(file.path), CGRect(x: 0, y: 0, width: picture.width, height: picture.height))
        case let .color(color):
            return (.color(Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)), .infinite)
        }
    }

    /// How much the colour matrix `name` with `parameters` fades a composited picture: it must change alpha only,
    /// scaling it.
    private static func fading(_ name: String, _ parameters: [String: Any]) throws(FilterProblem) -> Double {
        let keys = ["inputRVector", "inputGVector", "inputBVector", "inputAVector", "inputBiasVector"]
        let rows = keys.map { key in
            ((parameters[key] as? CIVector) ?? CIVector.colorMatrixDefault(key)).four.map(Double.init)
        }
        let alpha = rows[3][3]
        guard name == "CIColorMatrix", rows == [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, alpha], [0, 0, 0, 0]]
        else {
            throw FilterProblem("a composited picture through \(name) is not drawn here; only CIColorMatrix "
                                + "scaling its alpha (inputAVector) is")
        }
        return min(1, max(0, alpha))
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
