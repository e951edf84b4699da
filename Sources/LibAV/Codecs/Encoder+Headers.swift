internal import CFFmpeg

extension Encoder {
    /// The codec headers the encoder put in extradata (with `globalHeader`; Annex B SPS and PPS for libx264).
    public var extradata: [UInt8] {
        guard let data = context.pointee.extradata, context.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(context.pointee.extradata_size)))
    }

    /// How many frames the encoder's packets may come ahead of their display order (its B-frame reorder delay).
    public var reorderDelay: Int { Int(context.pointee.has_b_frames) }
}
