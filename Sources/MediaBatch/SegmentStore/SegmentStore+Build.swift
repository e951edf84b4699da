import Foundation
import LibAV

extension SegmentStore {
    /// The folder under `segments/` where `fileDigests` remembers the digests of files (the running build, sources)
    /// under their stamps.
    static let digestsFolder = "digests"

    /// How long a remembered digest is kept after it was written (`evict`); a file still in use after that is
    /// hashed once more.
    static let digestMemoLifetime: TimeInterval = 30 * 24 * 3600
}
