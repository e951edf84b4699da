/// Why a soundtrack cannot be analysed for beats; one line naming what failed.
public struct BeatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
