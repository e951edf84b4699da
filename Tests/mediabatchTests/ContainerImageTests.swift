import Foundation
import Testing

/// The Dockerfile parses, its stages hang together, and its runtime stage installs exactly the `runtime` packages of
/// scripts/setup.sh. Where a container engine answers, the image is built and run too.
@Suite struct ContainerImageTests {
    static let repository = ExampleManifestTests.repository

    /// One Dockerfile instruction, continuation lines joined.
    struct Instruction {
        var line: Int
        var keyword: String
        var arguments: String
    }

    static let keywords: Set<String> = ["FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT",
                                        "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL"]

    /// The instructions of `text`: comments and blank lines dropped, lines ending in `\` joined with the next.
    static func parse(_ text: String) throws -> [Instruction] {
        var instructions: [Instruction] = []
        var pending: (line: Int, text: String)?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || (line.isEmpty && pending == nil) { continue }
            var current = pending ?? (index + 1, "")
            let continued = line.hasSuffix("\\")
            current.text += " " + (continued ? String(line.dropLast()) : line)
            if continued { pending = current; continue }
            pending = nil
            let body = current.text.trimmingCharacters(in: .whitespaces)
            let keyword = String(body.prefix { !$0.isWhitespace })
            guard keywords.contains(keyword.uppercased()), keyword == keyword.uppercased() else {
                Issue.record("Dockerfile line \(current.line): unknown instruction '\(keyword)'")
                continue
            }
            instructions.append(Instruction(line: current.line, keyword: keyword,
                                            arguments: body.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)))
        }
        #expect(pending == nil, "the Dockerfile ends inside a continued line")
        return instructions
    }

    /// The packages an `apt-get install` in `run` names.
    static func installedPackages(_ run: String) -> [String] {
        var packages: [String] = []
        for command in run.components(separatedBy: "&&") {
            let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let install = words.firstIndex(of: "install"), words[..<install].contains("apt-get") else { continue }
            packages += words[(install + 1)...].filter { !$0.hasPrefix("-") }
        }
        return packages
    }

    /// The words of the bash array `name=( ... )` in `script`, comments dropped.
    static func bashArray(_ name: String, in script: String) -> [String] {
        guard let start = script.range(of: "\n\(name)=(") else { return [] }
        var words: [String] = []
        for line in script[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.prefix { $0 != "#" }
            words += code.prefix { $0 != ")" }.split(whereSeparator: \.isWhitespace).map(String.init)
            if code.contains(")") { break }
        }
        return words
    }

    @Test func dockerfileParsesAndItsRuntimeStageMatchesSetup() throws {
        let dockerfile = try String(contentsOf: Self.repository.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let instructions = try Self.parse(dockerfile)
        #expect(instructions.first?.keyword == "ARG" || instructions.first?.keyword == "FROM")
        // Stages: FROM IMAGE AS NAME; COPY --from names an earlier stage; FROM's ${ARG} declared before it.
        var stages: [String] = [], arguments: Set<String> = []
        var runtime: [Instruction] = []
        for instruction in instructions {
            switch instruction.keyword {
            case "ARG":
                arguments.insert(String(instruction.arguments.prefix { $0 != "=" }))
            case "FROM":
                let words = instruction.arguments.split(separator: " ").map(String.init)
                #expect(words.count == 3 && words[1].uppercased() == "AS", "line \(instruction.line): FROM IMAGE AS NAME")
                for variable in words[0].components(separatedBy: "${").dropFirst() {
                    #expect(arguments.contains(String(variable.prefix { $0 != "}" })), "line \(instruction.line): undeclared ARG")
                }
                stages.append(words.last ?? "")
                runtime = []
            case "COPY":
                if let from = instruction.arguments.split(separator: " ").first(where: { $0.hasPrefix("--from=") }) {
                    #expect(stages.dropLast().contains(String(from.dropFirst("--from=".count))), "line \(instruction.line): unknown stage")
                }
                runtime.append(instruction)
            default:
                runtime.append(instruction)
            }
        }
        #expect(stages == ["build", "runtime"])
        #expect(instructions.contains { $0.keyword == "RUN" && $0.arguments.contains("swift build -c release") })
        #expect(instructions.last?.keyword == "CMD" && runtime.contains { $0.keyword == "ENTRYPOINT" })

        let setup = try String(contentsOf: Self.repository.appendingPathComponent("scripts/setup.sh"), encoding: .utf8)
        let wanted = Self.bashArray("runtime", in: setup)
        let installed = runtime.filter { $0.keyword == "RUN" }.flatMap { Self.installedPackages($0.arguments) }
        #expect(!wanted.isEmpty)
        #expect(installed.sorted() == wanted.sorted(), "the runtime stage installs \(installed), setup.sh lists \(wanted)")
        // Nothing to build with in the runtime stage.
        #expect(!installed.contains { $0.hasSuffix("-dev") || $0 == "pkg-config" })
    }

    static var engine: String? {
        guard let docker = CommandLineTests.which("docker") ?? CommandLineTests.which("podman") else { return nil }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: docker)
        probe.arguments = ["info"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? docker : nil
    }

    @Test(.enabled(if: engine != nil, "no container engine answers here ('docker info' fails); the image is not built"),
          .timeLimit(.minutes(30)))
    func imageBuildsAndRuns() throws {
        guard let engine = Self.engine else { return }
        _ = try CommandLineTests.shell(engine, ["build", "-t", "mediabatch-test:latest", "."], in: Self.repository)
        let version = try CommandLineTests.shell(engine, ["run", "--rm", "mediabatch-test:latest", "--version"], in: Self.repository)
        #expect(version == "mediabatch 0.1.0\n")
    }
}
