import Foundation

/// Readers for the manifest's small value syntaxes: bit rates, gains, sizes.
public enum ValueSyntax {
    /// Reads a bit rate: `192k`, `10M`, `2.5M`, `800000` (bits per second).
    public static func bitRate(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces
        guard let last = trimmed.last else { return nil }
        let multiplier: Double
        var number = Substring(trimmed)
        switch last {
        case "k", "K": multiplier = 1_000; number = number.dropLast()
        case "m", "M": multiplier = 1_000_000; number = number.dropLast()
        case "g", "G": multiplier = 1_000_000_000; number = number.dropLast()
        default: multiplier = 1
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        return Int((value * multiplier).rounded())
    }

    /// Reads a gain as a linear factor: `-14dB` (decibels of amplitude) or a plain factor `0.5`.
    public static func gain(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        if trimmed.lowercased().hasSuffix("db") {
            guard let decibels = Double(trimmed.dropLast(2)), decibels.isFinite else { return nil }
            return decibelsToFactor(decibels)
        }
        guard let factor = Double(trimmed), factor.isFinite, factor >= 0 else { return nil }
        return factor
    }

    /// `10^(dB/20)`.
    public static func decibelsToFactor(_ decibels: Double) -> Double {
        pow(10, decibels / 20)
    }

    /// A number without a trailing `.0`: `12`, `12.5`.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
    }
}
