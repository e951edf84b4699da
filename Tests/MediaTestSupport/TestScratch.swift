import Foundation

/// Where tests write files: one folder per test process in the temporary directory, removed when the process exits
/// (set `MEDIABATCH_KEEP_TEST_FILES=1` to keep it for a look). Folders that earlier processes left behind (a crash, a
/// kill) are removed the first time a later process asks for one, so a machine that runs the suite every night does
/// not fill its temporary directory.
public enum TestScratch {
    /// The folder of this process: `mediabatch-tests-PID`, made (and its removal at exit arranged) on first use.
    public static let root: String = makeRoot()

    /// A new empty folder `name-XXXXXXXX` inside `root`.
    public static func directory(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: root).appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let prefix = "mediabatch-tests-"

    private static func makeRoot() -> String {
        let temporary = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0 {
                try? FileManager.default.removeItem(atPath: (temporary as NSString).appendingPathComponent(name))
            }
        }
        let root = (temporary as NSString).appendingPathComponent(prefix + "\(getpid())")
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["MEDIABATCH_KEEP_TEST_FILES"] == nil {
            atexit { try? FileManager.default.removeItem(atPath: TestScratch.root) }
        }
        return root
    }
}
