import Foundation
import MediaTestSupport
import Testing

/// The examples in Examples/, run as a user runs them, on the test media; their outputs read back with ffprobe.
@Suite struct ExampleTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// Runs example `name` with `arguments`; returns its standard output.
    @discardableResult
    func run(_ name: String, _ arguments: [String]) throws -> String {
        String(decoding: try MediaTool.run(MediaTool.builtExecutable(named: name).path, arguments), as: UTF8.self)
    }

    @Test func cmtimeGuidePrintsExactTimes() throws {
        let text = try run("cmtime-guide", [])
        #expect(text.contains("{16001/30000 = 0.533}"), "1/2 + 1001/30000 at their least common timescale")
        #expect(text.contains("+inf - +inf is {INVALID}"))
        #expect(text.contains("into an empty range: {INVALID}"))
    }

    @Test func mediaExamplesWriteWhatTheySay() throws {
        let folder = try fixtures.output("examples").deletingLastPathComponent()
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try run("timeline-builder", [path("timeline.mp4"), fixtures.bed.path, "0.5", fixtures.red.path, fixtures.green.path])
        try run("crossfade", [path("crossfade.mov"), fixtures.red.path, fixtures.blue.path, "0.5"])
        try run("split-screen", [path("split.mp4"), fixtures.red.path, fixtures.green.path])
        try run("passthrough-trim", [fixtures.blue.path, path("trim.mp4"), "0", "0.5"])
        let thumbnails = try run("thumbnails", [path("crossfade.mov"), path("thumbs"), "3", "80"])
        #expect(abs(try ProbeReport(path: path("timeline.mp4")).formatDuration - 1) < 0.05)
        #expect(abs(try ProbeReport(path: path("crossfade.mov")).formatDuration - 1.5) < 0.05)
        #expect(ProbeReport.string(try ProbeReport(path: path("split.mp4")).video, "width") == "1280")
        #expect(ProbeReport.string(try ProbeReport(path: path("trim.mp4")).video, "nb_read_frames") == "15")
        #expect(thumbnails.contains("thumb-3.png: 80x60 at 1.2333333333333334 s"))
        #expect(near(try color(URL(fileURLWithPath: path("thumbs/thumb-3.png")), frame: 0, x: 40, y: 30, width: 80, height: 60),
                     (0, 0, 255)))
    }

    /// A program that links OpenAVFoundation (the thumbnails example), and mediabatch itself, defines no allocator
    /// function of ours: the codecs' allocations bind to the C library's (its dynamic symbol table, as `nm` reads it).
    @Test func programsLinkingTheLibrariesDefineNoAllocator() throws {
        for name in ["thumbnails", "mediabatch"] {
            let table = String(decoding: try MediaTool.run("nm", ["-D", "--defined-only",
                                                                  MediaTool.builtExecutable(named: name).path]),
                               as: UTF8.self)
            let symbols = Set(table.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
            #expect(symbols.contains("_end"), "\(name): no dynamic symbol table read: \(table)")
            let allocators = ["memalign", "posix_memalign", "aligned_alloc", "malloc", "calloc", "realloc", "free"]
            #expect(symbols.isDisjoint(with: allocators), "\(name) defines \(symbols.intersection(allocators).sorted())")
        }
    }

    @Test func examplesRefuseBadArgumentsWithUsage() throws {
        for name in ["timeline-builder", "crossfade", "split-screen", "passthrough-trim", "thumbnails"] {
            let error = #expect(throws: MediaToolError.self) { try run(name, []) }
            #expect(error?.message.contains("usage: \(name) ") == true)
        }
    }
}
