import Foundation
import Manifest
import MediaBatch
import MediaCore
import Scheduler

/// A parsed command line: which command, its paths and its options. Which options each command takes comes from
/// `CommandSpec`, the table help is printed from.
struct Invocation: Equatable, Sendable {
    /// The commands mediabatch understands.
    enum Command: String, Equatable, Sendable, CaseIterable {
        case run, validate, plan, frames, sheet, reportMerge = "report merge", cache, completion, help, version
    }

    /// When to colour the output.
    enum ColorChoice: String, Equatable, Sendable {
        case auto, always, never
    }

    /// Why a command line cannot be run; exit status 64.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var message: String
        /// The command whose help to point to; nil points to `mediabatch help`.
        var command: Command? = nil
        var description: String {
            let hint = command.map { "mediabatch \($0.rawValue) --help" } ?? "mediabatch help"
            return "mediabatch: error: \(message)\nrun '\(hint)' for usage"
        }
    }

    var command: Command
    /// The arguments as given (without the program name), to quote under errors about them.
    var arguments: [String] = []
    var paths: [String] = []
    /// `frames` and `sheet`: the output's name; `help`: the topic; `completion`: the shell.
    var subject: String?
    /// `--help` was given: print the command's help instead of running it.
    var wantsHelp = false
    var color = ColorChoice.auto
    var json = false
    /// `validate --github`: each problem also as a GitHub Actions annotation on standard output.
    var github = false
    var outDirectory: String?
    /// `plan --otio DIR`: where each output's OpenTimelineIO timeline is written.
    var otioDirectory: String?
    var reportDirectory: String?
    var jobs: Int?
    var maxMemory: MemoryBudget?
    /// `--cache-size` in bytes; nil for the default.
    var cacheSize: Int?
    var only: [String] = []
    var dryRun = false
    var preset: String?
    var force = false
    var failFast = false
    var retries = 0
    /// `--timeout`: how long one render may run.
    var timeout: MediaTime?
    var shard: String?
    var quiet = false
    var verbose = false
    var strict = false
    var progressJSON = false
    var sheet = false
    /// `sheet --reframe`: the reframed clips' sources with the chosen crop drawn.
    var reframe = false
    var times: [String] = []
    var count = 12
    var columns = 4
    var width = 320
    var allowedHosts: [String] = []
    var cacheDirectory: String?
    var manPage = false
    var markdown = false
    /// Fail at once when another run holds an output folder's lock, instead of waiting.
    var noWait = false
    /// Let sources be named pipes and devices.
    var allowDevices = false
    /// `cache --clear`: remove the kept segments.
    var clear = false
    /// The most outputs all manifests together may expand to.
    var maxOutputs: Int?

    /// Parses `arguments` (without the program name).
    init(parsing arguments: [String]) throws(UsageError) {
        command = .help
        self.arguments = arguments
        var rest = arguments[...]
        // `--color` may also come before the command.
        while let first = rest.first, first == "--color" || first.hasPrefix("--color=") {
            rest.removeFirst()
            let value = first == "--color" ? rest.popFirst() : String(first.dropFirst("--color=".count))
            try apply(option: "--color", value: value ?? "")
        }
        guard let first = rest.popFirst() else { command = .help; return }
        let named = try Self.command(first, rest: &rest)
        (command, wantsHelp) = (named.command, named.wantsHelp)
        if named.isWhole { return }
        let spec = CommandSpec.of(command)
        var positional: [String] = []
        while let argument = rest.popFirst() {
            if argument == "--" { positional += rest; break }
            guard argument.hasPrefix("-"), argument != "-" else { positional.append(argument); continue }
            try take(argument, of: spec, rest: &rest)
        }
        if wantsHelp { return }
        try assign(positional)
    }

    /// The command `first` names (`report` taking its `merge` from `rest`); `isWhole` when nothing after it is read
    /// (`--help`, `--version`, `report --help`).
    private static func command(_ first: String, rest: inout ArraySlice<String>) throws(UsageError)
        -> (command: Command, wantsHelp: Bool, isWhole: Bool) {
        switch first {
        case "--help", "-h": return (.help, false, true)
        case "--version": return (.version, false, true)
        case "report":
            guard rest.first == "merge" else {
                if let next = rest.first, next == "--help" || next == "-h" { return (.reportMerge, true, true) }
                throw UsageError(message: "'report' needs a subcommand: 'mediabatch report merge DIR...'")
            }
            rest.removeFirst()
            return (.reportMerge, false, false)
        default:
            guard let known = Command(rawValue: first), known != .reportMerge else {
                let names = CommandSpec.all.map(\.word)
                var message = "unknown command '\(first)'"
                if let guess = Suggestion.closest(to: first, among: names) { message += "; did you mean '\(guess)'?" }
                throw UsageError(message: message)
            }
            return (known, false, false)
        }
    }

    /// Reads one option of `spec` (`--name`, `--name=value`, `--name value` or its short form), taking its value from
    /// `rest` when it has one.
    private mutating func take(_ argument: String, of spec: CommandSpec,
                               rest: inout ArraySlice<String>) throws(UsageError) {
        var name = argument
        var inlineValue: String?
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        guard let option = spec.option(name) else {
            var message = "unknown option '\(name)' for '\(command.rawValue)'"
            let names = spec.options.map(\.name) + spec.options.compactMap(\.short)
            if let guess = Suggestion.closest(to: name, among: names) { message += "; did you mean '\(guess)'?" }
            throw UsageError(message: message, command: command)
        }
        if option.value == nil {
            guard inlineValue == nil else {
                throw UsageError(message: "option '\(option.name)' takes no value", command: command)
            }
            apply(flag: option.name)
        } else {
            guard let value = inlineValue ?? rest.popFirst() else {
                throw UsageError(message: "option '\(name)' needs a value", command: command)
            }
            try apply(option: option.name, value: value)
        }
    }

    /// Gives the positional arguments their roles and fills in defaults.
    private mutating func assign(_ positional: [String]) throws(UsageError) {
        var positional = positional[...]
        switch command {
        case .frames, .sheet:
            guard let name = positional.popFirst() else {
                throw UsageError(message: "'\(command.rawValue)' needs the name of an output", command: command)
            }
            subject = name
            if command == .frames && times.isEmpty {
                throw UsageError(message: "'frames' needs '--at' with the times to render, such as '--at 1s,3.5s,end'",
                                 command: command)
            }
        case .completion:
            guard let shell = positional.popFirst() else {
                throw UsageError(message: "'completion' needs a shell: bash, zsh or fish", command: command)
            }
            guard Completions.Shell(rawValue: shell) != nil else {
                var message = "unknown shell '\(shell)'"
                if let guess = Suggestion.closest(to: shell, among: ["bash", "zsh", "fish"]) { message += "; did you mean '\(guess)'?" }
                throw UsageError(message: message + "; use bash, zsh or fish", command: command)
            }
            subject = shell
        case .help:
            subject = positional.popFirst()
            if subject == "report", positional.first == "merge" { positional.removeFirst(); subject = "report merge" }
        default:
            break
        }
        if command == .completion || command == .help || command == .version || command == .cache {
            if let extra = positional.first {
                throw UsageError(message: "unexpected argument '\(extra)' for '\(command.rawValue)'", command: command)
            }
            return
        }
        paths = Array(positional)
        if json && github {
            throw UsageError(message: "'--github' and '--json' cannot be used together; choose one", command: command)
        }
        if command == .reportMerge && paths.isEmpty {
            throw UsageError(message: "'report merge' needs at least one report directory", command: command)
        }
        if command != .reportMerge && paths.isEmpty { paths = ["manifests"] }
    }

    private mutating func apply(flag: String) {
        switch flag {
        case "--help": wantsHelp = true
        case "--json": json = true
        case "--github": github = true
        case "--dry-run": dryRun = true
        case "--force": force = true
        case "--fail-fast": failFast = true
        case "--strict": strict = true
        case "--quiet": quiet = true
        case "--verbose": verbose = true
        case "--sheet": sheet = true
        case "--reframe": reframe = true
        case "--man": manPage = true
        case "--markdown": markdown = true
        case "--no-wait": noWait = true
        case "--allow-devices": allowDevices = true
        case "--clear": clear = true
        default: break
        }
    }

    private mutating func apply(option: String, value: String) throws(UsageError) {
        switch option {
        case "--out": outDirectory = try directory(value, option)
        case "--otio": otioDirectory = try directory(value, option)
        case "--max-outputs": maxOutputs = try whole(value, option, in: Bounds.outputs)
        case "--report": reportDirectory = value
        case "--jobs": jobs = try whole(value, option, in: Bounds.jobs)
        case "--max-memory": maxMemory = try memoryBudget(value)
        case "--cache-size": cacheSize = try cacheBytes(value)
        case "--retries": retries = try whole(value, option, in: Bounds.retries)
        case "--timeout": timeout = try timeLimit(value)
        case "--count": count = try whole(value, option, in: 1...400)
        case "--columns": columns = try whole(value, option, in: 1...40)
        case "--width": width = try whole(value, option, in: 16...4096)
        case "--only": only.append(value)
        case "--at": times += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        case "--preset": preset = value
        case "--allow-host": allowedHosts.append(value)
        case "--cache": cacheDirectory = value
        case "--progress":
            guard value == "json" || value == "text" else {
                throw UsageError(message: "'--progress' needs 'text' or 'json', not '\(value)'", command: command)
            }
            progressJSON = value == "json"
        case "--color":
            guard let choice = ColorChoice(rawValue: value) else {
                throw UsageError(message: "'--color' needs 'auto', 'always' or 'never', not '\(value)'", command: command)
            }
            color = choice
        case "--shard": shard = try shardText(value)
        default:
            break
        }
    }

    /// `value` when it names a directory (not empty).
    private func directory(_ value: String, _ option: String) throws(UsageError) -> String {
        guard !value.isEmpty else { throw UsageError(message: "'\(option)' needs a directory, not an empty string", command: command) }
        return value
    }

    /// `--max-memory`'s value: a size from 1M to 64T.
    private func memoryBudget(_ value: String) throws(UsageError) -> MemoryBudget {
        guard let budget = MemoryBudget(parsing: value), Bounds.memory.contains(budget.bytes) else {
            throw UsageError(message: "'--max-memory' needs a size from 1M to 64T, such as '350M' or '2G', not '\(value)'",
                             command: command)
        }
        return budget
    }

    /// `--cache-size`'s value in bytes: 0 (keep nothing) or a size up to 64T.
    private func cacheBytes(_ value: String) throws(UsageError) -> Int {
        let size = value == "0" ? 0 : MemoryBudget(parsing: value)?.bytes
        guard let size, size <= Bounds.memory.upperBound else {
            throw UsageError(message: "'--cache-size' needs 0 or a size up to 64T, such as '500M' or '2G', "
                                + "not '\(value)'", command: command)
        }
        return size
    }

    /// `--timeout`'s value: a time in the manifest's syntax from 1 second to 7 days.
    private func timeLimit(_ value: String) throws(UsageError) -> MediaTime {
        guard let time = try? TimeSyntax.parse(value), time >= Bounds.timeout.lowerBound,
              time <= Bounds.timeout.upperBound else {
            throw UsageError(message: "'--timeout' needs a time from 1s to 7 days, such as '90s', '600' or '01:30:00', "
                                + "not '\(value)'", command: command)
        }
        return time
    }

    /// `value` when it reads as K/N, a shard of a batch split N ways.
    private func shardText(_ value: String) throws(UsageError) -> String {
        let parts = value.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n > 0, k >= 1, k <= n,
              n <= ShardSpec.maxCount else {
            throw UsageError(message: "'--shard' needs K/N with 1 <= K <= N <= \(ShardSpec.maxCount), such as '2/3', not '\(value)'",
                             command: command)
        }
        return value
    }

    /// `value` as a whole number within `range`.
    private func whole(_ value: String, _ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw UsageError(message: "'\(option)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value)'",
                             command: command)
        }
        return number
    }
}

extension Invocation {
    /// The output limits the options ask for (`--max-outputs`).
    var limits: OutputLimits { OutputLimits(perRun: maxOutputs ?? OutputLimits.defaultPerRun) }
}

extension Invocation {
    /// The ranges numeric options accept: each wide enough for any real batch, and small enough that nothing sized
    /// by them (threads, shard tables, retry loops) can exhaust the machine.
    enum Bounds {
        /// `--jobs`: renders at once.
        static let jobs = 1...256
        /// `--retries`: extra attempts of a failed render.
        static let retries = 0...100
        /// `--max-outputs`: the same ceiling a manifest's `limits: { outputs: N }` has.
        static let outputs = 1...10_000_000
        /// `--max-memory`, in bytes: 1M to 64T.
        static let memory = (1 << 20)...(64 << 40)
        /// `--timeout`: 1 second to 7 days.
        static let timeout = MediaTime(value: 1, timescale: 1)...MediaTime(value: 7 * 24 * 3600, timescale: 1)
    }
}
