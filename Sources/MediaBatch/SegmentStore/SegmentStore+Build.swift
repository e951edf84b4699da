import Foundation
import LibAV

extension SegmentStore {
    /// The SHA-256 of the running executable's file (`/proc/self/exe`), read once: a build of the tool that draws
    /// pictures differently keeps the same version number until it is released, so entries are keyed by the build
    /// itself. Machines running the same build (one container image) share entries. Empty when it cannot be read.
    static let executableDigest: String = {
        guard let file = FileHandle(forReadingAtPath: "/proc/self/exe") ?? CommandLine.arguments.first
            .flatMap({ FileHandle(forReadingAtPath: $0) }), let digest = try? Digest() else { return "" }
        defer { try? file.close() }
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { digest.update($0) }
        }
        return digest.finish().map { String(format: "%02x", $0) }.joined()
    }()
}
