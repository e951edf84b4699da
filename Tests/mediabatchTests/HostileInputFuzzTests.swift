import Foundation
import Testing

/// Mutated manifests and mutated media headers fed to `validate` and `run` under a memory ceiling and a hang guard:
/// no crash, no hang, nothing written outside `out`, and every error at a `file:line:col`. Deterministic from
/// `seed`: a failure names its round, and running the suite again replays it (the round's files are kept).
@Suite(.serialized) struct HostileInputFuzzTests {
    static let seed: UInt64 = 0x14_2024
    static let validateRounds = 40
    static let runRounds = 12

    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: tiny }
        presets:
          tiny: { base: draft, video: { width: 64, height: 48, fps: 15 }, audio: { bitrate: 32k } }
        vars: { brand: acme, slug: "{brand}-{aspect}" }
        sources:
          clip: media/clip.mp4
          logo: media/logo.png
          bars: { generate: testpattern, duration: 1s }
        templates:
          promo:
            transition: { type: crossfade, duration: 0.2s }
            overlays: [ { image: logo, region: { x: 80%, y: 5%, width: 10% }, opacity: 0.8 } ]
        outputs:
          - name: "promo-{slug}-{n}"
            template: promo
            data: rows.csv
            matrix: { aspect: [16x9, 1x1] }
            preset: { base: tiny, aspect: "{aspect}" }
            clips:
              - { source: clip, from: 0s, to: 0.8s, crop: { x: 10%, y: 0%, width: 80%, height: 100% }, fit: cover }
              - { source: bars, duration: 0.5s, speed: 2 }
            title: { text: "{headline}", at: 0.1s, duration: 0.5s, position: bottom, animate: fade }
          - name: teaser
            clips: [ { source: { output: "promo-acme-16x9-1" }, from: 0s, to: 0.3s } ]

        """

    static let runManifest = """
        mediabatch: 1
        defaults: { out: out, preset: tiny }
        presets:
          tiny: { base: draft, video: { width: 64, height: 48, fps: 15 }, audio: { bitrate: 32k } }
        outputs:
          - name: cut
            clips: [ { source: media/clip.mp4 } ]
            overlays: [ { image: media/logo.png, region: { x: 80%, y: 5%, width: 10% } } ]

        """

    /// Values a careless or hostile author might write anywhere.
    static let hostileValues = [
        "", "-1", "0", "1e308", "99999999999999999999", "{x}", "{{", "}", "../../etc/passwd", "/dev/zero", "%d.png",
        "\"\\e[2J\"", "\"\\u202E\"", "[]", "{}", "*a", "&a x", "!!binary aGk=", "~", "null", "0x10", "1/0",
        "00:00:99", ".b.partial-1", "posters/x", "\"a\\nb\"", "media/clip.mp4", "{ output: teaser }",
        "{ generate: tone, duration: 1s }", "[1, [2, [3]]]", "\"\\x7F\"", "9x0", "-5s", "1000000f",
    ]

    /// One mutation of `text`, chosen by `generator`.
    static func mutate(_ text: String, using generator: inout SeededRandom) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = Int.random(in: 0..<lines.count, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            lines.remove(at: index)
        case 1:
            lines.insert(lines[index], at: index)
        case 2:
            let other = Int.random(in: 0..<lines.count, using: &generator)
            lines.swapAt(index, other)
        case 3:
            // Replace a value: the text after a `: `.
            guard let colon = lines[index].range(of: ": ", options: .backwards) else { break }
            let value = hostileValues.randomElement(using: &generator) ?? ""
            lines[index] = String(lines[index][..<colon.upperBound]) + value
        case 4:
            let alphabet = Array("[]{}:,-?&*!|>'\"#%@` \t\u{1B}\u{7F}\u{202E}{x}\\".unicodeScalars)
            var scalars = Array(lines[index].unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                scalars.insert(alphabet.randomElement(using: &generator) ?? " ",
                               at: Int.random(in: 0...scalars.count, using: &generator))
            }
            lines[index] = String(String.UnicodeScalarView(scalars))
        default:
            lines[index] = String(repeating: " ", count: Int.random(in: 0...6, using: &generator)) + lines[index]
        }
        return lines.joined(separator: "\n")
    }

    /// `bytes` with its header (the first 4 KB: with the index at the front, the whole container structure) damaged.
    static func damage(_ bytes: [UInt8], using generator: inout SeededRandom) -> [UInt8] {
        var result = bytes
        let header = min(4096, result.count)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            for _ in 0..<Int.random(in: 1...16, using: &generator) {
                result[Int.random(in: 0..<header, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
        case 1:
            let start = Int.random(in: 0..<header, using: &generator)
            let end = min(result.count, start + Int.random(in: 1...64, using: &generator))
            for index in start..<end { result[index] = [0x00, 0xFF][Int.random(in: 0...1, using: &generator)] }
        default:
            result = Array(result.prefix(Int.random(in: 0..<result.count, using: &generator)))
        }
        return result
    }

    /// A directory with the manifest's side files: a clip, a logo, a data table.
    static func workspace(_ name: String) throws -> (directory: URL, clip: [UInt8]) {
        let directory = try CommandRunner.temporaryDirectory(name)
        let media = directory.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try TestMedia.clip(at: media.appendingPathComponent("clip.mp4").path)
        try TestMedia.picture(at: media.appendingPathComponent("logo.png").path)
        try CommandRunner.write("n,headline\n1,Hello\n2,World\n", to: "rows.csv", in: directory)
        return (directory, Array(try Data(contentsOf: media.appendingPathComponent("clip.mp4"))))
    }

    /// What must hold for any input.
    static func check(_ outcome: GuardedRun.Outcome, round: String, allowed: Set<Int32>, in directory: URL) {
        #expect(!outcome.crashed, "\(round) crashed (\(outcome.status)); files kept in \(directory.path)\n\(outcome.stderr.suffix(2000))")
        #expect(!outcome.timedOut, "\(round) hung; files kept in \(directory.path)")
        #expect(allowed.contains(outcome.status), "\(round) exited \(outcome.status); files kept in \(directory.path)\n\(outcome.stderr.suffix(2000))")
        let unpositioned = GuardedRun.unpositionedErrors(outcome.stderr)
        #expect(unpositioned.isEmpty, "\(round): errors without a position: \(unpositioned.prefix(3)); files kept in \(directory.path)")
    }

    @Test func mutatedManifestsAreDiagnosedNeverCrashOrHang() throws {
        let (directory, _) = try Self.workspace("fuzz-validate")
        // Mutations start from a manifest that is valid.
        try CommandRunner.write(Self.manifest, to: "m.yaml", in: directory)
        let base = try GuardedRun.run(["validate", "m.yaml"], in: directory)
        #expect(base.status == 0, "\(base.stderr)")
        var generator = SeededRandom(seed: Self.seed)
        var statuses: [Int32: Int] = [:]
        defer { print("fuzz: validate exit statuses \(statuses.sorted { $0.key < $1.key })") }
        for round in 0..<Self.validateRounds {
            var text = Self.manifest
            for _ in 0..<Int.random(in: 1...2, using: &generator) { text = Self.mutate(text, using: &generator) }
            try CommandRunner.write(text, to: "m.yaml", in: directory)
            let outcome = try GuardedRun.run(["validate", "m.yaml"], in: directory)
            statuses[outcome.status, default: 0] += 1
            Self.check(outcome, round: "validate round \(round) of seed \(Self.seed)", allowed: [0, 2], in: directory)
            if outcome.crashed || outcome.timedOut { return }
        }
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func damagedMediaAndManifestsRenderOrFailAlone() throws {
        let (directory, clip) = try Self.workspace("fuzz-run")
        var generator = SeededRandom(seed: Self.seed ^ 0xFFFF)
        let mediaPath = directory.appendingPathComponent("media/clip.mp4")
        var statuses: [Int32: Int] = [:]
        defer { print("fuzz: run exit statuses \(statuses.sorted { $0.key < $1.key })") }
        for round in 0..<Self.runRounds {
            try Data(Self.damage(clip, using: &generator)).write(to: mediaPath)
            let text = round % 3 == 2 ? Self.mutate(Self.runManifest, using: &generator) : Self.runManifest
            try CommandRunner.write(text, to: "m.yaml", in: directory)
            let before = GuardedRun.filesOutsideOut(directory)
            let outcome = try GuardedRun.run(["run", "m.yaml", "--out", "out", "--force"], in: directory, memoryMB: GuardedRun.runMemoryMB)
            let name = "run round \(round) of seed \(Self.seed ^ 0xFFFF)"
            statuses[outcome.status, default: 0] += 1
            Self.check(outcome, round: name, allowed: [0, 1, 2], in: directory)
            #expect(GuardedRun.filesOutsideOut(directory) == before, "\(name) wrote outside 'out'")
            if outcome.status == 0 {
                // What the report calls rendered is a real file the independent decoder reads.
                let probe = try GuardedRun.ffprobeDuration(directory.appendingPathComponent("out/cut.mp4").path)
                #expect(probe.map { $0 > 0 } == true, "\(name): the rendered file does not decode")
            }
            if outcome.crashed || outcome.timedOut { return }
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// SplitMix64: the same numbers on every machine, so a failing round can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension GuardedRun {
    /// The container duration ffprobe reads from `path`, nil when it cannot read it.
    static func ffprobeDuration(_ path: String) throws -> Double? {
        let result = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        return Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
