import Composition
import Foundation
import MediaCore

extension AVVideoCompositionLayerInstruction {
    /// An opacity ramp: `start` at the range's start to `end` at its end.
    public struct OpacityRamp: Sendable, Equatable {
        /// When the ramp runs.
        public var timeRange: CMTimeRange
        /// The opacity at its start.
        public var start: Float
        /// The opacity at its end.
        public var end: Float

        /// A ramp from `start` to `end` over `timeRange`.
        public init(timeRange: CMTimeRange, start: Float, end: Float) {
            (self.timeRange, self.start, self.end) = (timeRange, start, end)
        }
    }

    /// A transform ramp, component by component from `start` to `end`.
    public struct TransformRamp: Sendable, Equatable {
        /// When the ramp runs.
        public var timeRange: CMTimeRange
        /// The transform at its start.
        public var start: CGAffineTransform
        /// The transform at its end.
        public var end: CGAffineTransform

        /// A ramp from `start` to `end` over `timeRange`.
        public init(timeRange: CMTimeRange, start: CGAffineTransform, end: CGAffineTransform) {
            (self.timeRange, self.start, self.end) = (timeRange, start, end)
        }
    }

    /// A crop rectangle ramp, in the track's pixels.
    public struct CropRectangleRamp: Sendable, Equatable {
        /// When the ramp runs.
        public var timeRange: CMTimeRange
        /// The rectangle at its start.
        public var start: CGRect
        /// The rectangle at its end.
        public var end: CGRect

        /// A ramp from `start` to `end` over `timeRange`.
        public init(timeRange: CMTimeRange, start: CGRect, end: CGRect) {
            (self.timeRange, self.start, self.end) = (timeRange, start, end)
        }
    }

    /// A layer instruction's values and ramps, set before the instruction is made (`init(configuration:)`), as
    /// `AVMutableVideoCompositionLayerInstruction` sets them on the instruction itself. A non-numeric time or range
    /// or a non-finite value is ignored.
    public struct Configuration: Sendable {
        /// The layer in the composition model.
        var native: LayerInstruction

        /// A configuration for `assetTrack`, a track of the composition being exported.
        public init(assetTrack: AVAssetTrack) {
            native = LayerInstruction(trackID: assetTrack.trackID)
        }

        /// A configuration for the composition track `trackID`.
        public init(trackID: CMPersistentTrackID) {
            native = LayerInstruction(trackID: trackID)
        }

        /// The composition track the layer shows.
        public var trackID: CMPersistentTrackID {
            get { native.trackID }
            set { native.trackID = newValue }
        }

        /// Opacity (clamped to 0...1) from `time` until the next value.
        public mutating func setOpacity(_ opacity: Float, at time: CMTime) {
            try? native.setOpacity(Double(opacity), at: time.native)
        }

        /// An opacity ramp.
        public mutating func addOpacityRamp(_ ramp: OpacityRamp) {
            try? native.setOpacityRamp(fromStartOpacity: Double(ramp.start), toEndOpacity: Double(ramp.end),
                                       timeRange: ramp.timeRange.native)
        }

        /// The opacity ramp in effect at `time` (or the next one); nil past the last.
        public func opacityRamp(at time: CMTime) -> OpacityRamp? {
            native.opacityRamp(at: time.native).map {
                OpacityRamp(timeRange: CMTimeRange($0.timeRange), start: Float($0.startValue), end: Float($0.endValue))
            }
        }

        /// A transform (track pixels to render pixels, origin top left) from `time` until the next value.
        public mutating func setTransform(_ transform: CGAffineTransform, at time: CMTime) {
            try? native.setTransform(transform.native, at: time.native)
        }

        /// A transform ramp.
        public mutating func addTransformRamp(_ ramp: TransformRamp) {
            try? native.setTransformRamp(fromStart: ramp.start.native, toEnd: ramp.end.native,
                                         timeRange: ramp.timeRange.native)
        }

        /// The transform ramp in effect at `time` (or the next one); nil past the last.
        public func transformRamp(at time: CMTime) -> TransformRamp? {
            native.transformRamp(at: time.native).map {
                TransformRamp(timeRange: CMTimeRange($0.timeRange), start: CGAffineTransform($0.startValue),
                              end: CGAffineTransform($0.endValue))
            }
        }

        /// A crop rectangle in the track's pixels from `time` until the next value.
        public mutating func setCropRectangle(_ cropRectangle: CGRect, at time: CMTime) {
            try? native.setCropRectangle(Rect(cropRectangle), at: time.native)
        }

        /// A crop rectangle ramp.
        public mutating func addCropRectangleRamp(_ ramp: CropRectangleRamp) {
            try? native.setCropRectangleRamp(fromStartCropRectangle: Rect(ramp.start), toEndCropRectangle: Rect(ramp.end),
                                             timeRange: ramp.timeRange.native)
        }

        /// The crop rectangle ramp in effect at `time` (or the next one); nil past the last.
        public func cropRectangleRamp(at time: CMTime) -> CropRectangleRamp? {
            native.cropRectangleRamp(at: time.native).map {
                CropRectangleRamp(timeRange: CMTimeRange($0.timeRange), start: CGRect($0.startValue),
                                  end: CGRect($0.endValue))
            }
        }
    }

    /// A layer instruction with `configuration`'s track, values and ramps.
    public convenience init(configuration: Configuration) {
        self.init(native: configuration.native)
    }
}
