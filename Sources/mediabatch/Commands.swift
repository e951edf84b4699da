import Foundation
import Manifest
import MediaBatch
import MediaCore

/// What each command does, returning the exit status.
enum Commands {
    static let version = "0.1.0"

    static func run(_ invocation: Invocation) -> Int32 {
        switch invocation.command {
        case .help:
            print(Invocation.usage)
            return 0
        case .version:
            print("mediabatch \(version)")
            return 0
        case .validate:
            return validate(invocation)
        case .plan:
            return plan(invocation)
        case .run:
            return BatchCommand.run(invocation, version: version)
        case .reportMerge:
            return BatchCommand.mergeReports(invocation, version: version)
        }
    }

    static func printErrors(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
    }

    static func validate(_ invocation: Invocation) -> Int32 {
        let plan = BatchPlan.make(paths: invocation.paths, allowsDevices: invocation.allowDevices, keeping: .dependencies,
                                  limits: invocation.limits)
        let all = plan.diagnostics + plan.problems.map(\.diagnostic)
        printErrors(all)
        let errors = all.filter { $0.severity == .error }.count
        if errors > 0 {
            FileHandle.standardError.write(Data("\(errors) error\(errors == 1 ? "" : "s")\n".utf8))
            return 2
        }
        if !invocation.quiet {
            let outputs = plan.builtCount, manifests = plan.builtManifests.count
            print("valid: \(outputs) output\(outputs == 1 ? "" : "s") in \(manifests) manifest\(manifests == 1 ? "" : "s")")
        }
        return 0
    }

    static func plan(_ invocation: Invocation) -> Int32 {
        let plan = BatchPlan.make(paths: invocation.paths, presetOverride: invocation.preset, only: invocation.only,
                                  allowsDevices: invocation.allowDevices, limits: invocation.limits)
        printErrors(plan.diagnostics)
        if plan.isInvalid { return 2 }
        if invocation.json {
            guard (try? PlanDocument.write(jobs: plan.jobs, problems: plan.problems)) != nil else { return 1 }
        } else {
            printErrors(plan.problems.map(\.diagnostic))
            print(TerminalText.escaped(PlanFormatter.text(plan), keepingNewlines: true))
        }
        return plan.problems.isEmpty ? 0 : 1
    }
}

/// What `plan --json` prints: every job in full, and the outputs that cannot be built.
struct PlanDocument: Encodable {
    struct Problem: Encodable {
        var output: String
        var stage: String
        var location: String?
        var reason: String
        init(_ problem: JobProblem) {
            output = problem.output
            stage = problem.stage
            location = problem.diagnostic.location?.description
            reason = problem.reason
        }
    }
    var jobs: [Job]
    var problems: [Problem]

    /// Prints the document (as `JSONEncoder` would print it pretty, with sorted keys) one job at a time, so a plan
    /// of 10 000 jobs is never one giant value in memory.
    static func write(jobs: [Job], problems: [JobProblem]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
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
