import Foundation
import LibAV

/// Hands out the stream's first encoder session once, then fresh ones, to whichever lane asks first: opening an
/// encoder allocates its frame buffers, so the session made for the stream's headers is not thrown away.
///
/// `@unchecked Sendable`: the spare is taken under the lock and then owned by the one lane that took it.
final class SpareEncoder: @unchecked Sendable {
    private let lock = NSLock()
    private var spare: Encoder?
    private let making: () throws(ExportError) -> Encoder

    /// Hands out `spare` first (when there is one), then sessions made by `making`.
    init(_ spare: Encoder?, making: @escaping () throws(ExportError) -> Encoder) {
        self.spare = spare
        self.making = making
    }

    /// The spare session if no lane took it yet, else a new one.
    func next() throws(ExportError) -> Encoder {
        let taken: Encoder? = lock.withLock {
            defer { spare = nil }
            return spare
        }
        if let taken { return taken }
        return try making()
    }
}
