import Composition

extension ExportSettings.Video {
    /// How many encoder sessions encode this video side by side (1: one session at a time). x264 and x265 with a
    /// bit-rate ceiling (VBV) and several frame threads write bytes that depend on thread timing: each frame
    /// thread's rate control reads how far the others have got. Such a video is cut into chunks at places fixed by
    /// the output and the preset alone, and `threads` chunks are encoded at once, each by a session without frame
    /// threads: as many cores busy, the same bytes every run (see docs/manifest.md, "Same inputs, same bytes").
    var encoderLanes: Int {
        guard maxBitRate != nil, threads > 1, codec == .h264 || codec == .hevc else { return 1 }
        return threads
    }

    /// Whether x264 encodes this video's pictures with sliced threads, each picture cut into `threads` slices: a
    /// video encoded in lanes by x264. Its bytes depend on the thread count but not on timing, so every session runs
    /// the preset's threads, beside other lanes or alone, and uses the cores when it encodes alone.
    var slicesPictures: Bool { codec == .h264 && encoderLanes > 1 }

    /// The threads of each encoder session: the preset's, except one for x265 encoding in lanes.
    var sessionThreads: Int { encoderLanes > 1 && !slicesPictures ? 1 : threads }
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
