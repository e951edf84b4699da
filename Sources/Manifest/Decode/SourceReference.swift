public import Composition

/// Where a clip's media comes from: a file, a built-in generator, or another output of the batch.
public enum SourceReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A media file, by its path resolved against the manifest's directory.
    case file(path: String)
    /// A built-in generator.
    case generator(GeneratedSource)
    /// Another output of the batch, by name: a dependency.
    case output(name: String)
    /// A file downloaded from a URL before use.
    case remote(RemoteSource)

    /// `file 'media/a.mp4'`, `generator 'testpattern'`, `output 'teaser'`, `URL 'https://...'`.
    public var description: String {
        switch self {
        case .file(let path): "file '\(path)'"
        case .generator(let spec): "generator '\(spec.kind.rawValue)'"
        case .output(let name): "output '\(name)'"
        case .remote(let source): "URL \(source)"
        }
    }
}
