/// One picture the compositor draws: a source already scaled to its destination size, placed at an integer origin.
public struct CompositorLayer {
    /// The picture, at the size it is drawn (scaling happens before compositing).
    public var source: VideoFrameBuffer
    /// Left edge on the canvas in pixels; may be negative or past the canvas (the layer is clipped). Odd values are
    /// floored to even, see `Compositor`.
    public var x: Int
    /// Top edge on the canvas in pixels; may be negative or past the canvas. Odd values are floored to even.
    public var y: Int
    /// Layer opacity 0...1 (values outside are clamped), quantised to 0...255.
    public var opacity: Double
    /// Whether a `yuva420p` source's alpha plane masks the layer; ignored for sources without alpha.
    public var usesSourceAlpha: Bool
    /// How much of `source` is drawn, from its top-left corner (even sizes); nil draws all of it. Lets a buffer the
    /// size of the canvas hold pictures of varying size without reallocation.
    public var extent: (width: Int, height: Int)?

    /// A layer drawing `source` (or its top-left `extent`) with its top-left corner at (`x`, `y`).
    public init(source: VideoFrameBuffer, x: Int = 0, y: Int = 0, opacity: Double = 1, usesSourceAlpha: Bool = true,
                extent: (width: Int, height: Int)? = nil) {
        self.source = source
        self.x = x
        self.y = y
        self.opacity = opacity
        self.usesSourceAlpha = usesSourceAlpha
        self.extent = extent
    }

    /// The drawn width: the extent's, within the source.
    var drawnWidth: Int { min(source.width, max(0, extent?.width ?? source.width)) }
    /// The drawn height: the extent's, within the source.
    var drawnHeight: Int { min(source.height, max(0, extent?.height ?? source.height)) }

    /// The opacity as an integer weight 0...255, rounded; NaN counts as 0.
    public var opacityWeight: Int {
        guard !opacity.isNaN else { return 0 }
        return Int((min(max(opacity, 0), 1) * 255).rounded())
    }
}
