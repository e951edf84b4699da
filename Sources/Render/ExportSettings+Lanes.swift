import Composition

extension ExportSettings.Video {
    /// How many encoder sessions of one thread each encode this video side by side (1: one session at a time with
    /// the preset's threads). x264 and x265 with a bit-rate ceiling (VBV) and several threads write bytes that
    /// depend on thread timing: each frame thread's rate control reads how far the others have got. Such a video is
    /// cut into chunks at places fixed by the output and the preset alone, each chunk a one-thread session, and
    /// `threads` chunks are encoded at once: as many cores busy, the same bytes every run (see docs/manifest.md,
    /// "Same inputs, same bytes").
    var encoderLanes: Int {
        guard maxBitRate != nil, threads > 1, codec == .h264 || codec == .hevc else { return 1 }
        return threads
    }

    /// The threads of each encoder session: one when the video is encoded in lanes, else the preset's.
    var sessionThreads: Int { encoderLanes > 1 ? 1 : threads }
}
