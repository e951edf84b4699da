import Foundation
import Testing

/// What the built executable maps at start: libavfilter and the libraries it needs are loaded only when a filter
/// graph is first built (LibAV's `FilterLibrary`), so a run that never filters does not carry them.
@Suite struct LinkedLibrariesTests {
    #if os(Linux)
    @Test func theExecutableDoesNotNeedLibavfilterAtStart() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [CommandRunner.binary.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(listing.contains("libavcodec.so"))
        #expect(!listing.contains("libavfilter.so"))
    }
    #endif
}
