/// A length in pixels or in percent of a reference size (the source for crops, the canvas for overlays).
public enum Length: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Absolute pixels.
    case pixels(Double)
    /// Percent of the reference size.
    case percent(Double)

    /// Reads `120`, `120px` or `12.5%`.
    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        if trimmed.hasSuffix("%"), let value = Double(trimmed.dropLast().trimmingSpaces), value.isFinite {
            self = .percent(value)
        } else if trimmed.hasSuffix("px"), let value = Double(trimmed.dropLast(2).trimmingSpaces), value.isFinite {
            self = .pixels(value)
        } else if let value = Double(trimmed), value.isFinite {
            self = .pixels(value)
        } else {
            return nil
        }
    }

    /// The length in pixels against a reference size.
    public func resolve(against reference: Double) -> Double {
        switch self {
        case .pixels(let value): value
        case .percent(let value): value / 100 * reference
        }
    }

    /// `120px` or `12.5%`.
    public var description: String {
        switch self {
        case .pixels(let value): "\(ValueSyntax.format(value))px"
        case .percent(let value): "\(ValueSyntax.format(value))%"
        }
    }
}

private extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
