/// One face of a font file, as fontconfig reads it.
public struct FontFace: Sendable, Hashable, Codable {
    /// The family name (`DejaVu Sans`).
    public var family: String
    /// The style within the family (`Bold Oblique`).
    public var style: String
    /// The face's PostScript name (`DejaVuSans-BoldOblique`), empty when the file has none.
    public var postScriptName: String
    /// How many faces the file holds (more than one for a `.ttc` collection).
    public var faceCount: Int

    /// Creates a face description.
    public init(family: String, style: String, postScriptName: String, faceCount: Int) {
        self.family = family
        self.style = style
        self.postScriptName = postScriptName
        self.faceCount = faceCount
    }
}
