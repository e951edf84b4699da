/// A change of a picture's brightness, contrast and colourfulness, as Core Image's `CIColorControls` makes it:
/// `brightness` is added to every colour component, `contrast` scales them about the middle grey, and `saturation`
/// scales their distance from the picture's own grey (its luma), 0 leaving grey. On Y'CbCr pictures that is luma
/// `(y - 0.5) * contrast + 0.5 + brightness` and chroma `c * contrast * saturation` (components from 0 to 1 between
/// the format's black and white, chroma from -0.5 to 0.5), each held to its nominal range; docs/semantics.md.
public struct ColorControls: Sendable, Hashable, Codable {
    /// Added to every component, -1 to 1 (0: unchanged).
    public var brightness: Double
    /// How far components are pushed from (above 1) or pulled to (below 1) the middle grey, 0 or more (1: unchanged).
    public var contrast: Double
    /// How colourful the picture is, 0 (grey) or more (1: unchanged).
    public var saturation: Double

    /// Controls adding `brightness`, scaling contrast by `contrast` and colourfulness by `saturation`.
    public init(brightness: Double = 0, contrast: Double = 1, saturation: Double = 1) {
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
    }

    /// Whether these controls leave every picture as it is.
    public var isIdentity: Bool { brightness == 0 && contrast == 1 && saturation == 1 }

    /// The first value that is not a finite number in its range, by name; nil when all are.
    public var invalidValue: (name: String, value: Double, range: ClosedRange<Double>)? {
        let checks: [(String, Double, ClosedRange<Double>)] = [
            ("brightness", brightness, -1...1), ("contrast", contrast, 0...1000), ("saturation", saturation, 0...1000),
        ]
        return checks.first { !$0.1.isFinite || !$0.2.contains($0.1) }
    }
}
