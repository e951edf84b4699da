internal import CFontconfig

/// A fontconfig configuration with the system's fonts loaded (`FcConfig`, released with `FcConfigDestroy`): the
/// same fonts libass's fontconfig provider finds.
final class FontConfiguration {
    /// The owned configuration.
    private let pointer: OpaquePointer

    /// Loads the default configuration and the fonts it names.
    init() throws(LibAVError) {
        pointer = try checkAllocation(FcInitLoadConfigAndFonts(), "FcInitLoadConfigAndFonts",
                                      .allocate("the fontconfig configuration"))
    }

    deinit {
        FcConfigDestroy(pointer)
    }

    /// Every family name of every installed font (a font named in several languages gives each), sorted, unique.
    func familyNames() throws(LibAVError) -> [String] {
        try every(FC_FAMILY)
    }

    /// The file of every installed font, sorted, unique.
    func fontFiles() throws(LibAVError) -> [String] {
        try every(FC_FILE)
    }

    /// Every value of the string property `object` of every installed font, sorted, unique.
    private func every(_ object: String) throws(LibAVError) -> [String] {
        let pattern = try FontPattern()
        let objects = try FontObjectSet([object])
        let list = try FontList(config: pointer, pattern: pattern, objects: objects)
        var values = Set<String>()
        for index in 0..<list.count {
            guard let font = list.font(at: index) else { continue }
            values.formUnion(FontPattern.strings(object, of: font))
        }
        return values.sorted()
    }
}

/// The properties a font listing reports (`FcObjectSet`, released with `FcObjectSetDestroy`).
private final class FontObjectSet {
    let pointer: UnsafeMutablePointer<FcObjectSet>

    init(_ objects: [String]) throws(LibAVError) {
        let set = try checkAllocation(FcObjectSetCreate(), "FcObjectSetCreate", .allocate("a fontconfig object set"))
        // Filled before it is owned, so a failure frees it here and never again in `deinit`.
        for object in objects where FcObjectSetAdd(set, object) == 0 {
            FcObjectSetDestroy(set)
            throw LibAVError.failed(.allocate("a fontconfig object set"), function: "FcObjectSetAdd", code: -1,
                                    message: "cannot add '\(object)'")
        }
        pointer = set
    }

    deinit {
        FcObjectSetDestroy(pointer)
    }
}

/// The fonts of a configuration matching a pattern (`FcFontSet` from `FcFontList`, released with `FcFontSetDestroy`).
private final class FontList {
    let pointer: UnsafeMutablePointer<FcFontSet>

    init(config: OpaquePointer, pattern: FontPattern, objects: FontObjectSet) throws(LibAVError) {
        pointer = try checkAllocation(FcFontList(config, pattern.pointer, objects.pointer), "FcFontList",
                                      .allocate("a fontconfig font list"))
    }

    deinit {
        FcFontSetDestroy(pointer)
    }

    /// The number of fonts listed.
    var count: Int { Int(pointer.pointee.nfont) }

    /// The pattern of font `index`, lent while the list lives.
    func font(at index: Int) -> OpaquePointer? {
        pointer.pointee.fonts[index]
    }
}
