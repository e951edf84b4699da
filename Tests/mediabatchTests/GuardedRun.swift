import Foundation
import Testing

/// Runs the built binary the way hostile input meets it: under a memory ceiling (`ulimit -v`, so behaviour that
/// would eat the machine dies instead) and a hang guard (killed after `seconds`; the guard catches hangs, it is not
/// a performance assertion). Output goes to files, so a flood of text cannot block the child on a full pipe.
struct GuardedRun {
    /// How a guarded run ended.
    struct Outcome {
        var status: Int32
        /// Killed by a signal (a crash, or the memory ceiling).
        var crashed: Bool
        /// Killed by the hang guard.
        var timedOut: Bool
        var stdout: String
        var stderr: String
    }

    /// The address space `validate` gets: far below the gigabytes the unbounded expansion took.
    static let validateMemoryMB = 2048
    /// The address space a render gets (codec threads reserve stacks and buffers).
    static let runMemoryMB = 4096

    let process: Process
    private let stdoutFile: URL
    private let stderrFile: URL
    private let deadline: Date

    /// Starts `mediabatch arguments` in `directory` with at most `memoryMB` of address space and, when given,
    /// `cpuSeconds` of processor time (`ulimit -t`: a bound on the work done, whatever else loads the machine).
    init(_ arguments: [String], in directory: URL, memoryMB: Int = validateMemoryMB, seconds: Double = 60,
         cpuSeconds: Int? = nil) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let cpu = cpuSeconds.map { "ulimit -t \($0) && " } ?? ""
        process.arguments = ["-c", "\(cpu)ulimit -v \(memoryMB * 1024) && exec \"$0\" \"$@\"", CommandRunner.binary.path]
            + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for key in ["JOB_COMPLETION_INDEX", "CI_NODE_INDEX", "CIRCLE_NODE_INDEX", "BUILDKITE_PARALLEL_JOB"] {
            environment[key] = nil
        }
        // Two malloc arenas, so the address space used does not grow with the host's core count.
        environment["MALLOC_ARENA_MAX"] = "2"
        process.environment = environment
        let stamp = UUID().uuidString.prefix(8)
        stdoutFile = FileManager.default.temporaryDirectory.appendingPathComponent("guarded-\(stamp).out")
        stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("guarded-\(stamp).err")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        deadline = Date().addingTimeInterval(seconds)
        try process.run()
    }

    /// Runs `mediabatch arguments` to the end (or the hang guard).
    static func run(_ arguments: [String], in directory: URL, memoryMB: Int = validateMemoryMB, seconds: Double = 60,
                    cpuSeconds: Int? = nil) throws -> Outcome {
        try GuardedRun(arguments, in: directory, memoryMB: memoryMB, seconds: seconds, cpuSeconds: cpuSeconds).finish()
    }

    /// What the run printed so far.
    var stderrSoFar: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// Waits for the end, killing the process at the deadline.
    func finish() -> Outcome {
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: stdoutFile)
            try? FileManager.default.removeItem(at: stderrFile)
        }
        return Outcome(status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
                       timedOut: timedOut,
                       stdout: String(decoding: (try? Data(contentsOf: stdoutFile)) ?? Data(), as: UTF8.self),
                       stderr: String(decoding: (try? Data(contentsOf: stderrFile)) ?? Data(), as: UTF8.self))
    }

    /// Lines that say `error:` without a `file:line:col:` in front (quoted manifest lines do not say it).
    static func unpositionedErrors(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            guard line.contains("error: ") else { return false }
            return line.wholeMatch(of: /[^ ].*:[0-9]+:[0-9]+: error: .*/) == nil
        }
    }

    /// Every file under `directory` (relative paths), except under `out`.
    static func filesOutsideOut(_ directory: URL) -> Set<String> {
        let base = directory.standardizedFileURL.path + "/"
        var result = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let path = enumerator?.nextObject() as? String {
            if path == "out" || path.hasPrefix("out/") { continue }
            result.insert(path)
        }
        return result
    }
}

/// The independent tools the tests check with (`ffmpeg`, `ffprobe`), found on `PATH`.
enum ExternalTool {
    /// Runs `tool arguments` to the end: its exit status, standard output and standard error.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is small for these tools; standard output is read first so neither pipe fills.
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}

/// Small media made with the ffmpeg CLI in test set-up.
enum TestMedia {
    /// Runs `ffmpeg` quietly with `arguments`; fails the test with its stderr.
    static func ffmpeg(_ arguments: [String]) throws {
        let result = try ExternalTool.run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments)
        #expect(result.status == 0, "ffmpeg \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    /// A 1 s 64x48 H.264 + AAC clip with its index at the front (so its first 4 KB are the whole header).
    static func clip(at path: String) throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=15:duration=1", "-f", "lavfi", "-i",
                    "sine=frequency=440:duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
                    "-b:a", "32k", "-movflags", "+faststart", "-shortest", path])
    }

    /// 1 s of a 440 Hz tone, no picture.
    static func tone(at path: String) throws {
        try ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "-b:a", "32k", path])
    }

    /// A 64x48 PNG.
    static func picture(at path: String) throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", "-f", "image2", "-update", "1", path])
    }
}
