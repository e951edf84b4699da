import Composition

extension ExportSettings.Video {
    /// How many encoder sessions encode this video side by side (1: one session at a time). x264 and x265 with a
    /// bit-rate ceiling (VBV) and several threads write bytes that depend on thread timing: with frame threads each
    /// thread's rate control reads how far the others have got, and with x264's sliced threads each slice's row rate
    /// control reads the other slices' running size estimates. Such a video is cut into chunks at places fixed by
    /// the output and the preset alone, and `threads` chunks are encoded at once, each by a session of one thread:
    /// as many cores busy, the same bytes every run (see docs/manifest.md, "Same inputs, same bytes").
    var encoderLanes: Int {
        guard maxBitRate != nil, threads > 1, codec == .h264 || codec == .hevc else { return 1 }
        return threads
    }

    /// The threads of each encoder session: the preset's, except one for a video encoded in lanes, whose sessions
    /// have one thread whether they run side by side or one after another.
    var sessionThreads: Int { encoderLanes > 1 ? 1 : threads }
}

extension ExportSettings.Video {
    /// How many lanes a render of `composition` runs at once at most: `encoderLanes`, or one when a video track's
    /// pictures are 4K or larger. Decoding such pictures already keeps the cores busy on the decoder's own threads,
    /// and each further lane would hold another set of 4K decoders and decode the pictures before its first chunk a
    /// second time (measured: 3 s of 4K HLG into web-1080p held 1.13 GB in two lanes, 0.61 GB in one, at about the
    /// same speed). The bytes are the same with any number.
    func lanes(rendering composition: MutableComposition) -> Int {
        let large = composition.tracks(withMediaType: .video).contains {
            Int(max(0, $0.naturalSize.width) * max(0, $0.naturalSize.height)) >= DecoderThreads.largePixels
        }
        return large ? 1 : encoderLanes
    }
}
