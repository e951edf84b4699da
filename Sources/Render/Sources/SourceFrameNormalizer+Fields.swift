import LibAV
import MediaCore

extension SourceFrameNormalizer {
    /// The pictures decoded frame `frame` stands for, in presentation order: the frame itself for progressive
    /// video, its two fields made whole by `bwdif` for interlaced video (each with its own time, half a frame apart,
    /// so motion keeps its full temporal resolution and pictures are still picked by pts). nil signals the end of
    /// the stream and returns what the deinterlacer still holds. Call in decode order; `resetFields()` after a seek.
    ///
    /// A stream is interlaced when its container says so (`field_order` tt, bb, tb or bt: every frame is
    /// deinterlaced, in that field order) or when the decoder flags a frame interlaced (then only flagged frames
    /// are, in the order each frame gives).
    func fields(of frame: Frame?) throws(LibAVError) -> [Frame] {
        guard let frame else {
            guard let deinterlacer else { return [] }
            try deinterlacer.finish()
            return try deinterlacer.pullAll()
        }
        if deinterlacer == nil {
            guard fieldOrder != .progressive || frame.isInterlaced else { return [frame] }
            deinterlacer = try FilterGraph(input: .like(frame, timeBase: frame.timeBaseDuration),
                                           filters: Self.deinterlaceFilter(fieldOrder))
        }
        guard let deinterlacer else { return [frame] }
        try deinterlacer.push(frame)
        return try deinterlacer.pullAll()
    }

    /// Forgets the deinterlacer's held fields (after a seek); the next frame starts a new one.
    func resetFields() {
        deinterlacer = nil
    }

    /// `bwdif` (Bob Weaver: motion-adaptive, edge-directed) sending one picture per field.
    static func deinterlaceFilter(_ order: InputFile.FieldOrder) -> String {
        switch order {
        case .topFieldFirst: "bwdif=mode=send_field:parity=tff:deint=all"
        case .bottomFieldFirst: "bwdif=mode=send_field:parity=bff:deint=all"
        case .progressive: "bwdif=mode=send_field:parity=auto:deint=interlaced"
        }
    }
}
