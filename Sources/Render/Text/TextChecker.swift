import Composition
import Foundation
import TextLayout

/// Lays text layers out with the same Pango layout and box the renderer uses, for `validate` and `plan`: markup
/// errors, text that does not fit, characters no font has and fallbacks to other families.
///
/// Fonts load once per distinct set of font files; calls are serialised (a typesetter serves one thread at a time).
public final class TextChecker: TextMeasuring, @unchecked Sendable {
    private let lock = NSLock()
    private var typesetters: [[String]: TextTypesetter] = [:]

    /// Creates a checker; fonts load on first use.
    public init() {}

    /// How each of `layers` lays out on `width` x `height` output frames of a `canvas`-sized composition.
    public func measure(_ layers: [TextLayer], width: Int, height: Int, canvas: Size) -> [TextMeasurement] {
        let frame = PlacedBlock.Geometry(width: Double(width), height: Double(height),
                                         scaleX: canvas.width > 0 ? Double(width) / canvas.width : 1,
                                         scaleY: canvas.height > 0 ? Double(height) / canvas.height : 1)
        let files = Set(layers.compactMap(\.style.fontFile)).sorted()
        lock.lock()
        defer { lock.unlock() }
        let typesetter: TextTypesetter
        if let known = typesetters[files] {
            typesetter = known
        } else {
            guard let made = try? TextTypesetter(fontFiles: files) else { return layers.map { _ in TextMeasurement() } }
            typesetters[files] = made
            typesetter = made
        }
        return layers.map { layer in
            let block = PlacedBlock(layer, frame: frame).block
            var measurement = TextMeasurement()
            (measurement.minimumSize, measurement.boxWidth, measurement.boxHeight) = (block.minimumSize, block.width,
                                                                                      block.height)
            if block.isMarkup, let problem = TextTypesetter.markupProblem(block.text) {
                measurement.markupProblem = Self.readable(problem)
                return measurement
            }
            guard let fit = try? typesetter.fit(block) else { return measurement }
            (measurement.fits, measurement.size, measurement.missing) = (fit.fits, fit.size, fit.missing)
            measurement.fallbacks = fit.fallbacks.map { TextMeasurement.Fallback(family: $0.family, character: $0.character) }
            return measurement
        }
    }

    /// Pango's markup message without the position inside its own wrapper element (the caret shows the text).
    static func readable(_ message: String) -> String {
        var text = message
        if text.hasPrefix("Error on line"), let colon = text.firstIndex(of: ":") {
            text = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        let wrapper = "Element “markup” was closed, but the currently open element is "
        if text.hasPrefix(wrapper) { text = "element " + text.dropFirst(wrapper.count) + " is not closed" }
        return text
    }
}
