import LibAV

extension InputFile {
    /// The file at `path` opened for reading packets, a failure an export error that names the file.
    static func opened(_ path: String) throws(ExportError) -> InputFile {
        do {
            return try InputFile(path: path)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }
}
