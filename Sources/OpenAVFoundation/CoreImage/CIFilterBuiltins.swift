import Foundation

/// A filter with typed inputs, as `CIFilter.gaussianBlur()` and its companions return.
public protocol CIFilterProtocol: AnyObject {
    /// The input picture through the filter; nil without one.
    var outputImage: CIImage? { get }
}

/// A Gaussian blur.
public protocol CIGaussianBlur: CIFilterProtocol {
    /// The picture blurred.
    var inputImage: CIImage? { get set }
    /// The standard deviation, in pixels (10 by default).
    var radius: Float { get set }
}

/// A box blur.
public protocol CIBoxBlur: CIFilterProtocol {
    /// The picture blurred.
    var inputImage: CIImage? { get set }
    /// How far each pixel averages, in pixels (10 by default).
    var radius: Float { get set }
}

/// Brightness, contrast and saturation.
public protocol CIColorControls: CIFilterProtocol {
    /// The picture adjusted.
    var inputImage: CIImage? { get set }
    /// Added to every colour (0 by default).
    var brightness: Float { get set }
    /// The contrast (1 by default).
    var contrast: Float { get set }
    /// The colourfulness (1 by default, 0 grey).
    var saturation: Float { get set }
}

/// A sepia tint.
public protocol CISepiaTone: CIFilterProtocol {
    /// The picture tinted.
    var inputImage: CIImage? { get set }
    /// How strongly (1 by default).
    var intensity: Float { get set }
}

/// Colours replaced by their opposites.
public protocol CIColorInvert: CIFilterProtocol {
    /// The picture inverted.
    var inputImage: CIImage? { get set }
}

/// A photo effect without inputs other than the picture (`photoEffectMono()`).
public protocol CIPhotoEffect: CIFilterProtocol {
    /// The picture changed.
    var inputImage: CIImage? { get set }
}

/// One picture drawn over another (`sourceOverCompositing()`).
public protocol CICompositeOperation: CIFilterProtocol {
    /// The picture on top.
    var inputImage: CIImage? { get set }
    /// The picture underneath.
    var backgroundImage: CIImage? { get set }
}

/// Each output channel a weighted sum of the input's red, green, blue and alpha, plus a bias.
public protocol CIColorMatrix: CIFilterProtocol {
    /// The picture changed.
    var inputImage: CIImage? { get set }
    /// The weights of red (1, 0, 0, 0 by default).
    var rVector: CIVector { get set }
    /// The weights of green (0, 1, 0, 0 by default).
    var gVector: CIVector { get set }
    /// The weights of blue (0, 0, 1, 0 by default).
    var bVector: CIVector { get set }
    /// The weights of alpha (0, 0, 0, 1 by default).
    var aVector: CIVector { get set }
    /// Added to each channel (all 0 by default).
    var biasVector: CIVector { get set }
}

extension CIFilter {
    /// A Gaussian blur (`CIGaussianBlur`).
    public static func gaussianBlur() -> CIFilter & CIGaussianBlur { TypedFilter(name: "CIGaussianBlur")! }
    /// A box blur (`CIBoxBlur`).
    public static func boxBlur() -> CIFilter & CIBoxBlur { TypedFilter(name: "CIBoxBlur")! }
    /// Brightness, contrast and saturation (`CIColorControls`).
    public static func colorControls() -> CIFilter & CIColorControls { TypedFilter(name: "CIColorControls")! }
    /// A sepia tint (`CISepiaTone`).
    public static func sepiaTone() -> CIFilter & CISepiaTone { TypedFilter(name: "CISepiaTone")! }
    /// Colours inverted (`CIColorInvert`).
    public static func colorInvert() -> CIFilter & CIColorInvert { TypedFilter(name: "CIColorInvert")! }
    /// Black and white (`CIPhotoEffectMono`).
    public static func photoEffectMono() -> CIFilter & CIPhotoEffect { TypedFilter(name: "CIPhotoEffectMono")! }
    /// One picture over another (`CISourceOverCompositing`).
    public static func sourceOverCompositing() -> CIFilter & CICompositeOperation {
        TypedFilter(name: "CISourceOverCompositing")!
    }
    /// Channels remixed (`CIColorMatrix`).
    public static func colorMatrix() -> CIFilter & CIColorMatrix { TypedFilter(name: "CIColorMatrix")! }
}

/// The filters of `CIFilter`'s typed factories: each typed input is the named input under its key, so both ways of
/// setting it agree.
final class TypedFilter: CIFilter, CIGaussianBlur, CIBoxBlur, CIColorControls, CISepiaTone, CIColorInvert,
    CIPhotoEffect, CICompositeOperation, CIColorMatrix, @unchecked Sendable {
    var inputImage: CIImage? {
        get { value(forKey: kCIInputImageKey) as? CIImage }
        set { setValue(newValue, forKey: kCIInputImageKey) }
    }
    var backgroundImage: CIImage? {
        get { value(forKey: kCIInputBackgroundImageKey) as? CIImage }
        set { setValue(newValue, forKey: kCIInputBackgroundImageKey) }
    }
    var rVector: CIVector {
        get { vector("inputRVector") }
        set { setValue(newValue, forKey: "inputRVector") }
    }
    var gVector: CIVector {
        get { vector("inputGVector") }
        set { setValue(newValue, forKey: "inputGVector") }
    }
    var bVector: CIVector {
        get { vector("inputBVector") }
        set { setValue(newValue, forKey: "inputBVector") }
    }
    var aVector: CIVector {
        get { vector("inputAVector") }
        set { setValue(newValue, forKey: "inputAVector") }
    }
    var biasVector: CIVector {
        get { vector("inputBiasVector") }
        set { setValue(newValue, forKey: "inputBiasVector") }
    }
    var radius: Float {
        get { number(kCIInputRadiusKey) }
        set { setValue(newValue, forKey: kCIInputRadiusKey) }
    }
    var brightness: Float {
        get { number(kCIInputBrightnessKey) }
        set { setValue(newValue, forKey: kCIInputBrightnessKey) }
    }
    var contrast: Float {
        get { number(kCIInputContrastKey) }
        set { setValue(newValue, forKey: kCIInputContrastKey) }
    }
    var saturation: Float {
        get { number(kCIInputSaturationKey) }
        set { setValue(newValue, forKey: kCIInputSaturationKey) }
    }
    var intensity: Float {
        get { number(kCIInputIntensityKey) }
        set { setValue(newValue, forKey: kCIInputIntensityKey) }
    }

    /// The vector under `key`, or the colour matrix's default for it.
    private func vector(_ key: String) -> CIVector {
        value(forKey: key) as? CIVector ?? CIVector.colorMatrixDefault(key)
    }

    /// The input under `key`, or the filter's default for it.
    private func number(_ key: String) -> Float {
        value(forKey: key).flatMap(settingsNumber).map(Float.init) ?? Float(FilterRecipe.defaultValue(key, of: name))
    }
}
