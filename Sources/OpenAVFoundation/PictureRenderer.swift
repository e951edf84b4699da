import Composition
import Foundation
import MediaCore
import Render
import Synchronization

/// Renders the pictures behind `AVAssetImageGenerator` through the renderer's `FrameGrabber`: the composition's
/// picture at a time, snapped to the frame showing then (Apple's generator with zero tolerance does the same), as
/// RGB that `CGImage` encodes as PNG or JPEG. The sources stay open between pictures of one composition and size.
final class PictureRenderer: Sendable {
    /// What an open grabber renders; a different composition, layout or size needs a new one.
    private struct Key: Equatable {
        var composition: MutableComposition
        var videoComposition: VideoComposition?
        var width: Int
        var height: Int
    }

    /// The last grabber made, with what it renders.
    private let open = Mutex<(key: Key, grabber: FrameGrabber)?>(nil)

    /// The picture of `composition` (through `videoComposition`) showing at `time`, `width` x `height` (even), and
    /// the time of the frame it is.
    func picture(of composition: MutableComposition, videoComposition: VideoComposition?, at time: CMTime,
                 width: Int, height: Int) throws(AVError) -> (picture: Picture, actualTime: CMTime) {
        let key = Key(composition: composition, videoComposition: videoComposition, width: width, height: height)
        let result = open.withLock { open -> Result<(Picture, CMTime), ExportError> in
            do throws(ExportError) {
                let grabber: FrameGrabber
                if let current = open, current.key == key {
                    grabber = current.grabber
                } else {
                    let rate = ExportPreset.frameRate(videoComposition?.frameDuration
                        ?? VideoComposition.make(propertiesOf: composition).frameDuration)
                    grabber = try FrameGrabber(composition: composition, videoComposition: videoComposition,
                                               width: width, height: height, frameRate: rate)
                    open = (key, grabber)
                }
                let actual = grabber.frameTime(at: time.native)
                return .success((try grabber.picture(at: actual), CMTime(actual)))
            } catch {
                return .failure(error)
            }
        }
        do {
            return try result.get()
        } catch {
            throw AVError(error)
        }
    }
}
