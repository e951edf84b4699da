import Foundation
import LibAV
import MediaCore

/// The pictures of a Lottie source, drawn by rlottie at the size they are shown: the frame at a source time is
/// `floor(time x the animation's frame rate)` (see `LottieAnimation.frameNumber(at:)`), drawn `stretch` times the
/// animation's own size. The last frame drawn is kept for the output frames that show it again.
final class LottiePictureReader: VideoSourceReader {
    let path: String
    private let animation: LottieAnimation
    /// The last frame drawn, as a reference to `canvas`'s pixels.
    private var drawn: (frame: Int, picture: Frame)?
    /// The frame drawn into, never handed out itself: once the pictures handed out are let go, the next frame is drawn
    /// into the same memory (a picture still held elsewhere keeps its pixels; the next one gets new memory).
    private var canvas: Frame?
    /// rlottie's premultiplied pixels, kept from frame to frame.
    private var scratch: [UInt32] = []

    init(path: String) throws(ExportError) {
        self.path = path
        do {
            animation = try LottieAnimation(path: path)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    /// The animation's own size, the display size layers place it by.
    var displaySize: (width: Int, height: Int)? { (animation.width, animation.height) }

    func frame(at time: MediaTime) throws(ExportError) -> Frame? {
        try picture(at: time, stretch: 1)?.frame
    }

    func picture(at time: MediaTime, stretch: Double) throws(ExportError) -> SourcePicture? {
        let scale = stretch.isFinite && stretch > 0 ? stretch : 1
        let width = Int((Double(animation.width) * scale).rounded(.up))
        let height = Int((Double(animation.height) * scale).rounded(.up))
        let number = animation.frameNumber(at: time)
        if let drawn, drawn.frame == number, drawn.picture.width == min(width, VectorImage.largestSide),
           drawn.picture.height == min(height, VectorImage.largestSide) {
            return SourcePicture(frame: drawn.picture, displayWidth: animation.width, displayHeight: animation.height)
        }
        do {
            drawn = nil
            let canvas = try animation.render(frame: number, width: width, height: height, into: canvas,
                                              scratch: &scratch)
            self.canvas = canvas
            let picture = try canvas.reference()
            drawn = (number, picture)
            return SourcePicture(frame: picture, displayWidth: animation.width, displayHeight: animation.height)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }
}
