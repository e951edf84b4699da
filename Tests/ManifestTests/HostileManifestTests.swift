import Foundation
import Manifest
import MediaCore
import Testing

/// Hostile YAML through the manifest layer: every input ends in diagnostics, quickly, never in a crash or a hang.
struct HostileManifestTests {
    static func aliasBomb(levels: Int = 9) -> String {
        var text = "mediabatch: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...levels {
            let previous = (0..<10).map { _ in "*a\(level - 1)" }.joined(separator: ", ")
            text += "a\(level): &a\(level) [\(previous)]\n"
        }
        return text + "outputs: [{ name: x, clips: *a\(levels) }]\n"
    }

    static func deepNesting() -> String {
        "mediabatch: 1\noutputs: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
    }

    static func randomBytes() -> [UInt8] {
        var generator = SeededGenerator(seed: 0x5eed)
        return (0..<64 * 1024).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    static func randomText() -> String {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("mediabatch:1 outputs-[]{}&*!|>'\"#%@`,?\n\t name clips".unicodeScalars)
        return String(String.UnicodeScalarView((0..<64 * 1024).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }))
    }

    @Test(arguments: ["alias bomb", "10 000-deep nesting", "random bytes", "random YAML punctuation", "deep mapping",
                      "alias fan-out under the node limit"])
    func hostileInputEndsInDiagnosticsQuickly(kind: String) throws {
        let fixture = try ManifestFixture()
        switch kind {
        case "alias bomb": try fixture.write("manifest.yaml", Self.aliasBomb())
        case "10 000-deep nesting": try fixture.write("manifest.yaml", Self.deepNesting())
        case "random bytes": try fixture.write("manifest.yaml", bytes: Self.randomBytes())
        case "random YAML punctuation": try fixture.write("manifest.yaml", Self.randomText())
        case "alias fan-out under the node limit":
            // 100 000 clips through aliases stay under the node limit: the manifest layer must read them quickly.
            try fixture.write("manifest.yaml", Self.aliasBomb(levels: 4) + "bogus: 1\n")
        default:
            try fixture.write("manifest.yaml", "mediabatch: 1\noutputs:\n" + (0..<5_000).map { String(repeating: " ", count: $0 + 1) + "k\($0):" }.joined(separator: "\n") + " x\n")
        }
        let clock = ContinuousClock()
        let start = clock.now
        let set = fixture.load()
        let elapsed = clock.now - start
        print("hostile manifest '\(kind)': \(elapsed) for \(set.diagnostics.count) diagnostics")
        // A hang or quadratic blow-up, not speed (that is measured in Benchmarks): far above the real figure.
        #expect(elapsed < .seconds(30))
        #expect(set.hasErrors)
        #expect(set.outputs.isEmpty == !kind.hasPrefix("alias fan-out"))
        let first = fixture.messages(set).split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("manifest.yaml:"))
    }

    @Test func aliasBombIsNamedInTheMessage() throws {
        let fixture = try ManifestFixture(Self.aliasBomb())
        let set = fixture.load()
        #expect(set.diagnostics.first?.message.hasPrefix("document expands to more than 1000000 nodes through aliases") == true)
    }

    @Test func deepNestingIsNamedInTheMessage() throws {
        let fixture = try ManifestFixture(Self.deepNesting())
        let set = fixture.load()
        #expect(set.diagnostics.first?.message == "collections nest more than 256 levels deep; flatten the document")
    }
}

/// A small deterministic generator (SplitMix64), so the random inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
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
