import LibAV
import MediaCore

/// What the encoding export draws its pictures with: `VideoFrameRenderer` for SDR outputs, `HDRFrameRenderer` for
/// HDR ones.
protocol PictureRenderer: AnyObject {
    /// The picture at composition time `time`, in the output size and pixel format (reused by the next call).
    func render(at time: MediaTime) throws(ExportError) -> Frame
    /// The picture at `time` written into `target`, a frame of the output's size and pixel format that nothing else
    /// uses, when the renderer's last step can write there; else its own frame, as `render(at:)` returns it.
    func render(at time: MediaTime, into target: Frame) throws(ExportError) -> Frame
}

extension PictureRenderer {
    /// The renderer's own frame: renderers that cannot write into another leave it to the caller to copy.
    func render(at time: MediaTime, into target: Frame) throws(ExportError) -> Frame {
        try render(at: time)
    }
}

extension VideoFrameRenderer: PictureRenderer {}
