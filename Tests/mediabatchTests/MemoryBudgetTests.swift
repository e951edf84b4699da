import Foundation
import MediaBatch
import Testing

/// `--max-memory` sizes: powers of 1024 with or without a unit's B or iB, bare numbers are bytes.
@Suite struct MemoryBudgetTests {
    @Test(arguments: [
        ("350M", 350 << 20), ("350MB", 350 << 20), ("350MiB", 350 << 20), ("2G", 2 << 30), ("2gb", 2 << 30),
        ("512k", 512 << 10), ("1048576", 1 << 20), (" 1T ", 1 << 40),
    ])
    func readsSizes(text: String, bytes: Int) {
        #expect(MemoryBudget(parsing: text)?.bytes == bytes)
    }

    @Test(arguments: ["", "M", "0", "0G", "-5M", "1.5G", "12 MB", "3X", "99999999999999999999", "9000000000000T"])
    func refusesWhatIsNotASize(text: String) {
        #expect(MemoryBudget(parsing: text) == nil)
    }

    @Test func defaultIsBelowTheMachinesMemory() {
        let budget = MemoryBudget.machineDefault
        #expect(budget.bytes > 0)
        #expect(UInt64(budget.bytes) < ProcessInfo.processInfo.physicalMemory)
    }
}
