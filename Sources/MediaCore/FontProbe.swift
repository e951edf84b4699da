/// Knows the installed font families and reads font files; LibAV implements it with fontconfig, so the manifest
/// layer can check fonts without seeing C.
public protocol FontProbe: Sendable {
    /// The names of the installed font families, sorted.
    func installedFamilies() throws -> [String]
    /// The first face of the font file at `path`; throws an error whose description is one line naming the file
    /// when it is no font.
    func face(inFile path: String) throws -> FontFace
}
