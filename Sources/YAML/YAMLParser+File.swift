import MediaCore

/// Reading a manifest's bytes: regular files only, opened without blocking, the size limit checked before anything
/// is read.
extension YAMLParser {
    /// The bytes of the file at `path`, refusing files larger than `limit` and anything but a regular file.
    static func readFile(_ path: String, limit: Int) throws(YAMLError) -> [UInt8] {
        do {
            return try LocalFile.contents(of: path, limit: limit)
        } catch {
            switch error {
            case .notFound: throw YAMLError.unreadableFile(path: path, reason: "no such file or directory")
            case .notAllowed(.directory): throw YAMLError.unreadableFile(path: path, reason: "is a directory")
            case .notAllowed(let kind): throw YAMLError.unreadableFile(path: path, reason: "it is \(kind.phrase), not a regular file")
            case .tooLarge(let size, let limit): throw YAMLError.tooLarge(file: path, size: size, limit: limit)
            case .unreadable(let reason): throw YAMLError.unreadableFile(path: path, reason: reason)
            }
        }
    }
}
