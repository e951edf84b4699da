/// Why a source range cannot be analysed; one line naming what failed.
public struct ReframeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
