import Foundation
import LibAV
import MediaCore
import Testing

/// fontconfig through `SystemFonts`: the families it lists and the faces it reads from files.
struct SystemFontsTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"

    @Test func installedFamiliesIncludeTheDefaultFont() throws {
        let families = try SystemFonts().installedFamilies()
        #expect(families.contains("DejaVu Sans"))
        #expect(families == families.sorted() && Set(families).count == families.count)
    }

    @Test func aFontFileNamesItsFamilyStyleAndFullName() throws {
        let face = try SystemFonts().face(inFile: Self.dejaVu + "DejaVuSans-Bold.ttf")
        #expect(face == FontFace(family: "DejaVu Sans", style: "Bold", fullName: "DejaVu Sans Bold", faceCount: 1))
    }

    /// A named pipe at a font's path is refused at once (FreeType would wait for a writer), like a pipe source.
    @Test func aFontPathThatIsANamedPipeIsRefusedWithoutBlocking() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID()).otf").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LibAVError.unreadableSource(path: path, .notAllowed(.fifo))) { try SystemFonts().face(inFile: path) }
    }

    @Test func aFileThatIsNoFontIsRefusedByName() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID()).ttf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LibAVError.unreadableFont(path: path)) { try SystemFonts().face(inFile: path) }
        #expect(LibAVError.unreadableFont(path: "a.ttf").description
                == "cannot read 'a.ttf' as a font; give a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file")
    }

    @Test(arguments: [
        ("dejavusans", "DejaVu Sans"), ("DEJAVU SANS MONO", "DejaVu Sans Mono"), ("monospace", "monospace"),
        ("Dejavu Sanz", nil),
    ])
    func familiesMatchIgnoringCaseAndSpaces(name: String, installed: String?) {
        let families = FontFamilies(["DejaVu Sans Mono", "DejaVu Sans"])
        #expect(families.installedName(of: name) == installed)
    }

    @Test func unknownFamilyMessagesSuggestOrList() {
        let families = FontFamilies(["DejaVu Sans", "DejaVu Serif"])
        #expect(families.unknownFamilyMessage("DejaVu Sanz") == "unknown font family 'DejaVu Sanz'; did you mean 'DejaVu Sans'?")
        #expect(families.unknownFamilyMessage("Futura")
                == "unknown font family 'Futura'; installed families are 'DejaVu Sans', 'DejaVu Serif', or give a font file (.ttf, .otf, .ttc)")
        #expect(FontFamilies([]).unknownFamilyMessage("Futura")
                == "unknown font family 'Futura'; no font families are installed; give a font file (.ttf, .otf, .ttc)")
    }
}
