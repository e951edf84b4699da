import Foundation
import MediaCore

/// A text layer's font as a family and a face: `Helvetica-BoldOblique` is Helvetica, bold and italic. A family that
/// is not installed is drawn in the default family, as Core Animation draws an unknown font in its default one.
struct LayerFont: Sendable, Hashable {
    /// The family fontconfig is asked for.
    let family: String
    /// Whether the face is bold.
    let bold: Bool
    /// Whether the face is italic (or oblique).
    let italic: Bool

    /// The family drawn when a layer names none.
    static let defaultFamily = "DejaVu Sans"

    /// The font `font` names (a `String` or `NSString`); DejaVu Sans for nil or a family not among `installed`, nil
    /// for anything else.
    init?(_ font: Any?, installed: FontFamilies?) {
        guard let font else {
            (family, bold, italic) = (Self.defaultFamily, false, false)
            return
        }
        guard let name = (font as? String) ?? (font as? NSString).map(String.init) else { return nil }
        let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
        let face = parts.count == 2 ? parts[1].lowercased() : ""
        let known = ["bold", "italic", "oblique", "bolditalic", "boldoblique"]
        let named = known.contains(face) ? parts[0] : name
        family = installed?.installedName(of: named) == nil ? Self.defaultFamily : named
        bold = face.hasPrefix("bold")
        italic = face.hasSuffix("italic") || face.hasSuffix("oblique")
    }
}
