import Foundation
import MediaBatch

/// `run` and `report merge`.
enum BatchCommand {
    static func run(_ invocation: Invocation, version: String) -> Int32 {
        let plan = BatchPlan.make(paths: invocation.paths, presetOverride: invocation.preset, only: invocation.only)
        Commands.printErrors(plan.diagnostics)
        if plan.isInvalid { return 2 }
        Commands.printErrors(plan.problems.map(\.diagnostic))
        if invocation.dryRun {
            print(PlanFormatter.text(plan))
            return plan.problems.isEmpty ? 0 : 1
        }
        FileHandle.standardError.write(Data("mediabatch: rendering is not available yet; use --dry-run to see the plan\n".utf8))
        return 1
    }

    static func mergeReports(_ invocation: Invocation, version: String) -> Int32 {
        FileHandle.standardError.write(Data("mediabatch: report merge is not available yet\n".utf8))
        return 1
    }
}
