/// Why text cannot be laid out or drawn.
public enum TextLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The markup does not parse: Pango's message.
    case invalidMarkup(String)
    /// A C library could not allocate what it was asked for (the function named).
    case allocation(String)
    /// A font file cannot be added to the fonts text is drawn with.
    case unreadableFont(path: String)

    /// The message.
    public var description: String {
        switch self {
        case .invalidMarkup(let message): "invalid markup: \(message)"
        case .allocation(let function): "cannot allocate text layout memory (\(function))"
        case .unreadableFont(let path): "font file '\(path)' cannot be read as a font"
        }
    }
}
