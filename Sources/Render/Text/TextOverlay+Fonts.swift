import Composition
import Foundation
import LibAV
import MediaCore

extension TextOverlay {
    /// `layers` with each style's `fontFamily` set to the family Pango selects its face by (a font file's family, an
    /// installed family as fontconfig spells it), and the font files to load. Throws when a font file is missing or
    /// no font, or a family is not installed.
    static func resolvingFonts(of layers: [TextLayer], fonts: any FontProbe = SystemFonts()) throws(ExportError)
        -> (layers: [TextLayer], files: [String])
    {
        var names: [TextStyle: String] = [:]
        var files: [String] = []
        var families: FontFamilies?
        for style in Set(layers.map(\.style)) {
            if let file = style.fontFile {
                names[style] = try family(inFile: file, fonts: fonts)
                if !files.contains(file) { files.append(file) }
                continue
            }
            if families == nil {
                do {
                    families = FontFamilies(try fonts.installedFamilies())
                } catch {
                    throw ExportError.setup(reason: "cannot list the installed fonts: \(error)")
                }
            }
            guard let name = families?.installedName(of: style.fontFamily) else {
                throw ExportError.setup(reason: families?.unknownFamilyMessage(style.fontFamily) ?? "")
            }
            names[style] = name
        }
        let resolved = layers.map { layer in
            var layer = layer
            layer.style.fontFamily = names[layer.style] ?? layer.style.fontFamily
            return layer
        }
        return (resolved, files.sorted())
    }

    /// The family of the first face of the font file at `path`, opened only when it is a regular file.
    private static func family(inFile path: String, fonts: any FontProbe) throws(ExportError) -> String {
        if let refusal = LocalFile.refusal(of: path) {
            throw ExportError.probe(path: path, reason: "font file '\(path)' \(refusal)")
        }
        do {
            return try fonts.face(inFile: path).family
        } catch {
            throw ExportError.probe(path: path, reason: "\(error)")
        }
    }
}
