import Composition
import Foundation
import LibAV
import MediaCore

extension TextOverlay {
    /// `layers` with each style's `fontFamily` set to the name libass selects its face by, after handing every font
    /// file to `library`: a file's full name (else its family), an installed family as fontconfig spells it.
    /// Throws when a font file is missing or no font, or a family is not installed.
    static func resolvingFonts(of layers: [TextLayer], library: ASSLibrary,
                               fonts: any FontProbe = SystemFonts()) throws(ExportError) -> [TextLayer] {
        var names: [TextStyle: String] = [:]
        var families: FontFamilies?
        for style in Set(layers.map(\.style)) {
            if let file = style.fontFile {
                names[style] = try load(file, into: library, fonts: fonts)
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
        return layers.map { layer in
            var layer = layer
            layer.style.fontFamily = names[layer.style] ?? layer.style.fontFamily
            return layer
        }
    }

    /// The largest font file read: a whole CJK collection is about 120 MB.
    static let maxFontBytes = 512 << 20

    /// Hands the font file at `path` to `library` and returns the name its first face is selected by.
    private static func load(_ path: String, into library: ASSLibrary, fonts: any FontProbe) throws(ExportError) -> String {
        let data: [UInt8]
        do {
            data = try LocalFile.contents(of: path, limit: maxFontBytes)
        } catch {
            throw ExportError.probe(path: path, reason: "font file '\(path)' \(error)")
        }
        let face: FontFace
        do {
            face = try fonts.face(inFile: path)
        } catch {
            throw ExportError.probe(path: path, reason: "\(error)")
        }
        library.addFont(named: path, data: data)
        return face.fullName.isEmpty ? face.family : face.fullName
    }
}
