public import MediaCore

/// `snap:` on an output (or its template): cuts between clips, and transitions' centres, moved to the soundtrack's
/// beats.
public struct SnapSpec: Sendable, Hashable, Codable {
    /// What the cuts move to.
    public enum Target: String, Sendable, Hashable, Codable, CaseIterable {
        /// aubio's beats.
        case beats
        /// The first beat of each bar (every 4th beat, see `BeatGrid.downbeats`).
        case downbeats
        /// Where notes and hits start.
        case onsets
    }

    /// What the cuts move to.
    public var target: Target
    /// Only every Nth of the targets counts (1: all of them), counted from the first.
    public var every: Int
    /// How far a cut may move; a cut with no target this close stays.
    public var maxShift: MediaTime
    /// Where `snap` is written.
    public var location: SourceLocation

    /// The longest `max_shift` a manifest may write.
    public static let largestShift = MediaTime(value: 10, timescale: 1)

    /// Every `target`, moved by at most a quarter of a second unless said.
    public init(target: Target, every: Int = 1, maxShift: MediaTime = MediaTime(value: 1, timescale: 4),
                location: SourceLocation) {
        self.target = target
        self.every = every
        self.maxShift = maxShift
        self.location = location
    }
}
