@testable import LibAV
import Testing

/// libav's log goes to the ring buffer, not the terminal.
@Suite struct LibAVLogTests {
    @Test(arguments: [
        ("[libx264 @ 0x55d0c0] using cpu capabilities\n", "libx264", "using cpu capabilities"),
        ("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1] moov atom not found\n", "mov,mp4,m4a,3gp,3g2,mj2", "moov atom not found"),
        ("plain message\n", nil, "plain message"),
    ])
    func splitsTheComponentPrefix(line: String, component: String?, message: String) {
        let split = LibAVLog.split(line)
        #expect(split.component == component)
        #expect(split.message == message)
    }

    @Test func warningsOfAFailedOpenAreKept() throws {
        let fixtures = try Fixtures.get()
        LibAVLog.install()
        LibAVLog.install()
        let mark = LibAVLog.mark
        _ = try? InputFile(path: fixtures.truncated)
        let lines = LibAVLog.lines(since: mark)
        #expect(lines.contains { $0.message == "moov atom not found" && $0.level == .error })
        #expect(lines.allSatisfy { $0.level <= .warning && $0.sequence >= mark })
    }
}
