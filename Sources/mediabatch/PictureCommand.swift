import Foundation
import MediaBatch
import MediaCore

/// `frames` and `sheet`: pictures of one output, rendered without encoding it.
enum PictureCommand {
    static func run(_ invocation: Invocation, console: Console) -> Int32 {
        guard let name = invocation.subject else { return 64 }
        let plan = BatchPlan.make(paths: invocation.paths, presetOverride: invocation.preset, only: [name],
                                  downloads: DownloadOptions(invocation))
        for error in plan.argumentErrors {
            if case let .unmatchedPatterns(_, nearest) = error {
                var message = "no output named '\(name)'"
                if !nearest.isEmpty { message += "; nearest output names: " + nearest.map { "'\($0)'" }.joined(separator: ", ") }
                console.usage(Invocation.UsageError(message: message, command: invocation.command))
            } else {
                console.error(ArgumentDiagnostic.text(error, arguments: invocation.arguments, console: console))
            }
        }
        if !plan.argumentErrors.isEmpty { return 64 }
        console.print(plan.diagnostics)
        if plan.isInvalid { return 2 }
        let problems = plan.problems.filter { $0.output == name }
        guard problems.isEmpty, let job = plan.jobs.first(where: { $0.name == name }) else {
            console.print(problems.flatMap(\.diagnostics))
            return 1
        }
        let directory = invocation.outDirectory ?? "."
        do {
            if invocation.command == .frames {
                for path in try OutputPictures.writeFrames(of: job, at: invocation.times, into: directory) {
                    console.output(TerminalText.escaped(path))
                }
            } else {
                console.output(TerminalText.escaped(try OutputPictures.writeSheet(
                    of: job, count: invocation.count, columns: invocation.columns, cellWidth: invocation.width,
                    into: directory, reframe: invocation.reframe)))
            }
        } catch {
            if case .badTime = error {
                console.usage(Invocation.UsageError(message: error.description, command: invocation.command))
                return 64
            }
            console.error("mediabatch: error: " + TerminalText.escaped("\(error)"))
            return 1
        }
        return 0
    }
}
