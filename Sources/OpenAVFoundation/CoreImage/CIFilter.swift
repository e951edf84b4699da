import Foundation

/// The key of a filter's input picture.
public let kCIInputImageKey = "inputImage"
/// The key of a compositing filter's picture underneath.
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// The key of a filter's output picture.
public let kCIOutputImageKey = "outputImage"
/// The key of a blur's radius.
public let kCIInputRadiusKey = "inputRadius"
/// The key of an effect's strength.
public let kCIInputIntensityKey = "inputIntensity"
/// The key of a colour adjustment's brightness.
public let kCIInputBrightnessKey = "inputBrightness"
/// The key of a colour adjustment's contrast.
public let kCIInputContrastKey = "inputContrast"
/// The key of a colour adjustment's saturation.
public let kCIInputSaturationKey = "inputSaturation"

/// A Core Image filter by name, with its inputs set by key. Any name makes a filter; the ones an export can draw
/// are listed in docs/openavfoundation.md, and another fails the export that uses it, naming it.
open class CIFilter: @unchecked Sendable {
    /// The filter's name (`"CIGaussianBlur"`).
    public let name: String
    /// The inputs set, by key.
    private var inputs: [String: Any] = [:]

    /// The filter named `name`, its inputs at their defaults.
    public init?(name: String) {
        self.name = name
    }

    /// The filter named `name` with `params` set.
    public convenience init?(name: String, parameters params: [String: Any]?) {
        self.init(name: name)
        for (key, value) in params ?? [:] { inputs[key] = value }
    }

    /// Sets the input under `key` (nil clears it).
    open func setValue(_ value: Any?, forKey key: String) { inputs[key] = value }

    /// The input under `key`, or the filtered picture for `kCIOutputImageKey`.
    open func value(forKey key: String) -> Any? { key == kCIOutputImageKey ? outputImage : inputs[key] }

    /// Clears the inputs other than the picture, so the filter's defaults apply.
    open func setDefaults() { inputs = inputs.filter { $0.key == kCIInputImageKey } }

    /// The input picture through the filter; nil without an input picture.
    open var outputImage: CIImage? {
        (inputs[kCIInputImageKey] as? CIImage)?.applyingFilter(name, parameters: inputs)
    }
}

/// A Core Image context: the drawing happens in the export here, so it holds nothing.
public final class CIContext: Sendable {
    /// A context; `options` change nothing here.
    public init(options: [CIContextOption: Any]? = nil) {}
}

/// An option of a Core Image context.
public struct CIContextOption: RawRepresentable, Sendable, Hashable {
    /// The option's name.
    public let rawValue: String
    /// An option of `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The working colour space.
    public static let workingColorSpace = CIContextOption(rawValue: "working_color_space")
    /// Whether to draw on the processor rather than the graphics card.
    public static let useSoftwareRenderer = CIContextOption(rawValue: "software_renderer")
}
