internal import CFontconfig

/// A fontconfig pattern (`FcPattern`, released with `FcPatternDestroy`): a set of font properties, to search with
/// or as read from a font file.
final class FontPattern {
    /// The owned pattern.
    let pointer: OpaquePointer

    /// An empty pattern, which matches every font.
    init() throws(LibAVError) {
        pointer = try checkAllocation(FcPatternCreate(), "FcPatternCreate", .allocate("a fontconfig pattern"))
    }

    /// The pattern of face `index` of the font file at `path`, and how many faces the file holds; throws
    /// `unreadableFont` when FreeType cannot read the file as a font.
    init(fontFile path: String, face index: Int = 0) throws(LibAVError) {
        var count: Int32 = 0
        let pattern = path.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { file in
                FcFreeTypeQuery(file, UInt32(index), nil, &count)
            }
        }
        guard let pattern else { throw LibAVError.unreadableFont(path: path) }
        pointer = pattern
        faceCount = Int(max(1, count))
    }

    deinit {
        FcPatternDestroy(pointer)
    }

    /// How many faces the file a pattern was read from holds (1 for a pattern made empty).
    private(set) var faceCount = 1

    /// Every value of the string property `object` (`FC_FAMILY` holds one per language a family is named in).
    func strings(_ object: String) -> [String] {
        Self.strings(object, of: pointer)
    }

    /// Every value of the string property `object` of a pattern lent by fontconfig.
    static func strings(_ object: String, of pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch, let value {
            values.append(String(cString: value))
        }
        return values
    }
}
