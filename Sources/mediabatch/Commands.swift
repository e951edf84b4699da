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
        let plan = BatchPlan.make(paths: invocation.paths, keeping: .dependencies)
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
        let plan = BatchPlan.make(paths: invocation.paths, presetOverride: invocation.preset, only: invocation.only)
        printErrors(plan.diagnostics)
        if plan.isInvalid { return 2 }
        if invocation.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let document = PlanDocument(jobs: plan.jobs, problems: plan.problems.map { PlanDocument.Problem($0) })
            guard let data = try? encoder.encode(document) else { return 1 }
            FileHandle.standardOutput.write(data)
            print("")
        } else {
            printErrors(plan.problems.map(\.diagnostic))
            print(PlanFormatter.text(plan))
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
}
