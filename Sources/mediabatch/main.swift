import Foundation
import MediaBatch
import MediaCore

// The process's heap switches, before any thread starts (ProcessHeap says why; the libraries never set them).
ProcessHeap.configure()
CryptoLibrary.keepUntilExit()

// The command line: parse, dispatch, exit with 0 (good), 1 (some output failed), 2 (invalid manifests), 64 (usage).
let status: Int32
do {
    let invocation = try Invocation(parsing: Array(CommandLine.arguments.dropFirst()))
    status = Commands.run(invocation)
} catch {
    Console(choice: .auto).usage(error)
    status = 64
}
// A render stopped while rlottie spun on malformed geometry left that call running, and rlottie's exit handlers would
// wait for it (minutes): everything is written, so leave without them.
if BatchRunner.abandonedLibraryCalls > 0 {
    fflush(nil)
    _exit(status)
}
exit(status)
