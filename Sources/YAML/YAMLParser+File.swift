#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file's bytes with POSIX calls, so the size limit is checked before anything is read.
extension YAMLParser {
    /// The bytes of the file at `path`, refusing files larger than `limit`.
    static func readFile(_ path: String, limit: Int) throws(YAMLError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw YAMLError.unreadableFile(path: path, reason: reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw YAMLError.unreadableFile(path: path, reason: reason(errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw YAMLError.unreadableFile(path: path, reason: reason(EISDIR))
        }
        if Int(status.st_size) > limit {
            throw YAMLError.tooLarge(file: path, size: Int(status.st_size), limit: limit)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw YAMLError.unreadableFile(path: path, reason: reason(errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            // The file may have grown since fstat.
            if bytes.count > limit { throw YAMLError.tooLarge(file: path, size: bytes.count, limit: limit) }
        }
        return bytes
    }

    /// The system's message for `code`, lowercased at the start to fit the diagnostic style.
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
