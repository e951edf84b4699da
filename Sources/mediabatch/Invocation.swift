import Manifest
import MediaCore

/// A parsed command line: which command, its paths and its options.
struct Invocation: Equatable, Sendable {
    /// The commands mediabatch understands.
    enum Command: String, Equatable, Sendable, CaseIterable {
        case run, validate, plan, reportMerge = "report merge", help, version
    }

    /// Why a command line cannot be run; exit status 64.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { "mediabatch: error: \(message)\nrun 'mediabatch help' for usage" }
    }

    var command: Command
    var paths: [String] = []
    var json = false
    var outDirectory: String?
    var jobs: Int?
    var only: [String] = []
    var dryRun = false
    var preset: String?
    var force = false
    var failFast = false
    var retries = 0
    var shard: String?
    var quiet = false
    var verbose = false
    /// Fail at once when another run holds an output folder's lock, instead of waiting.
    var noWait = false
    /// Let sources be named pipes and devices.
    var allowDevices = false
    /// The most outputs all manifests together may expand to.
    var maxOutputs: Int?

    /// Flags without a value, by command.
    private static let flags: [Command: Set<String>] = [
        .run: ["--dry-run", "--force", "--fail-fast", "--quiet", "--verbose", "-q", "-v", "--no-wait", "--allow-devices"],
        .plan: ["--json", "--allow-devices"],
        .validate: ["--quiet", "-q", "--allow-devices"],
        .reportMerge: [],
    ]

    /// Options that take a value, by command.
    private static let valued: [Command: Set<String>] = [
        .run: ["--out", "--jobs", "-j", "--only", "--preset", "--retries", "--shard", "--max-outputs"],
        .plan: ["--only", "--preset", "--max-outputs"],
        .validate: ["--max-outputs"],
        .reportMerge: ["--out"],
    ]

    /// Parses `arguments` (without the program name).
    init(parsing arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        guard let first = rest.popFirst() else { command = .help; return }
        switch first {
        case "help", "--help", "-h": command = .help; return
        case "version", "--version": command = .version; return
        case "run": command = .run
        case "validate": command = .validate
        case "plan": command = .plan
        case "report":
            guard rest.popFirst() == "merge" else {
                throw UsageError(message: "'report' needs a subcommand: 'mediabatch report merge DIR...'")
            }
            command = .reportMerge
        default:
            let names = ["run", "validate", "plan", "report", "help", "version"]
            var message = "unknown command '\(first)'"
            if let guess = Self.closest(first, names) { message += "; did you mean '\(guess)'?" }
            throw UsageError(message: message)
        }
        let flags = Self.flags[command] ?? []
        let valued = Self.valued[command] ?? []
        while let argument = rest.popFirst() {
            if argument == "--" { paths += rest; break }
            guard argument.hasPrefix("-"), argument != "-" else { paths.append(argument); continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flags.contains(name), inlineValue == nil {
                try apply(flag: name)
            } else if valued.contains(name) {
                guard let value = inlineValue ?? rest.popFirst() else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
                try apply(option: name, value: value)
            } else {
                var message = "unknown option '\(name)' for '\(command.rawValue)'"
                if let guess = Self.closest(name, Array(flags) + Array(valued)) { message += "; did you mean '\(guess)'?" }
                throw UsageError(message: message)
            }
        }
        if command == .reportMerge && paths.isEmpty {
            throw UsageError(message: "'report merge' needs at least one report directory")
        }
        if command != .reportMerge && paths.isEmpty { paths = ["manifests"] }
    }

    private mutating func apply(flag: String) throws(UsageError) {
        switch flag {
        case "--json": json = true
        case "--dry-run": dryRun = true
        case "--force": force = true
        case "--fail-fast": failFast = true
        case "--quiet", "-q": quiet = true
        case "--verbose", "-v": verbose = true
        case "--no-wait": noWait = true
        case "--allow-devices": allowDevices = true
        default: throw UsageError(message: "unknown option '\(flag)'")
        }
    }

    private mutating func apply(option: String, value: String) throws(UsageError) {
        switch option {
        case "--out":
            guard !value.isEmpty else { throw UsageError(message: "'--out' needs a directory, not an empty string") }
            outDirectory = value
        case "--max-outputs":
            guard let count = Int(value), count > 0 else {
                throw UsageError(message: "'--max-outputs' needs a whole number above 0, not '\(value)'")
            }
            maxOutputs = count
        case "--jobs", "-j":
            guard let count = Int(value), count > 0 else {
                throw UsageError(message: "'\(option)' needs a whole number above 0, not '\(value)'")
            }
            jobs = count
        case "--retries":
            guard let count = Int(value), count >= 0 else {
                throw UsageError(message: "'--retries' needs a whole number 0 or above, not '\(value)'")
            }
            retries = count
        case "--only": only.append(value)
        case "--preset": preset = value
        case "--shard":
            let parts = value.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n > 0, k >= 1, k <= n else {
                throw UsageError(message: "'--shard' needs K/N with 1 <= K <= N, such as '2/3', not '\(value)'")
            }
            shard = value
        default: throw UsageError(message: "unknown option '\(option)'")
        }
    }

    private static func closest(_ word: String, _ candidates: [String]) -> String? {
        Suggestion.closest(to: word, among: candidates)
    }

    static let usage = """
        mediabatch: turns a directory of YAML manifests into finished videos

        usage:
          mediabatch run [PATH...] [options]     render every output (PATH: manifest files or directories; default 'manifests')
          mediabatch validate [PATH...]          check manifests and sources; exit 2 with every error
                                                 (validate and plan take --max-outputs and --allow-devices too)
          mediabatch plan [PATH...] [--json]     show every output, its preset, duration, sources and timeline
          mediabatch report merge DIR... [--out DIR]   join shard reports into one
          mediabatch version | help

        run options:
          --out DIR        write outputs and reports under DIR instead of each manifest's 'out'
          --jobs, -j N     render at most N outputs at once (default: fits the CPU cores)
          --only GLOB      render only outputs whose name matches GLOB (repeatable)
          --preset NAME    use this preset for every output
          --force          render even outputs that are up to date
          --dry-run        plan only; render nothing
          --fail-fast      start no new render after the first failure
          --retries N      retry transient (I/O) failures up to N times
          --shard K/N      render the K-th of N deterministic shares (or from JOB_COMPLETION_INDEX and the like)
          --quiet, -q      print only the summary; --verbose, -v prints libav warnings too
          --no-wait        fail at once (exit 75) when another run is writing an output folder, instead of waiting
          --max-outputs N  let all manifests together expand to at most N outputs (default 100000)
          --allow-devices  let sources be named pipes and devices (default: regular files only)

        exit status: 0 all good, 1 some output failed or was skipped, 2 invalid manifests, 64 usage error,
          73 the report could not be written, 75 an output folder is busy (--no-wait)
        """
}

extension Invocation {
    /// The output limits the options ask for (`--max-outputs`).
    var limits: OutputLimits { OutputLimits(perRun: maxOutputs ?? OutputLimits.defaultPerRun) }
}
