import Synchronization

/// A count of the damaged packets many decoders concealed (an export's), read from any thread: whether any of them
/// has met damage so far, without touching the decoders, which belong to the threads that decode.
public final class DamageTally: Sendable {
    private let count = Atomic<Int>(0)

    /// An empty tally.
    public init() {}

    /// Counts one damaged packet.
    public func add() {
        count.add(1, ordering: .sequentiallyConsistent)
    }

    /// The damaged packets counted so far.
    public var total: Int { count.load(ordering: .sequentiallyConsistent) }
}
