import Foundation
import Testing

/// Issue 14 through the built binary, the parts `validate` shows: bounded expansion, one file per output, sources
/// and tables that would block, linear diagnostics, escaped terminal text and the smaller gaps. Each process runs
/// under a memory ceiling and a hang guard where the old behaviour ate the machine or hung.
@Suite struct HardeningValidateTests {
    static let clip = "clips: [ { source: { generate: testpattern, duration: 1s } } ]"

    static func directory(_ name: String, manifest: String, at path: String = "m.yaml") throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(manifest, to: path, in: directory)
        return directory
    }

    /// Finding 1: a 1.3 KB manifest asking for 10^8 outputs grew validate to 7 GB; now it is a positioned error
    /// naming the limit, well inside 1 GB of address space.
    @Test func expansionIsBoundedBeforeItHappens() throws {
        let values = "[" + (0..<100).map(String.init).joined(separator: ",") + "]"
        let directory = try Self.directory("bomb", manifest: """
            mediabatch: 1
            outputs:
              - name: "p-{a}-{b}-{c}-{d}"
                matrix: { a: &v \(values), b: *v, c: *v, d: *v }
                \(Self.clip)

            """)
        let result = try GuardedRun.run(["validate", "m.yaml"], in: directory)
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("m.yaml:4:13: error: output 'p-{a}-{b}-{c}-{d}' expands to 100000000 outputs (100 'a' x 100 'b' x 100 'c' x 100 'd'), more than this manifest's limit of 10000; raise it with 'limits: { outputs: N }' at the top of the manifest\n"))

        // The run's limit counts every manifest; the flag raises it, and the manifest key raises the manifest's.
        try CommandRunner.write("mediabatch: 1\nlimits: { outputs: 20000 }\noutputs:\n  - { name: \"q-{a}-{b}\", matrix: { a: \(values), b: \(values) }, \(Self.clip) }\n",
                                to: "big.yaml", in: directory)
        let run = try GuardedRun.run(["validate", "big.yaml", "--max-outputs", "5000"], in: directory)
        #expect(run.stderr.hasPrefix("big.yaml:4:34: error: output 'q-{a}-{b}' expands to 10000 outputs (100 'a' x 100 'b'), making 10000 in this run, more than the run's limit of 5000; raise it with '--max-outputs N'\n"))
        let raised = try GuardedRun.run(["validate", "big.yaml", "--quiet"], in: directory)
        #expect(raised.status == 0, "\(raised.stderr)")
    }

    /// Findings 2 and 10: two names for one file, a name only mediabatch's own files may have, invisible characters.
    @Test func everyOutputIsOneFileOfItsOwn() throws {
        let directory = try Self.directory("identity", manifest: """
            mediabatch: 1
            defaults: { out: out }
            outputs:
              - { name: sub/p, \(Self.clip) }
              - { name: p, out: out/sub, \(Self.clip) }
              - { name: real/q, \(Self.clip) }
              - { name: link/q, \(Self.clip) }
              - { name: sub/y, \(Self.clip) }
              - { name: y, out: out/sub/posters, preset: poster-jpeg, \(Self.clip) }
              - { name: one, \(Self.clip) }
              - { name: two, \(Self.clip) }
              - { name: ./a, \(Self.clip) }
              - { name: .b.partial-4000000, \(Self.clip) }
              - { name: posters/x, \(Self.clip) }
              - { name: "del\\x7F", \(Self.clip) }
              - { name: "bidi\\u202Eevil", \(Self.clip) }

            """)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out/real"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("out/link").path,
                                                   withDestinationPath: "real")
        // Two names, one inode: only the file system knows.
        try CommandRunner.write("x", to: "out/one.mp4", in: directory)
        try FileManager.default.linkItem(atPath: directory.appendingPathComponent("out/one.mp4").path,
                                         toPath: directory.appendingPathComponent("out/two.mp4").path)
        let result = try GuardedRun.run(["validate", "m.yaml"], in: directory)
        #expect(result.status == 2)
        let out = directory.standardizedFileURL.path + "/out"
        let lines = Set(result.stderr.split(separator: "\n").filter { $0.hasPrefix("m.yaml:") && !$0.hasPrefix("m.yaml: ") }.map(String.init))
        #expect(lines == [
            "m.yaml:5:13: error: output 'p' writes the same file as output 'sub/p' (declared at m.yaml:4:13): '\(out)/sub/p.mp4'; give one of them another name or 'out'",
            "m.yaml:7:13: error: output 'link/q' writes the same file as output 'real/q' (declared at m.yaml:6:13): '\(out)/real/q.mp4'; give one of them another name or 'out'",
            "m.yaml:9:13: error: output 'y' writes the same file as the poster picture of output 'sub/y' (declared at m.yaml:8:13): '\(out)/sub/posters/y.jpg'; give one of them another name or 'out'",
            "m.yaml:11:13: error: output 'two' writes the same file as output 'one' (declared at m.yaml:10:13): '\(out)/two.mp4'; give one of them another name or 'out'",
            "m.yaml:12:13: error: output name './a' has a part starting with '.'; such names are kept for mediabatch's own files (temporary files, fingerprints, the lock)",
            "m.yaml:13:13: error: output name '.b.partial-4000000' has a part starting with '.'; such names are kept for mediabatch's own files (temporary files, fingerprints, the lock)",
            "m.yaml:14:13: error: output name 'posters/x' puts the file in a 'posters' folder, where mediabatch writes the report's poster pictures; choose another folder name",
            "m.yaml:15:13: error: output name 'del\\x7F' would leave the output directory; names may not be absolute or contain '..', empty parts or control characters",
            "m.yaml:16:13: error: output name 'bidi\\u{202E}evil' has a character that changes how text is shown (U+202E); names may not contain bidirectional controls or line separators",
        ])
    }

    /// Finding 4 and gap 10: a FIFO source, data table or manifest no longer blocks in `open`; a folder as a data
    /// table is named for what it is.
    @Test func pipesAndFoldersAreRefusedWithoutBlocking() throws {
        let directory = try Self.directory("fifo", manifest: """
            mediabatch: 1
            outputs:
              - { name: a, clips: [ { source: media/pipe.mp4 } ] }
              - { name: "b-{n}", data: rows.csv, \(Self.clip) }
              - { name: "c-{n}", data: folder, \(Self.clip) }

            """)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("media"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)
        for name in ["media/pipe.mp4", "rows.csv", "pipe.yaml"] {
            #expect(mkfifo(directory.appendingPathComponent(name).path, 0o600) == 0)
        }
        let result = try GuardedRun.run(["validate", "m.yaml", "pipe.yaml"], in: directory, seconds: 30)
        #expect(!result.timedOut)
        #expect(result.status == 2)
        let base = directory.standardizedFileURL.path
        #expect(result.stderr == """
            mediabatch: error: cannot read 'pipe.yaml': it is a named pipe (FIFO), not a regular file
            command line: 1 error
            m.yaml:3:35: error: source 'media/pipe.mp4' cannot be read: '\(base)/media/pipe.mp4' is a named pipe (FIFO), not a regular file; pipes and devices are read only with '--allow-devices'; used by output 'a'
              - { name: a, clips: [ { source: media/pipe.mp4 } ] }
                                              ^
            m.yaml:4:28: error: data table 'rows.csv' is a named pipe (FIFO), not a regular file (resolved to '\(base)/rows.csv')
              - { name: "b-{n}", data: rows.csv, clips: [ { source: { generate: testpattern, duration: 1s } } ] }
                                       ^
            m.yaml:5:28: error: data table 'folder' is a directory, not a regular file (resolved to '\(base)/folder')
              - { name: "c-{n}", data: folder, clips: [ { source: { generate: testpattern, duration: 1s } } ] }
                                       ^
            m.yaml: 3 errors; 0 of 1 output can be built
            4 errors in 2 of 2 files; 0 of 1 output in 1 manifest can be built

            """)
    }

    /// Finding 7: 8000 errors used to take minutes (each quoted line searched from the top), 500 000 keys took
    /// 20 s to hit the node limit, and a 20 MB line was quoted whole for every error.
    @Test func diagnosticsStayLinearAndShort() throws {
        var many = "mediabatch: 1\noutputs:\n"
        for index in 0..<8000 { many += "  - { name: o\(index), clipz: 1, \(Self.clip) }\n" }
        let directory = try Self.directory("linear", manifest: many)
        let result = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 120)
        #expect(!result.timedOut)
        #expect(result.stderr.hasSuffix("\nm.yaml: 8000 errors; 0 of 8000 outputs can be built\n"
                                        + "8000 errors in 1 of 1 file; 0 of 8000 outputs in 1 manifest can be built\n"))
        #expect(result.stderr.hasPrefix("m.yaml:3:17: error: unknown key 'clipz' in output 'o0'; did you mean 'clips'?\n"))

        // A million lines: quoting the last one used to search the whole rest of the file once per line.
        let lines = "mediabatch: 1\nbig:\n" + String(repeating: "  - 1\n", count: 1_000_000)
        try CommandRunner.write(lines, to: "lines.yaml", in: directory)
        let limit = try GuardedRun.run(["validate", "lines.yaml"], in: directory, seconds: 120)
        #expect(!limit.timedOut)
        #expect(limit.stderr.hasPrefix("lines.yaml:999998:5: error: document has more than 1000000 nodes; split it into smaller files\n  - 1\n    ^\n"))

        let padding = String(repeating: "x", count: 20 << 20)
        try CommandRunner.write("mediabatch: 1\nvars: { pad: \"\(padding)\", a: [1], b: [2], c: [3] }\noutputs: [{ name: x, \(Self.clip) }]\n",
                                to: "long.yaml", in: directory)
        let long = try GuardedRun.run(["validate", "long.yaml"], in: directory, seconds: 120)
        #expect(long.status == 2)
        #expect(long.stderr.utf8.count < 2000)
        let quoted = long.stderr.split(separator: "\n").filter { $0.hasPrefix("...") }
        #expect(quoted.count == 3)
        #expect(quoted.allSatisfy { $0.count <= 146 })
        // The caret is near the end of the line, so the excerpt is its last 140 characters.
        #expect(long.stderr.hasPrefix("long.yaml:2:\(padding.count + 21): error: 'a' must be text, not a sequence\n...\(String(repeating: "x", count: 113))\", a: [1], b: [2], c: [3] }\n" + String(repeating: " ", count: 122) + "^\n"))
    }

    /// Finding 9: control bytes from a manifest reach the terminal as visible escapes, never as commands.
    @Test func terminalSequencesAreShownNotObeyed() throws {
        let directory = try Self.directory("inject", manifest: "mediabatch: 1\noutputs:\n  - { name: x, \"\\e]0;PWNED\\a\\e[2J\": 1, \(Self.clip) }\n")
        let result = try GuardedRun.run(["validate", "m.yaml"], in: directory)
        #expect(result.status == 2)
        #expect(!result.stderr.unicodeScalars.contains("\u{1B}") && !result.stderr.unicodeScalars.contains("\u{7}"))
        #expect(result.stderr.hasPrefix("m.yaml:3:16: error: unknown key '\\x1B]0;PWNED\\x07\\x1B[2J' in output 'x'\n"))
    }

    /// Gap 10: the smaller gaps, each a positioned message from one `validate`.
    @Test func smallerGapsArePositionedMessages() throws {
        let directory = try Self.directory("gaps", manifest: """
            mediabatch: 1
            presets: 3
            vars: { a: "{b}", b: "{a}" }
            outputs:
              - { name: "x-{a}", \(Self.clip) }
              - { name: odd, preset: { base: draft, video: { width: 161 } }, \(Self.clip) }
              - { name: mute, clips: [ { source: media/tone.m4a } ] }
              - { name: list, clips: [ { source: media/padded.m3u8 } ] }
              - { name: still, clips: [ { source: "media/f%d.png", duration: 1s } ] }

            """)
        let media = directory.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try TestMedia.tone(at: media.appendingPathComponent("tone.m4a").path)
        try TestMedia.picture(at: media.appendingPathComponent("picture.png").path)
        try FileManager.default.moveItem(at: media.appendingPathComponent("picture.png"),
                                         to: media.appendingPathComponent("f%d.png"))
        // The playlist's segment is a FIFO: opening it would hang, so finishing proves it was never touched.
        #expect(mkfifo(media.appendingPathComponent("segment.ts").path, 0o600) == 0)
        try CommandRunner.write("#EXTM3U\n" + String(repeating: "# padding\n", count: 800)
                                + "#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nsegment.ts\n#EXT-X-ENDLIST\n", to: "media/padded.m3u8", in: directory)
        let result = try GuardedRun.run(["validate", "m.yaml"], in: directory, seconds: 30)
        #expect(!result.timedOut)
        let messages = result.stderr.split(separator: "\n").filter { $0.hasPrefix("m.yaml:") && !$0.hasPrefix("m.yaml: ") }
        let padded = directory.standardizedFileURL.path + "/media/padded.m3u8"
        #expect(messages == [
            "m.yaml:2:10: error: 'presets' must be a mapping of preset names to presets, not a scalar",
            "m.yaml:3:13: error: variable 'a' refers back to itself: a -> b -> a",
            "m.yaml:6:57: error: 'width' 161 is not even, which pixel format 'yuv420p' needs (each colour sample covers 2x2 pixels); use 160 or 162",
            "m.yaml:7:38: warning: file 'media/tone.m4a' has no picture; output 'mute' shows the background colour for this clip",
            "m.yaml:8:38: error: source 'media/padded.m3u8' cannot be read: refusing to open '\(padded)': 'hls' lists other files or URLs; give the media file itself; used by output 'list'",
        ])
    }
}
