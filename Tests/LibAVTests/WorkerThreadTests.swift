import Foundation
import LibAV
import Synchronization
import Testing

/// Worker threads carry their names to the system, where profilers and `top -H` read them.
@Suite struct WorkerThreadTests {
    @Test func theSystemSeesTheThreadsName() throws {
        let seen = Mutex<String?>(nil)
        let worker = WorkerThread(name: "mb render") {
            let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            seen.withLock { $0 = name }
        }
        worker.join()
        #expect(seen.withLock { $0 } == "mb render\n")
    }
}
