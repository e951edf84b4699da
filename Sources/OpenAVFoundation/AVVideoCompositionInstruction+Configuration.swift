import Foundation

extension AVVideoCompositionInstruction {
    /// An instruction's range, layers and background, set before the instruction is made (`init(configuration:)`).
    public struct Configuration: Sendable {
        /// The colour shown where no layer covers the picture; nil for opaque black (its alpha is ignored).
        public var backgroundColor: CGColor?
        /// Whether Core Animation post-processing may run.
        public var enablePostProcessing: Bool
        /// The layers, the first on top.
        public var layerInstructions: [AVVideoCompositionLayerInstruction]
        /// The timed-metadata tracks a custom compositor would read; kept, and unused here.
        public var requiredSourceSampleDataTrackIDs: [CMPersistentTrackID]
        /// The range the instruction applies to.
        public var timeRange: CMTimeRange

        /// A configuration of these values; the defaults are an empty instruction over no time.
        public init(backgroundColor: CGColor? = nil, enablePostProcessing: Bool = true,
                    layerInstructions: [AVVideoCompositionLayerInstruction] = [],
                    requiredSourceSampleDataTrackIDs: [CMPersistentTrackID] = [], timeRange: CMTimeRange = .zero) {
            self.backgroundColor = backgroundColor
            self.enablePostProcessing = enablePostProcessing
            self.layerInstructions = layerInstructions
            self.requiredSourceSampleDataTrackIDs = requiredSourceSampleDataTrackIDs
            self.timeRange = timeRange
        }
    }

    /// An instruction with `configuration`'s range, layers and background.
    public convenience init(configuration: Configuration) {
        self.init(timeRange: configuration.timeRange, layerInstructions: configuration.layerInstructions)
        state.withLock {
            $0.backgroundColor = configuration.backgroundColor
            $0.enablePostProcessing = configuration.enablePostProcessing
            $0.requiredSourceSampleDataTrackIDs = configuration.requiredSourceSampleDataTrackIDs
        }
    }
}
