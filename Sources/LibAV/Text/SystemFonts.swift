internal import CFontconfig
import MediaCore

/// The fonts text is drawn with, through fontconfig: the installed families (read once per process) and the faces
/// of font files. The `FontProbe` mediabatch uses.
public struct SystemFonts: FontProbe {
    /// Creates a probe.
    public init() {}

    /// Loading fontconfig's font list takes tens of milliseconds, so it is read once and shared.
    private static let families = Result { () throws(LibAVError) in try FontConfiguration().familyNames() }

    /// What the installed fonts draw text with, as one SHA-256 in hex: fontconfig's version and every installed font
    /// file's path, size and modification time (empty when fontconfig cannot list them); read once per process. Kept
    /// pictures with text are valid only under the same fonts.
    public static let installedFontsIdentity: String = {
        guard let files = try? FontConfiguration().fontFiles() else { return "" }
        let digest = Digest()
        digest.update(Array("fontconfig \(FcGetVersion())\n".utf8))
        for file in files {
            let facts = FileFacts(path: file, followingLinks: true)
            let line = "\(file) \(facts?.size ?? -1) \(facts?.seconds ?? -1).\(facts?.nanoseconds ?? -1)\n"
            digest.update(Array(line.utf8))
        }
        return digest.finishHex()
    }()

    /// The names of the installed font families, sorted.
    public func installedFamilies() throws -> [String] {
        try Self.families.get()
    }

    /// The first face of the font file at `path`, read through a checked descriptor (a named pipe or a device at
    /// the path is refused at once, never opened by FreeType, which would wait on it).
    public func face(inFile path: String) throws -> FontFace {
        let pattern: FontPattern
        do {
            pattern = try LocalFile.withCheckedName(path) { name in try FontPattern(fontFile: name) }
        } catch LibAVError.unreadableFont {
            throw LibAVError.unreadableFont(path: path)
        } catch let failure as LocalFile.Failure {
            throw LibAVError.unreadableSource(path: path, failure)
        }
        return FontFace(family: pattern.strings(FC_FAMILY).first ?? "", style: pattern.strings(FC_STYLE).first ?? "",
                        fullName: pattern.strings(FC_FULLNAME).first ?? "", faceCount: pattern.faceCount)
    }
}
