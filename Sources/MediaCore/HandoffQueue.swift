import Foundation

/// A bounded first-in first-out hand-off between threads (one producer and one consumer, or several consumers taking
/// work in turn, as encoder lanes do): `put` waits while the queue is full (the back-pressure that keeps memory
/// flat), `take` while it is empty; `close` stops both sides. Export threads, encoder lanes and the reframe analysis
/// hand their work over through it.
///
/// `@unchecked Sendable`: the items are only touched under the condition's lock, and each item has one owner at a
/// time (the producer until `put`, the consumer after `take`).
public final class HandoffQueue<Item>: @unchecked Sendable {
    // Inlinable, so that the per-frame hand-offs of other modules are specialised for their items.
    @usableFromInline let condition = NSCondition()
    @usableFromInline var items: [Item] = []
    @usableFromInline let capacity: Int
    /// The producer will put nothing more.
    @usableFromInline var isFinished = false
    /// The consumer gave up: puts are dropped and takes return nil.
    @usableFromInline var isClosed = false

    /// A queue holding at most `capacity` (at least 1) items.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Appends `item`, waiting while the queue is full; false (and the item dropped) once the queue is closed.
    @inlinable @discardableResult
    public func put(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !isClosed { condition.wait() }
        guard !isClosed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The oldest item, waiting while the queue is empty; nil once it is closed, or finished and empty.
    @inlinable
    public func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !isFinished, !isClosed { condition.wait() }
        guard !isClosed, !items.isEmpty else { return nil }
        condition.broadcast()
        return items.removeFirst()
    }

    /// Says that nothing more will be put; `take` returns what is left, then nil.
    @inlinable
    public func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes both sides for good and drops the items left.
    @inlinable
    public func close() {
        condition.lock()
        isClosed = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
