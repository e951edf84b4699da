internal import CFFmpeg

extension Frame {
    /// Copies `source`'s picture (same size and pixel format) and its properties (timing, colour description, side
    /// data) into this frame's own buffers, so it can stand in for `source` while `source` is reused.
    public func copyFrame(from source: Frame) throws(LibAVError) {
        try copyPicture(from: source)
        try check(av_frame_copy_props(pointer, source.pointer), "av_frame_copy_props", .allocate("a copy of a frame"))
        timeBase = source.timeBase
    }
}
