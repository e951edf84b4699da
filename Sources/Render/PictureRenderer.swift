import LibAV
import MediaCore

/// What the encoding export draws its pictures with: `VideoFrameRenderer` for SDR outputs, `HDRFrameRenderer` for
/// HDR ones.
protocol PictureRenderer: AnyObject {
    /// The picture at composition time `time`, in the output size and pixel format (reused by the next call).
    func render(at time: MediaTime) throws(ExportError) -> Frame
}

extension VideoFrameRenderer: PictureRenderer {}
