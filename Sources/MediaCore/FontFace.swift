/// One face of a font file, as fontconfig reads it.
public struct FontFace: Sendable, Hashable, Codable {
    /// The family name (`DejaVu Sans`).
    public var family: String
    /// The style within the family (`Bold Oblique`).
    public var style: String
    /// The face's full name (`DejaVu Sans Bold Oblique`), which libass selects exactly this face by; empty when the
    /// file has none.
    public var fullName: String
    /// How many faces the file holds (more than one for a `.ttc` collection).
    public var faceCount: Int

    /// Creates a face description.
    public init(family: String, style: String, fullName: String, faceCount: Int) {
        self.family = family
        self.style = style
        self.fullName = fullName
        self.faceCount = faceCount
    }
}
