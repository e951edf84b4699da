import Foundation

/// A failure while making or reading test media with the ffmpeg command-line tools.
public struct MediaToolError: Error, CustomStringConvertible {
    /// What failed, with the tool's own error output.
    public var message: String
    /// Creates an error.
    public init(message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// The ffmpeg command-line tools, the independent reader that rendering tests check libav's output with.
public enum MediaTool {
    /// Runs `ffmpeg` quietly with `arguments`, returning stdout.
    @discardableResult
    public static func ffmpeg(_ arguments: [String]) throws(MediaToolError) -> Data {
        try run("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments)
    }

    /// The bytes of a `width` x `height` PNG of one `color` (an ffmpeg colour: a name or `0xrrggbb`), made by
    /// ffmpeg in a scratch folder.
    public static func solidPNG(_ color: String, width: Int, height: Int) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mediabatch-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("solid.png")
        try ffmpeg(["-f", "lavfi", "-i", "color=\(color):s=\(width)x\(height)", "-frames:v", "1", file.path])
        return try Data(contentsOf: file)
    }

    /// `sha256sum`'s digest of the file at `path`: an independent hash to check mediabatch's against.
    public static func sha256(_ path: String) throws -> String {
        String(String(decoding: try run("sha256sum", [path]), as: UTF8.self).prefix(64))
    }

    /// Runs a tool from PATH and returns stdout; a non-zero exit is an error carrying stderr.
    public static func run(_ tool: String, _ arguments: [String]) throws(MediaToolError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw MediaToolError(message: "cannot run \(tool): \(error)") }
        // Read before waiting so a large output cannot block the child on a full pipe.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MediaToolError(message: "\(tool) \(arguments.joined(separator: " ")) failed: "
                                   + String(decoding: messages, as: UTF8.self))
        }
        return data
    }

    /// A new empty directory `prefix-XXXXXXXX` in this process's `TestScratch` folder (removed when it exits).
    public static func freshDirectory(prefix: String) throws(MediaToolError) -> String {
        do { return try TestScratch.directory(prefix).path }
        catch { throw MediaToolError(message: "cannot create a '\(prefix)' folder in '\(TestScratch.root)': \(error)") }
    }

    /// The package's executable `name`, built next to the running test bundle.
    public static func builtExecutable(named name: String) -> URL {
        let directory = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return directory.appendingPathComponent(name)
    }
}
