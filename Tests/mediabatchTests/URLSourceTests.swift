import Foundation
import Testing

/// URL sources against a local HTTP server the test starts (Python's `http.server` on 127.0.0.1). Plain http is
/// allowed only to loopback addresses and only with `MEDIABATCH_ALLOW_LOOPBACK_HTTP=1`, which the suite sets: a
/// self-signed certificate cannot be made trusted by URLSession on Linux (see docs/manifest.md, URL sources).
@Suite(.serialized) struct URLSourceTests {
    static let loopback: [String: String?] = ["MEDIABATCH_ALLOW_LOOPBACK_HTTP": "1"]

    /// Stops a server. SIGKILL, because the test process's children inherit its blocked SIGTERM.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A server of `directory` on a free port of 127.0.0.1; stop it with `stop(_:)`.
    static func serve(_ directory: URL) throws -> (process: Process, port: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: " port "), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            stop(process)
            throw CancellationError()
        }
        return (process, port)
    }

    /// A one-second clip, and its SHA-256 and size.
    static func clip(in directory: URL) throws -> (sha256: String, size: Int) {
        let path = directory.appendingPathComponent("clip.mp4").path
        _ = try CommandLineTests.shell("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x96:rate=10:duration=1",
                                                  "-f", "lavfi", "-i", "sine=duration=1", "-c:v", "libx264", "-preset", "ultrafast",
                                                  "-c:a", "aac", "-shortest", path], in: directory)
        let sum = try CommandLineTests.shell("sha256sum", [path], in: directory)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return (String(sum.prefix(64)), size)
    }

    @Test func downloadsIntoAContentAddressedCacheAndRendersFromIt() throws {
        let directory = try CommandRunner.temporaryDirectory("url")
        let media = directory.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let clip = try Self.clip(in: media)
        let server = try Self.serve(media)
        defer { Self.stop(server.process) }
        let url = "http://127.0.0.1:\(server.port)/clip.mp4"
        try CommandRunner.write("""
            mediabatch: 1
            downloads: { allow_hosts: [127.0.0.1, my-bucket] }
            presets:
              tiny: { base: draft, video: { width: 160, height: 96, fps: 10 }, audio: { bitrate: 64k } }
            defaults: { out: out, preset: tiny }
            sources:
              clip: \(url)
              pinned: { url: "\(url)", sha256: "\(clip.sha256)" }
              bucket: s3://my-bucket/clip.mp4
            outputs:
              - { name: from-url, clips: [ { source: clip, to: 0.5s } ] }
              - { name: pinned, clips: [ { source: pinned, to: 0.5s } ] }
              - { name: from-s3, clips: [ { source: bucket, to: 0.5s } ] }
            """, to: "m.yaml", in: directory)
        try CommandRunner.write("#!/bin/sh\necho '\(url)'\n", to: "presign.sh", in: directory)
        let presign = directory.appendingPathComponent("presign.sh").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: presign)
        var environment = Self.loopback
        environment["MEDIABATCH_S3_PRESIGN"] = presign

        let run = try CommandRunner.run(["run", "m.yaml"], in: directory, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let duration = try CommandLineTests.shell("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", "out/from-url.mp4"], in: directory)
        #expect(abs((Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 0.5) < 0.05)
        // One file in the cache, named by its contents, whatever URL it came from.
        let blob = directory.appendingPathComponent(".cache/sha256/\(clip.sha256.prefix(2))/\(clip.sha256).mp4")
        #expect(FileManager.default.fileExists(atPath: blob.path))
        let blobs = try FileManager.default.subpathsOfDirectory(atPath: directory.appendingPathComponent(".cache/sha256").path)
            .filter { $0.hasSuffix(".mp4") }
        #expect(blobs.count == 1)

        // With the server gone, the pinned source comes from the cache without asking, the others from the copies
        // earlier runs made.
        Self.stop(server.process)
        let offline = try CommandRunner.run(["validate", "m.yaml"], in: directory, environment: environment)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == "valid: 3 outputs in 1 manifest\n")
    }

    @Test func everyDownloadProblemIsReportedWithItsReason() throws {
        let directory = try CommandRunner.temporaryDirectory("url-errors")
        let media = directory.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let clip = try Self.clip(in: media)
        let server = try Self.serve(media)
        defer { Self.stop(server.process) }
        let base = "http://127.0.0.1:\(server.port)"
        let zeros = String(repeating: "0", count: 64)
        try CommandRunner.write("""
            mediabatch: 1
            downloads: { allow_hosts: [127.0.0.1] }
            defaults: { preset: draft }
            outputs:
              - { name: not-allowed, clips: [ "http://localhost:\(server.port)/clip.mp4" ] }
              - { name: missing, clips: [ "\(base)/missing.mp4" ] }
              - { name: wrong-sum, clips: [ { source: { url: "\(base)/clip.mp4", sha256: "\(zeros)" } } ] }
              - { name: ftp, clips: [ "ftp://example.com/clip.mp4" ] }
            """, to: "m.yaml", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            downloads: { allow_hosts: [127.0.0.1], max_size: 1k }
            defaults: { preset: draft }
            outputs:
              - { name: too-large, clips: [ "\(base)/clip.mp4" ] }
            """, to: "n.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m.yaml", "n.yaml"], in: directory, environment: Self.loopback)
        #expect(result.status == 2)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        #expect(errors == [
            "m.yaml:5:35: error: source 'http://localhost:\(server.port)/clip.mp4' cannot be downloaded: host 'localhost' is not allowed; add it to the manifest's 'downloads: { allow_hosts: [...] }' or pass '--allow-host localhost'; used by output 'not-allowed'",
            "m.yaml:6:31: error: source '\(base)/missing.mp4' cannot be downloaded: the server answered 404 Not Found; used by output 'missing'",
            "m.yaml:7:43: error: source '\(base)/clip.mp4' cannot be downloaded: the download's SHA-256 is '\(clip.sha256)', not the '\(zeros)' the manifest gives; used by output 'wrong-sum'",
            "m.yaml:8:27: error: unsupported URL scheme 'ftp' in source 'ftp://example.com/clip.mp4'; use https:// (or s3://), or a local path",
            "n.yaml:5:33: error: source '\(base)/clip.mp4' cannot be downloaded: it is larger than the limit of 1000 bytes (\(clip.size) or more); raise 'downloads: { max_size }'; used by output 'too-large'",
        ])
        let refused = try CommandRunner.run(["validate", "n.yaml"], in: directory)
        #expect(refused.stderr.contains("cannot be downloaded: plain http:// is refused; use https://; used by output 'too-large'"))
    }
}
