import Foundation

/// One fuzz case: a manifest, a command line, damaged media and a mutated timeline, all made from its own seed, so
/// any case can be made again alone (`MEDIABATCH_FUZZ_SEED` and `MEDIABATCH_FUZZ_ONLY`).
struct FuzzCase {
    /// What the case mutates.
    enum Kind: String, CaseIterable {
        /// A mutated seed manifest through `validate`.
        case manifest
        /// A mutated seed manifest through `run`.
        case manifestRun
        /// A mutated command line over a seed manifest.
        case arguments
        /// A seed manifest over media with flipped, truncated or spliced bytes, through `run`.
        case media
        /// A mutated seed timeline (OpenTimelineIO, `cut.otio`) under its manifest, through `validate` or `run`.
        case timeline
    }

    var kind: Kind
    /// The seed manifest it started from.
    var seedName: String
    var manifest: String
    /// The arguments after the program name.
    var arguments: [String]
    /// Media files replaced by damaged copies, by name.
    var damagedMedia: [String: [UInt8]] = [:]
    /// The timeline file's text when the case mutated it (else the workspace's pristine one stays).
    var timeline: String?
    /// What was done, for the failure message.
    var steps: [String] = []

    /// Whether the command renders (and so gets the render's limits).
    var renders: Bool { arguments.first == "run" && !arguments.contains("--dry-run") }

    /// The seed of case `index` of a run seeded with `seed`.
    static func seed(_ seed: UInt64, index: Int) -> UInt64 {
        var mixer = SeededRandom(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return mixer.next()
    }

    /// Case `index`, its kind from a fixed rotation of nine (so a short run covers all five).
    static func make(index: Int, seed: UInt64, workspace: FuzzWorkspace) -> FuzzCase {
        var generator = SeededRandom(seed: Self.seed(seed, index: index))
        let kind = [Kind.manifest, .manifest, .arguments, .media, .manifest, .manifestRun, .arguments, .media,
                    .timeline][index % 9]
        // Runs render the small seeds only; the example (ten outputs) is validated.
        let choices = kind == .manifest || kind == .arguments ? workspace.seeds : workspace.seeds.filter { $0.name != "spring.yaml" }
        // A timeline case runs under the seed manifest that names the timeline.
        let seed = kind == .timeline ? workspace.timelineManifest
            : choices[Int.random(in: 0..<choices.count, using: &generator)]
        var fuzzCase = FuzzCase(kind: kind, seedName: seed.name, manifest: seed.text, arguments: [])
        switch kind {
        case .manifest, .manifestRun:
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                fuzzCase.manifest = FuzzMutator.mutate(fuzzCase.manifest, dictionary: workspace.dictionary, using: &generator)
            }
            fuzzCase.arguments = kind == .manifest ? ["validate", "m.yaml"] : ["run", "m.yaml", "--out", "out", "--force"]
            fuzzCase.steps.append("mutated manifest")
        case .arguments:
            let line = workspace.argumentLines[Int.random(in: 0..<workspace.argumentLines.count, using: &generator)]
            let command = line.first ?? "validate"
            // A render takes a small seed, as `.manifestRun` does: the example's ten outputs take minutes in a debug
            // build (about three, one at a time), near the hang guard's limit.
            if command == "run", fuzzCase.seedName == "spring.yaml" {
                let small = workspace.seeds.filter { $0.name != "spring.yaml" }
                let seed = small[Int.random(in: 0..<small.count, using: &generator)]
                (fuzzCase.seedName, fuzzCase.manifest) = (seed.name, seed.text)
            }
            let rest = FuzzMutator.mutate(arguments: Array(line.dropFirst()), dictionary: workspace.dictionary,
                                          using: &generator)
            // Renders stay in `out` whatever the rest says (given first, before any `--` the mutations insert).
            fuzzCase.arguments = [command] + (command == "run" ? ["--out", "out"] : []) + rest
            fuzzCase.steps.append("mutated command line")
        case .media:
            let name = FuzzWorkspace.mediaNames[Int.random(in: 0..<FuzzWorkspace.mediaNames.count, using: &generator)]
            let other = workspace.media[FuzzWorkspace.mediaNames.randomElement(using: &generator) ?? name] ?? []
            let (bytes, step) = FuzzMutator.damage(workspace.media[name] ?? [], splicing: other, using: &generator)
            fuzzCase.damagedMedia[name] = bytes
            fuzzCase.arguments = ["run", "m.yaml", "--out", "out", "--force"]
            fuzzCase.steps.append("\(name): \(step)")
        case .timeline:
            fuzzCase.timeline = mutatedTimeline(workspace, using: &generator)
            fuzzCase.arguments = Bool.random(using: &generator) ? ["validate", "m.yaml"]
                : ["run", "m.yaml", "--out", "out", "--force"]
            fuzzCase.steps.append("mutated \(FuzzWorkspace.timelineName)")
        }
        return fuzzCase
    }

    /// One to three mutations of the workspace's timeline.
    private static func mutatedTimeline(_ workspace: FuzzWorkspace, using generator: inout SeededRandom) -> String {
        var timeline = workspace.timeline
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            timeline = FuzzMutator.mutate(timeline, dictionary: workspace.dictionary, using: &generator)
        }
        return timeline
    }

    /// The case as a reader replays it: the command, the damage, the manifest and a mutated timeline.
    var reproducer: String {
        var text = "mediabatch " + arguments.map(ArgumentQuoting.quoted).joined(separator: " ") + "\n"
        text += "from seed manifest \(seedName); " + steps.joined(separator: "; ") + "\n"
        text += "--- m.yaml ---\n" + manifest + (manifest.hasSuffix("\n") ? "" : "\n")
        if let timeline {
            text += "--- \(FuzzWorkspace.timelineName) ---\n" + timeline + (timeline.hasSuffix("\n") ? "" : "\n")
        }
        return text
    }
}

/// Arguments written as a shell would need them typed (control characters as `$'\e'` escapes).
enum ArgumentQuoting {
    static func quoted(_ argument: String) -> String {
        let plain = !argument.isEmpty && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@+%".contains($0) }
        if plain { return argument }
        if argument.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var text = "$'"
        for scalar in argument.unicodeScalars {
            switch scalar {
            case "'": text += "\\'"
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "'"
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
