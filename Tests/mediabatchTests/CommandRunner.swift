import Foundation
import MediaTestSupport

/// Runs the built `mediabatch` binary in tests, the way users and CI do.
struct CommandRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `mediabatch` executable next to the test bundle.
    static var binary: URL { MediaTool.builtExecutable(named: "mediabatch") }

    /// Starts `mediabatch arguments` in `directory`, with `environment` added to (or, for nil values, removed from)
    /// the test's own; a `launcher` (a program and its arguments, such as an emulator) runs the binary instead.
    static func start(_ arguments: [String], in directory: URL, environment extra: [String: String?] = [:],
                      launcher: [String] = []) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        for key in ["JOB_COMPLETION_INDEX", "CI_NODE_INDEX", "CIRCLE_NODE_INDEX", "BUILDKITE_PARALLEL_JOB", "NO_COLOR",
                    "MEDIABATCH_ALLOW_LOOPBACK_HTTP", "MEDIABATCH_S3_PRESIGN"] {
            environment[key] = nil
        }
        // Downloads in tests never touch the user's cache, nor the repository when a test runs in it (planning the
        // example batch remembers its media's digests).
        let inRepository = FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        environment["MEDIABATCH_CACHE"] = inRepository
            ? FileManager.default.temporaryDirectory.appendingPathComponent("mediabatch-tests-cache-\(getpid())").path
            : directory.appendingPathComponent(".cache").path
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs `mediabatch arguments` in `directory` to the end.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String?] = [:],
                    launcher: [String] = []) throws -> Result {
        let (process, out, err) = try start(arguments, in: directory, environment: environment, launcher: launcher)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh temporary directory (in the test process's scratch folder, removed when the tests end).
    static func temporaryDirectory(_ name: String) throws -> URL {
        try TestScratch.directory("mediabatch-\(name)")
    }

    /// The repository's `presets` directory, copied next to test manifests so they find it.
    static var presetsDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("presets")
    }

    /// `mediabatch validate` of a manifest whose one output is `output` (a flow mapping, on line 6) beside a 1 s black
    /// 640x360 colour source named `black`, in a fresh directory named after `name`.
    static func validateOneOutput(_ output: String, name: String) throws -> Result {
        let directory = try temporaryDirectory(name)
        try write("""
            mediabatch: 1
            defaults: { out: out }
            sources:
              black: { generate: color, color: black, duration: 1s, size: 640x360 }
            outputs:
              - \(output)

            """, to: "m/batch.yaml", in: directory)
        return try run(["validate", "m"], in: directory)
    }

    /// Writes `text` to `name` in `directory`.
    static func write(_ text: String, to name: String, in directory: URL) throws {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
