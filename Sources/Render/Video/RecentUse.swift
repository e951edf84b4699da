/// When each piece of a renderer's reusable drawing state (a track's layer slots and warper, the canvas) was last
/// drawn through, counted in pictures, so that state which has stopped being used gives its buffers back instead of
/// holding them to the end of the render: the outgoing clip of each transition, a track of a long timeline whose
/// clips have ended, the canvas of an output that composited only during its first crossfade.
struct RecentUse<Key: Hashable> {
    /// Pictures a piece of state is kept unused: a track that skips a few pictures (a dip through the background, a
    /// layer fading in again) keeps its scalers and buffers, while one that has left frees them within a second at
    /// common rates. State used again later is made afresh, and draws the same pixels.
    static var picturesKept: Int64 { 30 }

    private var picture: Int64 = 0
    private var lastUse: [Key: Int64] = [:]

    /// Notes that `key`'s state is drawn through in the current picture.
    mutating func use(_ key: Key) {
        lastUse[key] = picture
    }

    /// Ends the current picture; returns the keys whose state has gone unused for more than `picturesKept`
    /// pictures, which are no longer followed until they are used again.
    mutating func endPicture() -> [Key] {
        picture += 1
        let idle = lastUse.compactMap { picture - $0.value > Self.picturesKept ? $0.key : nil }
        for key in idle { lastUse[key] = nil }
        return idle
    }
}
