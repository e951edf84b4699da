import Composition
import MediaCore

extension SourcePool {
    /// Makes `releaseVideo(before:)` close each video reader once the timeline has passed the last segment using it.
    /// Only a forward render (the export) asks for this: a frame grabber may go back.
    func planReleases(for composition: MutableComposition) {
        videoLastUse = Self.videoUses(in: composition).mapValues(\.last)
    }

    /// Closes the video readers no segment at or after composition time `time` uses (none without a plan).
    func releaseVideo(before time: MediaTime) {
        guard let plan = videoLastUse else { return }
        for key in Array(videoReaders.keys) where plan[key].map({ $0 <= time }) ?? false {
            closeVideo(key)
        }
    }

    /// Closes every video reader (the render has passed them all), keeping what the warnings need.
    func closeAllVideo() {
        for key in Array(videoReaders.keys) { closeVideo(key) }
    }
}
