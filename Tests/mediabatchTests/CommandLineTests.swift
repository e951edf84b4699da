import Foundation
@testable import mediabatch
import Testing

/// The command line's conventions, through the built binary: help on every command, version, help topics, the
/// reference and man page printed from the same table, completions, colour, and values the manifests cannot satisfy.
@Suite struct CommandLineTests {
    static let repository = ExampleManifestTests.repository

    @Test(arguments: CommandSpec.all)
    func everyCommandHasHelpWithOptionsAndExamples(spec: CommandSpec) throws {
        let words = spec.name.split(separator: " ").map(String.init)
        for flag in ["--help", "-h"] {
            let result = try CommandRunner.run(words + [flag], in: Self.repository)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == HelpText.command(spec))
            #expect(result.stdout.hasPrefix("usage: mediabatch \(spec.synopsis)\n"))
            for option in spec.options { #expect(result.stdout.contains("  " + HelpText.optionLabel(option))) }
            #expect(result.stdout.contains("examples:\n  mediabatch "))
        }
    }

    @Test func versionAndOverview() throws {
        let version = try CommandRunner.run(["--version"], in: Self.repository)
        #expect(version.status == 0 && version.stdout == "mediabatch 0.1.0\n")
        let overview = try CommandRunner.run([], in: Self.repository)
        #expect(overview.status == 0 && overview.stdout == HelpText.overview())
        for spec in CommandSpec.all { #expect(overview.stdout.contains("mediabatch " + spec.synopsis)) }
    }

    @Test func helpTopics() throws {
        for topic in HelpTopic.all {
            let result = try CommandRunner.run(["help", topic.name], in: Self.repository)
            #expect(result.status == 0 && result.stdout.hasPrefix("\(topic.name): \(topic.summary)\n\n"))
        }
        let unknown = try CommandRunner.run(["help", "exit-stats"], in: Self.repository)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("mediabatch: error: no help on 'exit-stats'; did you mean 'exit-status'?"))
    }

    /// docs/cli.md is what `help --markdown` prints: the docs and `--help` come from one table.
    @Test func referenceDocMatchesTheCommandTable() throws {
        let doc = try String(contentsOf: Self.repository.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let printed = try CommandRunner.run(["help", "--markdown"], in: Self.repository)
        #expect(printed.status == 0)
        #expect(doc == printed.stdout, "docs/cli.md is stale: run 'mediabatch help --markdown > docs/cli.md'")
        for spec in CommandSpec.all {
            #expect(doc.contains("## `mediabatch \(spec.name)`"))
            for option in spec.options { #expect(doc.contains("| `\(HelpText.optionLabel(option))` |")) }
        }
    }

    @Test func manPageHasEveryCommandAndOption() throws {
        let result = try CommandRunner.run(["help", "--man"], in: Self.repository)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(".TH MEDIABATCH 1 \"\" \"mediabatch 0.1.0\" \"User Commands\"\n.SH NAME\n"))
        for spec in CommandSpec.all {
            #expect(result.stdout.contains(".SS \(spec.name)"))
            for option in spec.options { #expect(result.stdout.contains(option.name.replacingOccurrences(of: "-", with: "\\-"))) }
        }
        for topic in HelpTopic.all { #expect(result.stdout.contains(".SH " + topic.name.uppercased().replacingOccurrences(of: "-", with: "\\-"))) }
    }

    /// The bash script, loaded into bash, completes commands, options and option values.
    @Test(arguments: [
        ("mediabatch ru", "run"),
        ("mediabatch run --pr", "--preset --progress"),
        ("mediabatch run --color ", "auto always never"),
        ("mediabatch plan --sh", "--sheet"),
        ("mediabatch help exit", "exit-status"),
        ("mediabatch completion f", "fish"),
        ("mediabatch report ", "merge"),
    ])
    func bashCompletion(line: String, expected: String) throws {
        let script = try CommandRunner.run(["completion", "bash"], in: Self.repository)
        #expect(script.status == 0)
        let directory = try CommandRunner.temporaryDirectory("completion")
        try CommandRunner.write(script.stdout, to: "mediabatch.bash", in: directory)
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let program = """
            source mediabatch.bash
            COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
            COMP_CWORD=\(words.count - 1)
            _mediabatch
            echo "${COMPREPLY[*]}"
            """
        let output = try Self.shell("bash", ["-c", program], in: directory)
        #expect(output == expected + "\n")
    }

    /// zsh and fish scripts name every command and option; each shell checks its script's syntax when installed.
    @Test(arguments: Completions.Shell.allCases)
    func completionScripts(shell: Completions.Shell) throws {
        let result = try CommandRunner.run(["completion", shell.rawValue], in: Self.repository)
        #expect(result.status == 0 && result.stdout == Completions.script(for: shell))
        for spec in CommandSpec.all {
            for option in spec.options {
                let name = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(result.stdout.contains(name), "\(shell) script lacks \(option.name) of \(spec.name)")
            }
        }
        let checker = shell.rawValue
        guard let path = Self.which(checker) else { return }
        let directory = try CommandRunner.temporaryDirectory("completion")
        try CommandRunner.write(result.stdout, to: "script", in: directory)
        _ = try Self.shell(path, ["-n", "script"], in: directory)
    }

    @Test func colourFollowsTheFlagAndNoColor() throws {
        let directory = try CommandRunner.temporaryDirectory("color")
        try CommandRunner.write("mediabatch: 1\noutputs:\n  - { name: x, clips: [a.mp4], background: blak }\n", to: "m.yaml", in: directory)
        let red = "\u{1B}[1;31merror:\u{1B}[0m"
        let always = try CommandRunner.run(["validate", "m.yaml", "--color", "always"], in: directory, environment: ["NO_COLOR": "1"])
        #expect(always.status == 2 && always.stderr.contains(red))
        let noColor = try CommandRunner.run(["--color=auto", "validate", "m.yaml"], in: directory, environment: ["NO_COLOR": "1"])
        #expect(noColor.status == 2 && !noColor.stderr.contains("\u{1B}["))
        #expect(noColor.stderr.contains("m.yaml:3:44: error: unknown colour 'blak'; did you mean 'black'?"))
        let never = try CommandRunner.run(["validate", "m.yaml", "--color", "never"], in: directory)
        #expect(!never.stderr.contains("\u{1B}["))
    }

    @Test func valuesTheManifestsCannotSatisfyAreUsageErrorsAtTheirArgument() throws {
        let only = try CommandRunner.run(["run", "manifests", "--only", "teasr", "--only", "promo-*"], in: Self.repository)
        #expect(only.status == 64)
        #expect(only.stdout == "")
        #expect(only.stderr == """
            mediabatch: error: --only 'teasr' matches no output; nearest output names: 'teaser', 'promo-bag-1x1', 'promo-bag-16x9'
              mediabatch run manifests --only teasr --only 'promo-*'
                                              ^

            """)
        let preset = try CommandRunner.run(["plan", "manifests", "--preset=web1080p"], in: Self.repository)
        #expect(preset.status == 64)
        #expect(preset.stderr == """
            mediabatch: error: unknown preset 'web1080p' for '--preset'; did you mean 'web-1080p'?
              mediabatch plan manifests --preset=web1080p
                                                 ^

            """)
    }

    static func which(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `program arguments` in `directory`, requires it to succeed, and returns its standard output.
    static func shell(_ program: String, _ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(program) failed: \(problem)")
        return String(decoding: data, as: UTF8.self)
    }
}
