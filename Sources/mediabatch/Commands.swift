import Foundation
import Manifest
import MediaBatch
import MediaCore

/// What each command does, returning the exit status.
enum Commands {
    static let version = "0.1.0"

    static func run(_ invocation: Invocation) -> Int32 {
        let console = Console(choice: invocation.color)
        if invocation.wantsHelp {
            console.output(HelpText.command(CommandSpec.of(invocation.command)), terminator: "")
            return 0
        }
        switch invocation.command {
        case .help:
            return help(invocation, console: console)
        case .version:
            console.output("mediabatch \(version)")
            return 0
        case .completion:
            let shell = Completions.Shell(rawValue: invocation.subject ?? "") ?? .bash
            console.output(Completions.script(for: shell), terminator: "")
            return 0
        case .validate:
            return validate(invocation, console: console)
        case .plan:
            return plan(invocation, console: console)
        case .frames, .sheet:
            return PictureCommand.run(invocation, console: console)
        case .run:
            return BatchCommand.run(invocation, version: version, console: console)
        case .reportMerge:
            return BatchCommand.mergeReports(invocation, console: console)
        case .cache:
            return CacheCommand.run(invocation, version: version, console: console)
        }
    }

    static func help(_ invocation: Invocation, console: Console) -> Int32 {
        if invocation.manPage {
            console.output(HelpText.manPage(version: version), terminator: "")
        } else if invocation.markdown {
            console.output(HelpText.markdown(), terminator: "")
        } else if let topic = invocation.subject {
            guard let text = HelpText.lookup(topic) else {
                let names = Completions.helpTopics
                var message = "no help on '\(topic)'"
                if let guess = Suggestion.closest(to: topic, among: names) { message += "; did you mean '\(guess)'?" }
                console.usage(Invocation.UsageError(message: message + "; topics: " + names.joined(separator: ", ")))
                return 64
            }
            console.output(text, terminator: "")
        } else {
            console.output(HelpText.overview(), terminator: "")
        }
        return 0
    }

    /// The plan for `invocation`'s paths and options, or the exit status when the command must stop: 64 for
    /// values the manifests cannot satisfy, 2 for invalid manifests.
    static func loadPlan(_ invocation: Invocation, console: Console, only: [String]? = nil,
                         keeping: BatchPlan.Keeping = .all, stopsOnInvalid: Bool = true) -> Result<BatchPlan, ExitStatus> {
        let downloads = DownloadOptions(invocation)
        var plan = BatchPlan.make(paths: invocation.paths, presetOverride: invocation.preset, only: only ?? invocation.only,
                                  outDirectory: invocation.command == .run ? invocation.outDirectory : nil,
                                  allowsDevices: invocation.allowDevices, downloads: downloads, keeping: keeping,
                                  limits: invocation.limits)
        if !plan.argumentErrors.isEmpty {
            for error in plan.argumentErrors {
                console.error(ArgumentDiagnostic.text(error, arguments: invocation.arguments, console: console))
            }
            return .failure(ExitStatus(code: 64))
        }
        // validate --strict and plan --strict: every warning (text that will not draw as written) is an error.
        if invocation.strict, invocation.command != .run {
            plan.diagnostics = plan.diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                if diagnostic.severity == .warning { diagnostic.severity = .error }
                return diagnostic
            }
        }
        if stopsOnInvalid {
            console.print(plan.diagnostics)
            if plan.isInvalid { return .failure(ExitStatus(code: 2)) }
        }
        return .success(plan)
    }

    static func validate(_ invocation: Invocation, console: Console) -> Int32 {
        let plan: BatchPlan
        switch loadPlan(invocation, console: console, keeping: .dependencies, stopsOnInvalid: false) {
        case .success(let loaded): plan = loaded
        case .failure(let status): return status.code
        }
        let report = ValidationReport(plan: plan)
        if invocation.json {
            guard let text = try? ValidationDocument(report).text() else { return 1 }
            console.output(text)
            return report.errorCount > 0 ? 2 : 0
        }
        for group in report.groups where !group.diagnostics.isEmpty {
            if invocation.github {
                for diagnostic in group.diagnostics { console.output(GitHubAnnotation.line(for: diagnostic)) }
            }
            console.print(group.diagnostics)
            if !invocation.quiet { console.error(report.summary(of: group)) }
        }
        if report.errorCount > 0 {
            console.error(report.totalLine)
            return 2
        }
        if !invocation.quiet { console.output(report.totalLine) }
        return 0
    }

    static func plan(_ invocation: Invocation, console: Console) -> Int32 {
        let plan: BatchPlan
        switch loadPlan(invocation, console: console) {
        case .success(let loaded): plan = loaded
        case .failure(let status): return status.code
        }
        if invocation.json {
            guard (try? PlanDocument.write(jobs: plan.jobs, problems: plan.problems)) != nil else { return 1 }
        } else {
            console.print(ValidationReport.folded(plan.problems))
            console.output(TerminalText.escaped(PlanFormatter.text(plan), keepingNewlines: true))
        }
        if let directory = invocation.otioDirectory {
            for job in plan.jobs {
                do {
                    console.error("otio: \(try OTIOExporter.write(job, into: directory))")
                } catch {
                    console.error("mediabatch: error: cannot write the timeline of '\(job.name)': \(error)")
                    return 1
                }
            }
        }
        if invocation.sheet {
            for job in plan.jobs where job.settings.video != nil {
                let directory = invocation.outDirectory ?? (job.outputPath as NSString).deletingLastPathComponent
                do {
                    let path = try OutputPictures.writeSheet(of: job, count: invocation.count, columns: invocation.columns,
                                                             cellWidth: invocation.width, into: directory)
                    console.error("sheet: " + TerminalText.escaped(path))
                } catch {
                    console.error("mediabatch: error: " + TerminalText.escaped("\(error)"))
                    return 1
                }
            }
        }
        return plan.problems.isEmpty ? 0 : 1
    }
}

/// An exit status carried through a `Result`.
struct ExitStatus: Error {
    var code: Int32
}

extension Console {
    /// Writes `text` followed by `terminator` to standard output.
    func output(_ text: String, terminator: String) {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }
}

/// What `plan --json` prints: every job in full, and the outputs that cannot be built.
struct PlanDocument: Encodable {
    struct Problem: Encodable {
        /// A note after the problem: where a named source's path is written, the data row that fills it.
        struct Note: Encodable {
            var location: String?
            var message: String
        }
        var output: String
        var stage: String
        var location: String?
        var reason: String
        /// Left out when there are none.
        var notes: [Note]?
        init(_ problem: JobProblem) {
            output = problem.output
            stage = problem.stage
            location = problem.diagnostic.location?.description
            reason = problem.reason
            notes = problem.notes.isEmpty ? nil : problem.notes.map {
                Note(location: $0.location?.description, message: Diagnostic.shorteningLongQuotes(in: $0.message))
            }
        }
    }
    var jobs: [Job]
    var problems: [Problem]

    /// Prints the document (as `JSONEncoder` would print it pretty, with sorted keys) one job at a time, so a plan
    /// of 10 000 jobs is never one giant value in memory.
    static func write(jobs: [Job], problems: [JobProblem]) throws {
        let encoder = SortedJSONEncoder(prettyPrinted: true)
        var output = BufferedOutput()
        output.append("{\n  \"jobs\" : [")
        for (index, job) in jobs.enumerated() {
            output.append(index == 0 ? "\n    " : ",\n    ")
            output.append(indenting: try encoder.encode(job), by: 4)
        }
        output.append(jobs.isEmpty ? "\n\n  ],\n  \"problems\" : " : "\n  ],\n  \"problems\" : ")
        output.append(indenting: try encoder.encode(problems.map(Problem.init)), by: 2)
        output.append("\n}\n")
        output.flush()
    }
}

/// Standard output written in large pieces.
struct BufferedOutput {
    private var buffer: [UInt8] = []
    private let limit = 1 << 20

    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= limit { flush() }
    }

    /// Pretty JSON nested `spaces` deeper: every line after the first indented, except empty ones (as `JSONEncoder`
    /// leaves the inside of an empty array). Strings hold no raw line breaks, so every newline is the printer's.
    mutating func append(indenting json: Data, by spaces: Int) {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        buffer.reserveCapacity(buffer.count + json.count + json.count / 8)
        json.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
                if start > 0 && end > start { buffer.append(contentsOf: repeatElement(space, count: spaces)) }
                buffer.append(contentsOf: bytes[start..<end])
                if end < bytes.count { buffer.append(newline) }
                start = end + 1
            }
        }
        if buffer.count >= limit { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
