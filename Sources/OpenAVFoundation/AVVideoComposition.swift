import Composition
import Foundation
import MediaCore
import Synchronization

/// How a composition's video tracks become pictures: the picture size, the frame rate and the instructions.
public class AVVideoComposition: @unchecked Sendable {
    struct Contents {
        var renderSize: CGSize
        var frameDuration: CMTime
        var instructions: [any AVVideoCompositionInstructionProtocol]
        var renderScale: Float
        var animationTool: AVVideoCompositionCoreAnimationTool? = nil
        var filtering: FilteringHandler? = nil
        var color = ColorProperties()
    }

    /// The colour properties: nil ones follow the sources.
    struct ColorProperties: Equatable {
        var primaries: String?
        var transfer: String?
        var matrix: String?
    }

    let state: Mutex<Contents>

    init(_ contents: Contents) {
        state = Mutex(contents)
    }

    /// A video composition fitting `asset` (deprecated on Apple's platforms): its natural size, the frame duration of
    /// its one video track (else of the fastest, else 1/30), and an instruction wherever the set of video tracks
    /// playing changes, with a layer per track, the first track on top. Empty if the asset cannot be loaded.
    public convenience init(propertiesOf asset: AVAsset) {
        self.init(Self.contents(propertiesOf: (try? asset.nativeComposition()) ?? MutableComposition()))
    }

    /// A video composition fitting `asset`, as `init(propertiesOf:)`; throws when the asset cannot be loaded.
    public class func videoComposition(withPropertiesOf asset: AVAsset) async throws -> AVVideoComposition {
        AVVideoComposition(contents(propertiesOf: try asset.nativeComposition()))
    }

    /// The model's video composition for `composition` as facade contents, with mutable instructions.
    static func contents(propertiesOf composition: MutableComposition) -> Contents {
        let native = VideoComposition.make(propertiesOf: composition)
        let instructions = native.instructions.map { instruction in
            AVMutableVideoCompositionInstruction(
                timeRange: CMTimeRange(instruction.timeRange),
                layerInstructions: instruction.layerInstructions.map { AVMutableVideoCompositionLayerInstruction(native: $0) })
        }
        return Contents(renderSize: CGSize(width: native.renderSize.width, height: native.renderSize.height),
                        frameDuration: CMTime(native.frameDuration), instructions: instructions, renderScale: 1)
    }

    /// The size of the pictures.
    public var renderSize: CGSize { state.withLock { $0.renderSize } }

    /// The time between pictures; the export's frame rate is its inverse.
    public var frameDuration: CMTime { state.withLock { $0.frameDuration } }

    /// The instructions, laid end to end from zero.
    public var instructions: [any AVVideoCompositionInstructionProtocol] { state.withLock { $0.instructions } }

    /// The scale of the render; only 1 is supported here and any other value is ignored.
    public var renderScale: Float { state.withLock { $0.renderScale } }

    /// Core Animation layers an export draws over the pictures, nil for none.
    public var animationTool: AVVideoCompositionCoreAnimationTool? { state.withLock { $0.animationTool } }

    /// The colour primaries of the pictures (`AVVideoColorPrimaries_ITU_R_709_2` or `_ITU_R_2020`); nil follows the
    /// sources.
    public var colorPrimaries: String? { state.withLock { $0.color.primaries } }

    /// The transfer function of the pictures (`AVVideoTransferFunction_ITU_R_709_2` for SDR,
    /// `_ITU_R_2100_HLG` or `_SMPTE_ST_2084_PQ` for HDR); nil follows the sources.
    public var colorTransferFunction: String? { state.withLock { $0.color.transfer } }

    /// The Y'CbCr matrix of the pictures (`AVVideoYCbCrMatrix_ITU_R_709_2` or `_ITU_R_2020`); nil follows the
    /// sources.
    public var colorYCbCrMatrix: String? { state.withLock { $0.color.matrix } }

    /// `kCMPersistentTrackID_Invalid`: frames come at `frameDuration`.
    public var sourceTrackIDForFrameTiming: CMPersistentTrackID { kCMPersistentTrackID_Invalid }

    /// The video composition in the composition model.
    var native: VideoComposition {
        let contents = state.withLock { $0 }
        let instructions = contents.instructions.map { instruction in
            (instruction as? AVVideoCompositionInstruction)?.native
                ?? VideoCompositionInstruction(timeRange: instruction.timeRange.native)
        }
        return VideoComposition(renderSize: Size(width: Double(contents.renderSize.width),
                                                 height: Double(contents.renderSize.height)),
                                frameDuration: contents.frameDuration.native, instructions: instructions)
    }
}

/// A video composition whose size, frame duration and instructions you set.
public class AVMutableVideoComposition: AVVideoComposition, @unchecked Sendable {
    /// An empty video composition: zero size, invalid frame duration, no instructions; set them.
    public init() {
        super.init(Contents(renderSize: .zero, frameDuration: .invalid, instructions: [], renderScale: 1))
    }

    override init(_ contents: Contents) {
        super.init(contents)
    }

    /// A mutable video composition fitting `asset`, as `AVVideoComposition(propertiesOf:)`.
    public convenience init(propertiesOf asset: AVAsset) {
        self.init(Self.contents(propertiesOf: (try? asset.nativeComposition()) ?? MutableComposition()))
    }

    /// A mutable video composition fitting `asset`; throws when the asset cannot be loaded.
    override public class func videoComposition(withPropertiesOf asset: AVAsset) async throws -> AVMutableVideoComposition {
        AVMutableVideoComposition(contents(propertiesOf: try asset.nativeComposition()))
    }

    /// The size of the pictures.
    override public var renderSize: CGSize {
        get { super.renderSize }
        set { state.withLock { $0.renderSize = newValue } }
    }

    /// The time between pictures.
    override public var frameDuration: CMTime {
        get { super.frameDuration }
        set { state.withLock { $0.frameDuration = newValue } }
    }

    /// The instructions, laid end to end from zero.
    override public var instructions: [any AVVideoCompositionInstructionProtocol] {
        get { super.instructions }
        set { state.withLock { $0.instructions = newValue } }
    }

    /// The scale of the render; only 1 is supported here.
    override public var renderScale: Float {
        get { super.renderScale }
        set { state.withLock { $0.renderScale = newValue } }
    }

    /// Core Animation layers an export draws over the pictures, nil for none.
    override public var animationTool: AVVideoCompositionCoreAnimationTool? {
        get { super.animationTool }
        set { state.withLock { $0.animationTool = newValue } }
    }

    /// The colour primaries of the pictures; nil follows the sources.
    override public var colorPrimaries: String? {
        get { super.colorPrimaries }
        set { state.withLock { $0.color.primaries = newValue } }
    }

    /// The transfer function of the pictures; nil follows the sources.
    override public var colorTransferFunction: String? {
        get { super.colorTransferFunction }
        set { state.withLock { $0.color.transfer = newValue } }
    }

    /// The Y'CbCr matrix of the pictures; nil follows the sources.
    override public var colorYCbCrMatrix: String? {
        get { super.colorYCbCrMatrix }
        set { state.withLock { $0.color.matrix = newValue } }
    }
}
