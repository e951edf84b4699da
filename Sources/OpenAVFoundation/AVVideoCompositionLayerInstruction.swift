import Composition
import Foundation
import MediaCore
import Synchronization

/// How one track's pictures are shown in an instruction: opacity, transform and crop over time, each 1 / identity /
/// uncropped before its first value, interpolated within a ramp and held after the last.
public class AVVideoCompositionLayerInstruction: @unchecked Sendable {
    /// The layer in the composition model.
    let state: Mutex<LayerInstruction>

    init(native: LayerInstruction) {
        state = Mutex(native)
    }

    /// The layer in the composition model, as it is now.
    var native: LayerInstruction { state.withLock { $0 } }

    /// The composition track this layer shows.
    public var trackID: CMPersistentTrackID { native.trackID }

    /// Writes the opacity ramp in effect at `time` (or the next one) and says whether there is one; false past the
    /// last ramp.
    public func getOpacityRamp(for time: CMTime, startOpacity: UnsafeMutablePointer<Float>?,
                               endOpacity: UnsafeMutablePointer<Float>?,
                               timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let span = native.opacityRamp(at: time.native) else { return false }
        startOpacity?.pointee = Float(span.startValue)
        endOpacity?.pointee = Float(span.endValue)
        timeRange?.pointee = CMTimeRange(span.timeRange)
        return true
    }

    /// Writes the transform ramp in effect at `time` (or the next one) and says whether there is one.
    public func getTransformRamp(for time: CMTime, start startTransform: UnsafeMutablePointer<CGAffineTransform>?,
                                 end endTransform: UnsafeMutablePointer<CGAffineTransform>?,
                                 timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let span = native.transformRamp(at: time.native) else { return false }
        startTransform?.pointee = CGAffineTransform(span.startValue)
        endTransform?.pointee = CGAffineTransform(span.endValue)
        timeRange?.pointee = CMTimeRange(span.timeRange)
        return true
    }

    /// Writes the crop ramp in effect at `time` (or the next one) and says whether there is one.
    public func getCropRectangleRamp(for time: CMTime, startCropRectangle: UnsafeMutablePointer<CGRect>?,
                                     endCropRectangle: UnsafeMutablePointer<CGRect>?,
                                     timeRange: UnsafeMutablePointer<CMTimeRange>?) -> Bool {
        guard let span = native.cropRectangleRamp(at: time.native) else { return false }
        startCropRectangle?.pointee = CGRect(span.startValue)
        endCropRectangle?.pointee = CGRect(span.endValue)
        timeRange?.pointee = CMTimeRange(span.timeRange)
        return true
    }
}

/// A layer instruction you set opacity, transform and crop values and ramps on. A non-numeric time or range (where
/// Apple's framework raises an exception) or a non-finite value is ignored.
public class AVMutableVideoCompositionLayerInstruction: AVVideoCompositionLayerInstruction, @unchecked Sendable {
    /// A layer for track `kCMPersistentTrackID_Invalid`; set `trackID`.
    public init() {
        super.init(native: LayerInstruction(trackID: kCMPersistentTrackID_Invalid))
    }

    /// A layer for `assetTrack` (a track of the composition being exported).
    public init(assetTrack: AVAssetTrack) {
        super.init(native: LayerInstruction(trackID: assetTrack.trackID))
    }

    override init(native: LayerInstruction) {
        super.init(native: native)
    }

    /// The composition track this layer shows.
    override public var trackID: CMPersistentTrackID {
        get { super.trackID }
        set { state.withLock { $0.trackID = newValue } }
    }

    /// Opacity (clamped to 0...1) from `time` until the next value.
    public func setOpacity(_ opacity: Float, at time: CMTime) {
        state.withLock { try? $0.setOpacity(Double(opacity), at: time.native) }
    }

    /// Opacity ramping linearly from `startOpacity` to `endOpacity` over `timeRange`.
    public func setOpacityRamp(fromStartOpacity startOpacity: Float, toEndOpacity endOpacity: Float,
                               timeRange: CMTimeRange) {
        state.withLock {
            try? $0.setOpacityRamp(fromStartOpacity: Double(startOpacity), toEndOpacity: Double(endOpacity),
                                   timeRange: timeRange.native)
        }
    }

    /// A transform (track pixels to render pixels, origin top left) from `time` until the next value.
    public func setTransform(_ transform: CGAffineTransform, at time: CMTime) {
        state.withLock { try? $0.setTransform(transform.native, at: time.native) }
    }

    /// A transform ramping component-wise from `startTransform` to `endTransform` over `timeRange`.
    public func setTransformRamp(fromStart startTransform: CGAffineTransform, toEnd endTransform: CGAffineTransform,
                                 timeRange: CMTimeRange) {
        state.withLock {
            try? $0.setTransformRamp(fromStart: startTransform.native, toEnd: endTransform.native, timeRange: timeRange.native)
        }
    }

    /// A crop rectangle in the track's pixels from `time` until the next value.
    public func setCropRectangle(_ cropRectangle: CGRect, at time: CMTime) {
        state.withLock { try? $0.setCropRectangle(Rect(cropRectangle), at: time.native) }
    }

    /// A crop rectangle ramping from `startCropRectangle` to `endCropRectangle` over `timeRange`.
    public func setCropRectangleRamp(fromStartCropRectangle startCropRectangle: CGRect,
                                     toEndCropRectangle endCropRectangle: CGRect, timeRange: CMTimeRange) {
        state.withLock {
            try? $0.setCropRectangleRamp(fromStartCropRectangle: Rect(startCropRectangle),
                                         toEndCropRectangle: Rect(endCropRectangle), timeRange: timeRange.native)
        }
    }
}

extension Rect {
    /// A rectangle of the composition model from a CoreGraphics one (`CGRect.infinite` is `Rect.infinite`).
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
                  height: Double(rect.size.height))
    }
}

extension CGRect {
    /// A CoreGraphics rectangle from one of the composition model.
    init(_ rect: Rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}
