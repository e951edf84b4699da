import Composition
import Foundation
import MediaCore
import Synchronization

/// What a video composition shows over a time range; Apple's protocol for instructions. Instructions of other types
/// than `AVVideoCompositionInstruction` (for custom compositors) render as the background colour.
public protocol AVVideoCompositionInstructionProtocol: AnyObject, Sendable {
    /// The range the instruction applies to.
    var timeRange: CMTimeRange { get }
    /// Whether post-processing (Core Animation) may run; unused here.
    var enablePostProcessing: Bool { get }
    /// Whether the pictures change even when the sources do not.
    var containsTweening: Bool { get }
    /// The tracks the instruction shows, as `NSNumber`s; nil for all.
    var requiredSourceTrackIDs: [NSValue]? { get }
    /// A track shown as it is, or `kCMPersistentTrackID_Invalid`.
    var passthroughTrackID: CMPersistentTrackID { get }
}

/// What to show over a range: layers stacked with the first on top, over the background colour (opaque black unless
/// `backgroundColor` says otherwise).
public class AVVideoCompositionInstruction: AVVideoCompositionInstructionProtocol, @unchecked Sendable {
    struct Contents {
        var timeRange: CMTimeRange
        var layerInstructions: [AVVideoCompositionLayerInstruction]
        var enablePostProcessing: Bool
        var backgroundColor: CGColor?
        var requiredSourceSampleDataTrackIDs: [CMPersistentTrackID] = []
    }

    let state: Mutex<Contents>

    init(timeRange: CMTimeRange, layerInstructions: [AVVideoCompositionLayerInstruction]) {
        state = Mutex(Contents(timeRange: timeRange, layerInstructions: layerInstructions, enablePostProcessing: true,
                               backgroundColor: nil))
    }

    /// The range the instruction applies to.
    public var timeRange: CMTimeRange { state.withLock { $0.timeRange } }

    /// The layers, the first on top.
    public var layerInstructions: [AVVideoCompositionLayerInstruction] { state.withLock { $0.layerInstructions } }

    /// Whether Core Animation post-processing may run; there is none here.
    public var enablePostProcessing: Bool { state.withLock { $0.enablePostProcessing } }

    /// The colour shown where no layer covers the picture; nil for opaque black. Its alpha is ignored: the exported
    /// pictures have none.
    public var backgroundColor: CGColor? { state.withLock { $0.backgroundColor } }

    /// The timed-metadata tracks a custom compositor would read; kept, and unused here (no custom compositors).
    public var requiredSourceSampleDataTrackIDs: [NSNumber] {
        state.withLock { $0.requiredSourceSampleDataTrackIDs.map { NSNumber(value: $0) } }
    }

    /// True: ramps may change the picture between source frames.
    public var containsTweening: Bool { true }

    /// The layers' tracks.
    public var requiredSourceTrackIDs: [NSValue]? { layerInstructions.map { NSNumber(value: $0.trackID) } }

    /// `kCMPersistentTrackID_Invalid`: every frame is composited.
    public var passthroughTrackID: CMPersistentTrackID { kCMPersistentTrackID_Invalid }

    /// The instruction in the composition model.
    var native: VideoCompositionInstruction {
        let contents = state.withLock { $0 }
        let background = contents.backgroundColor?.components.map {
            Color(red: Double($0[0]), green: Double($0[1]), blue: Double($0[2]))
        }
        return VideoCompositionInstruction(timeRange: contents.timeRange.native,
                                           layerInstructions: contents.layerInstructions.map(\.native),
                                           backgroundColor: background)
    }
}

/// An instruction whose range and layers you set.
public class AVMutableVideoCompositionInstruction: AVVideoCompositionInstruction, @unchecked Sendable {
    /// An instruction with an invalid range and no layers; set both.
    public init() {
        super.init(timeRange: .invalid, layerInstructions: [])
    }

    override init(timeRange: CMTimeRange, layerInstructions: [AVVideoCompositionLayerInstruction]) {
        super.init(timeRange: timeRange, layerInstructions: layerInstructions)
    }

    /// The range the instruction applies to.
    override public var timeRange: CMTimeRange {
        get { super.timeRange }
        set { state.withLock { $0.timeRange = newValue } }
    }

    /// The layers, the first on top.
    override public var layerInstructions: [AVVideoCompositionLayerInstruction] {
        get { super.layerInstructions }
        set { state.withLock { $0.layerInstructions = newValue } }
    }

    /// Whether Core Animation post-processing may run; there is none here.
    override public var enablePostProcessing: Bool {
        get { super.enablePostProcessing }
        set { state.withLock { $0.enablePostProcessing = newValue } }
    }

    /// The colour shown where no layer covers the picture; nil for opaque black. Its alpha is ignored: the exported
    /// pictures have none.
    override public var backgroundColor: CGColor? {
        get { super.backgroundColor }
        set { state.withLock { $0.backgroundColor = newValue } }
    }

    /// The timed-metadata tracks a custom compositor would read; kept, and unused here.
    override public var requiredSourceSampleDataTrackIDs: [NSNumber] {
        get { super.requiredSourceSampleDataTrackIDs }
        set { state.withLock { $0.requiredSourceSampleDataTrackIDs = newValue.map(\.int32Value) } }
    }
}
