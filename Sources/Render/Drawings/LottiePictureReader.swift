import Foundation
import LibAV
import MediaCore

/// The pictures of a Lottie source, drawn by rlottie at the size they are shown: the frame at a source time is
/// `floor(time x the animation's frame rate)` (see `LottieAnimation.frameNumber(at:)`), drawn `stretch` times the
/// animation's own size. The last frame drawn is kept for the output frames that show it again.
///
/// rlottie draws on a queue of its own (`AbandonableCalls`): a frame it does not finish no longer holds a stopped
/// export (a signal, `--timeout`) until it does; while such a frame still runs, every Lottie reader of the process
/// fails at once with a message saying so, since rlottie's shared rasteriser threads would not get to its shapes.
final class LottiePictureReader: VideoSourceReader {
    let path: String
    private let drawing: LottieDrawing
    private let calls: AbandonableCalls
    /// The last frame drawn, as a reference to the drawing's canvas.
    private var drawn: (frame: Int, picture: Frame)?

    /// A reader of the Lottie file at `path` whose drawing is abandoned once `stopped` turns true.
    init(path: String, stopped: @escaping @Sendable () -> Bool = { false }) throws(ExportError) {
        self.path = path
        do {
            drawing = LottieDrawing(animation: try LottieAnimation(path: path))
        } catch {
            throw ExportError.wrap(error, path: path)
        }
        calls = AbandonableCalls(label: "mediabatch.lottie", subject: path, library: .rlottie, stopped: stopped)
    }

    /// The animation's own size, the display size layers place it by.
    var displaySize: (width: Int, height: Int)? { (drawing.animation.width, drawing.animation.height) }

    func frame(at time: MediaTime) throws(ExportError) -> Frame? {
        try picture(at: time, stretch: 1)?.frame
    }

    func picture(at time: MediaTime, stretch: Double) throws(ExportError) -> SourcePicture? {
        let animation = drawing.animation
        let scale = stretch.isFinite && stretch > 0 ? stretch : 1
        let width = Int((Double(animation.width) * scale).rounded(.up))
        let height = Int((Double(animation.height) * scale).rounded(.up))
        let number = animation.frameNumber(at: time)
        if let drawn, drawn.frame == number, drawn.picture.width == min(width, VectorImage.largestSide),
           drawn.picture.height == min(height, VectorImage.largestSide) {
            return SourcePicture(frame: drawn.picture, displayWidth: animation.width, displayHeight: animation.height)
        }
        drawn = nil
        let drawing = drawing
        let made: Result<Frame, LibAVError>
        switch calls.run({ drawing.draw(frame: number, width: width, height: height) }) {
        case .returned(let result): made = result
        case .stopped: throw .cancelled
        case .libraryStuck(let other):
            throw ExportError.decode(path: path, reason: "rlottie is still drawing a frame of '\(other)' that a "
                                     + "stopped render gave up on, and its threads, which every Lottie file shares, "
                                     + "draw nothing else until it returns; render this output in another run")
        }
        do {
            let picture = try made.get()
            drawn = (number, picture)
            return SourcePicture(frame: picture, displayWidth: animation.width, displayHeight: animation.height)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }
}

/// An animation with the memory its frames are drawn in, used by one thread at a time: the reader's, or the queue
/// its calls run on while the reader waits. An abandoned call keeps it until rlottie returns.
private final class LottieDrawing: @unchecked Sendable {
    let animation: LottieAnimation
    /// The frame drawn into, never handed out itself: once the pictures handed out are let go, the next frame is drawn
    /// into the same memory (a picture still held elsewhere keeps its pixels; the next one gets new memory).
    private var canvas: Frame?
    /// rlottie's premultiplied pixels, kept from frame to frame.
    private var scratch: [UInt32] = []

    init(animation: LottieAnimation) {
        self.animation = animation
    }

    /// Frame `frame` drawn at `width` x `height`, as a reference to the canvas.
    func draw(frame: Int, width: Int, height: Int) -> Result<Frame, LibAVError> {
        Result { () throws(LibAVError) -> Frame in
            let canvas = try animation.render(frame: frame, width: width, height: height, into: canvas, scratch: &scratch)
            self.canvas = canvas
            return try canvas.reference()
        }
    }
}
