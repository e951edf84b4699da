import MediaCore

/// How one track's pictures are placed in an instruction's output: opacity, transform and crop over time
/// (AVVideoCompositionLayerInstruction; docs/semantics.md). AVFoundation's setters ramp linearly; the overloads
/// taking a `TimingFunction` ease.
public struct LayerInstruction: Sendable, Hashable, Codable {
    /// The composition track this layer shows.
    public var trackID: Int32
    /// Opacity ramps sorted by start; values are clamped to 0...1.
    public internal(set) var opacityRamps: [Ramp<Double>]
    /// Transform ramps sorted by start.
    public internal(set) var transformRamps: [Ramp<AffineTransform2D>]
    /// Crop rectangle ramps sorted by start, in the track's pixel space.
    public internal(set) var cropRectangleRamps: [Ramp<Rect>]
    /// What fills the canvas behind the picture (a blurred copy of it, or a colour); nil leaves the layers below.
    public var backdrop: LayerBackdrop?
    /// The radius of the picture's rounded corners, in the track's pixels (the space of crop rectangles), so the
    /// transform scales it with the picture; the corners of the cropped picture are rounded. nil: square corners.
    /// Set through `setCornerRadius(_:)`.
    public internal(set) var cornerRadius: Double?
    /// A band of colour over the picture's edges (inside them, following the rounded corners); nil: none. Set
    /// through `setBorder(width:color:)`.
    public internal(set) var border: LayerBorder?
    /// The brightness, contrast and colourfulness of the picture (and of a backdrop made from it); nil leaves them.
    /// Set through `setColorControls(_:)`.
    public internal(set) var colorControls: ColorControls?

    /// A layer with no ramps: opaque, untransformed, uncropped.
    public init(trackID: Int32) {
        self.trackID = trackID
        opacityRamps = []
        transformRamps = []
        cropRectangleRamps = []
    }

    /// Rounds the picture's corners with `radius` track pixels (0 squares them again); a radius larger than half the
    /// cropped picture's shorter side draws that half.
    public mutating func setCornerRadius(_ radius: Double) throws {
        guard radius.isFinite, radius >= 0 else { throw CompositionError.invalidSize(name: "cornerRadius", value: radius) }
        cornerRadius = radius > 0 ? radius : nil
    }

    /// Draws a band of `color`, `width` track pixels wide, over the picture's edges, or instead of the picture when
    /// `hidesPicture` (an outline); 0 width, or a transparent colour, removes it.
    public mutating func setBorder(width: Double, color: Color, hidesPicture: Bool = false) throws {
        guard width.isFinite, width >= 0 else { throw CompositionError.invalidSize(name: "borderWidth", value: width) }
        border = width > 0 && color.alpha > 0
            ? LayerBorder(width: width, color: color, hidesPicture: hidesPicture) : nil
    }

    /// Changes the picture's brightness, contrast and colourfulness by `controls` (controls that change nothing
    /// remove them); a value outside its range is an error.
    public mutating func setColorControls(_ controls: ColorControls) throws {
        if let (name, value, range) = controls.invalidValue {
            throw CompositionError.valueOutOfRange(name: name, value: value, range: range)
        }
        colorControls = controls.isIdentity ? nil : controls
    }

    // MARK: Opacity

    /// Sets `opacity` (clamped to 0...1) from `time` until the next value; one set at the same time is replaced.
    public mutating func setOpacity(_ opacity: Double, at time: MediaTime) throws {
        try RampCheck.time(time, "setOpacity")
        try RampCheck.value(opacity, "opacity")
        opacityRamps.insertRamp(Ramp(value: LayerInstruction.clampOpacity(opacity), at: time))
    }

    /// Ramps opacity linearly from `startOpacity` to `endOpacity` over `timeRange`; values are clamped to 0...1.
    public mutating func setOpacityRamp(fromStartOpacity startOpacity: Double, toEndOpacity endOpacity: Double,
                                        timeRange: TimeRange) throws {
        try setOpacityRamp(fromStartOpacity: startOpacity, toEndOpacity: endOpacity, timeRange: timeRange,
                           timingFunction: .linear)
    }

    /// Ramps opacity from `startOpacity` to `endOpacity` over `timeRange`, its progress shaped by `timingFunction`;
    /// values are clamped to 0...1 (also where an overshooting curve leaves them).
    public mutating func setOpacityRamp(fromStartOpacity startOpacity: Double, toEndOpacity endOpacity: Double,
                                        timeRange: TimeRange, timingFunction: TimingFunction) throws {
        try RampCheck.range(timeRange, "setOpacityRamp")
        try RampCheck.value(startOpacity, "startOpacity")
        try RampCheck.value(endOpacity, "endOpacity")
        opacityRamps.insertRamp(Ramp(from: LayerInstruction.clampOpacity(startOpacity),
                                     to: LayerInstruction.clampOpacity(endOpacity), timeRange: timeRange,
                                     timingFunction: timingFunction))
    }

    /// 1.0 before the first value, interpolated within a ramp, the last value held afterwards; always in 0...1.
    public func opacity(at time: MediaTime) -> Double {
        LayerInstruction.clampOpacity(opacityRamps.rampValue(at: time, default: 1))
    }

    /// The opacity ramp in effect at `time`, else the next one; nil past the last ramp.
    public func opacityRamp(at time: MediaTime) -> RampSpan<Double>? { opacityRamps.rampSpan(at: time) }

    // MARK: Transform

    /// Sets `transform` from `time` until the next value.
    public mutating func setTransform(_ transform: AffineTransform2D, at time: MediaTime) throws {
        try RampCheck.time(time, "setTransform")
        transformRamps.insertRamp(Ramp(value: transform, at: time))
    }

    /// Ramps the transform component-wise from `start` to `end` over `timeRange`.
    public mutating func setTransformRamp(fromStart start: AffineTransform2D, toEnd end: AffineTransform2D,
                                          timeRange: TimeRange) throws {
        try setTransformRamp(fromStart: start, toEnd: end, timeRange: timeRange, timingFunction: .linear)
    }

    /// Ramps the transform component-wise from `start` to `end` over `timeRange`, its progress shaped by
    /// `timingFunction`.
    public mutating func setTransformRamp(fromStart start: AffineTransform2D, toEnd end: AffineTransform2D,
                                          timeRange: TimeRange, timingFunction: TimingFunction) throws {
        try RampCheck.range(timeRange, "setTransformRamp")
        transformRamps.insertRamp(Ramp(from: start, to: end, timeRange: timeRange, timingFunction: timingFunction))
    }

    /// Identity before the first value, interpolated within a ramp, the last value held afterwards.
    public func transform(at time: MediaTime) -> AffineTransform2D {
        transformRamps.rampValue(at: time, default: .identity)
    }

    /// The transform ramp in effect at `time`, else the next one; nil past the last ramp.
    public func transformRamp(at time: MediaTime) -> RampSpan<AffineTransform2D>? { transformRamps.rampSpan(at: time) }

    // MARK: Crop

    /// Sets the crop rectangle from `time` until the next value.
    public mutating func setCropRectangle(_ rectangle: Rect, at time: MediaTime) throws {
        try RampCheck.time(time, "setCropRectangle")
        cropRectangleRamps.insertRamp(Ramp(value: rectangle, at: time))
    }

    /// Ramps the crop rectangle from `start` to `end` over `timeRange`.
    public mutating func setCropRectangleRamp(fromStartCropRectangle start: Rect, toEndCropRectangle end: Rect,
                                              timeRange: TimeRange) throws {
        try setCropRectangleRamp(fromStartCropRectangle: start, toEndCropRectangle: end, timeRange: timeRange,
                                 timingFunction: .linear)
    }

    /// Ramps the crop rectangle from `start` to `end` over `timeRange`, its progress shaped by `timingFunction`.
    public mutating func setCropRectangleRamp(fromStartCropRectangle start: Rect, toEndCropRectangle end: Rect,
                                              timeRange: TimeRange, timingFunction: TimingFunction) throws {
        try RampCheck.range(timeRange, "setCropRectangleRamp")
        cropRectangleRamps.insertRamp(Ramp(from: start, to: end, timeRange: timeRange, timingFunction: timingFunction))
    }

    /// `Rect.infinite` (no crop) before the first value, interpolated within a ramp, the last value held afterwards.
    public func cropRectangle(at time: MediaTime) -> Rect { cropRectangleRamps.rampValue(at: time, default: .infinite) }

    /// The crop ramp in effect at `time`, else the next one; nil past the last ramp.
    public func cropRectangleRamp(at time: MediaTime) -> RampSpan<Rect>? { cropRectangleRamps.rampSpan(at: time) }

    private static func clampOpacity(_ value: Double) -> Double { min(max(value, 0), 1) }
}
