public import Composition

/// A text size as a manifest writes it: `0.06` (a fraction of the frame's height, as the text model keeps it),
/// `6%` (of the frame's shorter side, so one template reads the same in 16x9, 9x16 and 1x1) or `48px` (canvas
/// pixels).
public enum TextSize: Sendable, Hashable, Codable {
    /// A fraction of the frame height.
    case heightFraction(Double)
    /// Percent of the frame's shorter side.
    case shorterSidePercent(Double)
    /// Canvas pixels.
    case pixels(Double)

    /// Reads `0.06`, `6%` or `48px`; nil for anything else.
    init?(_ text: String) {
        guard let length = Length(text) else { return nil }
        let isFraction = !text.contains("%") && !text.contains("px")
        switch length {
        case .percent(let value): self = .shorterSidePercent(value)
        case .pixels(let value): self = isFraction ? .heightFraction(value) : .pixels(value)
        }
    }

    /// The size as a fraction of the height of a `canvas`-sized frame.
    public func heightFraction(on canvas: Size) -> Double {
        switch self {
        case .heightFraction(let value): value
        case .shorterSidePercent(let value):
            canvas.height > 0 ? value / 100 * min(canvas.width, canvas.height) / canvas.height : value / 100
        case .pixels(let value): canvas.height > 0 ? value / canvas.height : 0
        }
    }
}
