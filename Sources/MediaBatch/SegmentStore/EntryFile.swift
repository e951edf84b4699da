import Foundation
import LibAV

/// A new entry file written through a small buffer and hashed on the way, so an entry is never held whole in memory
/// beside the segment it is written from (a segment with a poster picture is several megabytes).
final class EntryFile {
    /// Bytes gathered before one `write`; larger blocks go straight to the file.
    private static let bufferSize = 64 * 1024

    private let descriptor: Int32
    private let digest: Digest
    private var buffer: [UInt8] = []

    /// A file created at `path`, which must not exist yet.
    init(creating path: String) throws {
        digest = Digest()
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        close(descriptor)
    }

    /// The bytes of the file at `path` read straight into one array (no second copy beside it); nil when it cannot be
    /// read.
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let size = Int(status.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let read = Foundation.read(descriptor, buffer.baseAddress! + count, size - count)
                guard read > 0 else { complete = false; return }
                count += read
            }
        }
        return complete ? bytes : nil
    }

    /// Appends `bytes` to the file and the digest.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        digest.update(bytes)
        if buffer.count + bytes.count <= Self.bufferSize {
            buffer += bytes
            return
        }
        try flush()
        if bytes.count < Self.bufferSize {
            buffer += bytes
        } else {
            try write(bytes)
        }
    }

    /// Appends `bytes` to the file and the digest.
    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// Appends the digest of everything appended so far (not hashed itself) and flushes the file to the disk.
    func finish() throws {
        try flush()
        try digest.finish().withUnsafeBytes { try write($0) }
        guard fsync(descriptor) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Writes the gathered bytes.
    private func flush() throws {
        try buffer.withUnsafeBytes { try write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` whole, however many calls it takes.
    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            guard count > 0 else { throw CocoaError(.fileWriteUnknown) }
            written += count
        }
    }
}
