import Composition
import Foundation
import MediaCore
import Synchronization

/// The pictures of video tracks drawn together by a video composition, as an export draws them (layers, ramps,
/// transitions), on the video composition's frame grid and at its render size unless the settings give one.
public class AVAssetReaderVideoCompositionOutput: AVAssetReaderOutput, @unchecked Sendable {
    /// The tracks drawn.
    public let videoTracks: [AVAssetTrack]
    /// The settings given: the pixel format, width and height; nil gives 32BGRA at the render size.
    public let videoSettings: [String: Any]?
    /// How the tracks are drawn; nil fits each track into the picture, the first on top.
    public var videoComposition: AVVideoComposition? {
        get { chosenVideoComposition.withLock { $0 } }
        set { chosenVideoComposition.withLock { $0 = newValue } }
    }
    private let chosenVideoComposition = Mutex<AVVideoComposition?>(nil)

    /// An output of `videoTracks` drawn together, in the form `videoSettings` ask for.
    public init(videoTracks: [AVAssetTrack], videoSettings: [String: Any]?) {
        self.videoTracks = videoTracks
        self.videoSettings = videoSettings
        super.init(mediaType: .video)
    }

    override var name: String { "AVAssetReaderVideoCompositionOutput" }

    override func makeMaker(asset: AVAsset, range: TimeRange) throws(AVError) -> any ReaderSampleMaker {
        let composition = try composition(of: asset, keeping: videoTracks)
        let layout = try ReaderPixelLayout.read(videoSettings ?? [:], output: name)
        if videoComposition?.animationTool != nil {
            throw AVError(.invalidVideoComposition, .readerSetting(output: name, problem: Self.animationToolProblem))
        }
        let native: VideoComposition?
        do {
            native = try videoComposition?.rendered(for: composition)
        } catch let error as AVError {
            throw error
        } catch {
            throw AVError(.invalidVideoComposition,
                          .readerSetting(output: name, problem: "the filtering handler failed: \(error)"))
        }
        let frameDuration = native?.frameDuration ?? VideoComposition.make(propertiesOf: composition).frameDuration
        let renderSize = native?.renderSize ?? composition.naturalSize
        return try ReaderPictureMaker(composition: composition, videoComposition: native,
                                      size: try pictureSize(natural: renderSize, layout: layout, output: name),
                                      frameRate: ExportPreset.frameRate(frameDuration), layout: layout, range: range)
    }

    /// Why a video composition with a Core Animation tool is refused by readers and image generators, as Apple's
    /// refuse it: the tool draws over exports only.
    static let animationToolProblem = "a video composition with an animationTool is drawn by exports only; "
        + "readers and image generators refuse it"
}
