import MediaCore

/// Parses YAML text into located documents through libyaml's event API, within `YAMLLimits`.
///
/// Aliases are resolved (an alias node is the anchored node, with the anchored node's location) and merge keys
/// (`<<: *base`, `<<: [*a, *b]`) are applied. A scalar key written twice in one mapping is an error.
/// A single 50 MB scalar is within the default limits and is parsed (about half a second).
public enum YAMLParser {
    /// Every document of the stream in `text` (none for an empty stream).
    public static func parse(_ text: String, file: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError)
        -> [YAMLDocument]
    {
        let size = text.utf8.count
        guard size <= limits.maxBytes else { throw YAMLError.tooLarge(file: file, size: size, limit: limits.maxBytes) }
        var text = text
        let source = YAMLSource(file: file, text: text)
        let result = text.withUTF8 { buffer in
            Result { () throws(YAMLError) in try parse(buffer, source: source, limits: limits) }
        }
        return try result.get()
    }

    /// Every document of the stream in `bytes` (UTF-8; invalid bytes are a located error).
    public static func parse(bytes: [UInt8], file: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError)
        -> [YAMLDocument]
    {
        guard bytes.count <= limits.maxBytes else {
            throw YAMLError.tooLarge(file: file, size: bytes.count, limit: limits.maxBytes)
        }
        let source = YAMLSource(file: file, text: String(decoding: bytes, as: UTF8.self))
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(YAMLError) in try parse(buffer, source: source, limits: limits) }
        }
        return try result.get()
    }

    /// Every document of the file at `path` (the path is used as given in locations).
    public static func parse(fileAt path: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) -> [YAMLDocument] {
        try parse(bytes: readFile(path, limit: limits.maxBytes), file: path, limits: limits)
    }

    /// The single document in `text`; an empty stream gives a null root at 1:1, a second document is an error.
    public static func parseDocument(_ text: String, file: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError)
        -> YAMLDocument
    {
        try single(parse(text, file: file, limits: limits), file: file)
    }

    /// The single document in `bytes`; an empty stream gives a null root at 1:1, a second document is an error.
    public static func parseDocument(bytes: [UInt8], file: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError)
        -> YAMLDocument
    {
        try single(parse(bytes: bytes, file: file, limits: limits), file: file)
    }

    /// The single document in the file at `path`; an empty file gives a null root, a second document is an error.
    public static func parseDocument(fileAt path: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError)
        -> YAMLDocument
    {
        try single(parse(fileAt: path, limits: limits), file: path)
    }

    private static func single(_ documents: [YAMLDocument], file: String) throws(YAMLError) -> YAMLDocument {
        if documents.count > 1 {
            let second = documents[1]
            throw YAMLError.multipleDocuments(
                at: second.location, sourceLine: quotableLine(second.location.line, in: second.source))
        }
        if let first = documents.first { return first }
        let start = SourceLocation(file: file, line: 1, column: 1)
        return YAMLDocument(root: YAMLNode(.scalar("", .plain), at: start), source: YAMLSource(file: file, text: ""), location: start)
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, source: YAMLSource, limits: YAMLLimits) throws(YAMLError)
        -> [YAMLDocument]
    {
        // A UTF-8 byte order mark is not a column: hand libyaml the text after it.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skipped = buffer.starts(with: bom) ? bom.count : 0
        let input = UnsafeBufferPointer(rebasing: buffer[skipped...])
        guard !input.isEmpty else { return [] }
        let failure = { (failure: LibYAMLParser.Failure) -> YAMLError in
            makeError(failure, input: input, source: source)
        }
        let parser: LibYAMLParser
        do {
            parser = try LibYAMLParser(input: input)
        } catch {
            throw failure(error)
        }
        var builder = YAMLTreeBuilder(source: source, limits: limits)
        try builder.run(parser, failure: failure)
        return builder.documents
    }

    private static func makeError(_ failure: LibYAMLParser.Failure, input: UnsafeBufferPointer<UInt8>, source: YAMLSource)
        -> YAMLError
    {
        if failure.isReaderError {
            let (line, column) = LineScanner.position(ofByte: failure.offset, in: input)
            return .invalidText(
                problem: failure.problem, value: failure.value, at: source.location(line: line, column: column),
                sourceLine: quotableLine(line, in: source))
        }
        let mark = failure.problemMark
        return .syntax(
            problem: failure.problem, context: failure.context,
            contextLocation: failure.contextMark.map { source.location(line: $0.line, column: $0.column) },
            at: source.location(line: mark.line, column: mark.column), sourceLine: quotableLine(mark.line, in: source))
    }

    /// Line `line` of `source`, to quote under a diagnostic (which keeps only the part around the column of a long
    /// line).
    static func quotableLine(_ line: Int, in source: YAMLSource) -> String? {
        source.line(line)
    }
}
