/// When each track last drew through a renderer's per-track state (layer slots, warpers), counted in pictures, so
/// that a track which has stopped showing gives its buffers back instead of holding them to the end of the render:
/// the outgoing clip of each transition, a track of a long timeline whose clips have ended.
struct TrackUse {
    /// Pictures a track's state is kept unused: a track that skips a few pictures (a dip through the background, a
    /// layer fading in again) keeps its scalers and buffers, while one that has left frees them within a second at
    /// common rates. A track that comes back later gets fresh ones, which draw the same pixels.
    static let picturesKept: Int64 = 30

    private var picture: Int64 = 0
    private var lastUse: [Int32: Int64] = [:]

    /// Notes that `trackID` drew through its state in the current picture.
    mutating func use(_ trackID: Int32) {
        lastUse[trackID] = picture
    }

    /// Ends the current picture; returns the tracks whose state has gone unused for more than `picturesKept`
    /// pictures, which are no longer followed until they draw again.
    mutating func endPicture() -> [Int32] {
        picture += 1
        let idle = lastUse.compactMap { picture - $0.value > Self.picturesKept ? $0.key : nil }
        for track in idle { lastUse[track] = nil }
        return idle
    }
}
