import MediaCore

/// Something the engine pulls pictures from: a generator now, a libav decoder later.
public protocol VideoFrameSource {
    /// The frame showing at `time` (source time), or nil if the source has no picture then (before its start or
    /// past its end). The returned buffer may be reused by the source's next call: copy it to keep it.
    func frame(at time: MediaTime) throws -> VideoFrameBuffer?
}
