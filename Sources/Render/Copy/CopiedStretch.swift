import MediaCore

/// Output frames whose pictures are copied from a source's packets instead of rendered and encoded (smart rendering
/// inside a composition): whole groups of pictures from an IDR picture on, shown in the output exactly as decoded.
struct CopiedStretch {
    /// The output frames (indices relative to the exported range's first frame).
    var frames: Range<Int64>
    /// The source.
    var source: CopySource
    /// The source packets copied (decode-order positions in `source.index`).
    var packets: Range<Int>
    /// The source times of the pictures shown.
    var times: Range<MediaTime>
    /// Output time (from the exported range's start) minus source time.
    var offset: MediaTime
}
