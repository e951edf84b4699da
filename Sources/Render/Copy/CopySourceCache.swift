import Foundation
import MediaCore
import Synchronization

/// What `CopySource.make` found for a file, remembered by the file's version (its path and `FileFacts`) and the
/// output format asked, so planning and rendering many outputs index each source once. Bounded by the packets the
/// remembered indexes hold; the oldest answers go first.
final class CopySourceCache: Sendable {
    /// The process's cache.
    static let shared = CopySourceCache(packetLimit: 400_000)

    /// A file, as it is now, and the output format its pictures would be copied into.
    struct Key: Hashable, Sendable {
        var path: String, trackID: Int32, width: Int, height: Int, frameDuration: MediaTime
        /// The file's version when the answer was made; set by `source(for:make:)`.
        var facts: FileFacts?
    }

    private struct State {
        var answers: [Key: CopySource?] = [:]
        var order: [Key] = []
        var packets = 0
    }

    private let packetLimit: Int
    private let state = Mutex(State())

    /// A cache keeping indexes of at most `packetLimit` packets in all.
    init(packetLimit: Int) {
        self.packetLimit = packetLimit
    }

    /// The remembered answer for `key` (with the file's current version), else `make()`'s, kept.
    func source(for key: Key, make: () -> CopySource?) -> CopySource? {
        var key = key
        guard let facts = FileFacts(path: key.path, followingLinks: true) else { return make() }
        key.facts = facts
        if let known = state.withLock({ $0.answers[key] }) { return known }
        let answer = make()
        state.withLock { state in
            guard state.answers[key] == nil else { return }
            state.answers[key] = answer
            state.order.append(key)
            state.packets += answer?.index.entries.count ?? 0
            while state.packets > packetLimit, state.order.count > 1 {
                let oldest = state.order.removeFirst()
                state.packets -= (state.answers.removeValue(forKey: oldest) ?? nil)?.index.entries.count ?? 0
            }
        }
        return answer
    }
}
