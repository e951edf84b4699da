import MediaCore

/// A change made to a whole output picture after its layers are composited and before its text is drawn, as Core
/// Image filters change the frames of `AVVideoComposition(asset:applyingCIFiltersWithHandler:)`. Each works on the
/// output's coded pictures (Y'CbCr for video).
public enum PictureFilter: Sendable, Hashable, Codable {
    /// A Gaussian blur of standard deviation `sigma` pixels; edges repeat the picture's border.
    case gaussianBlur(sigma: Double)
    /// A blur averaging a square `2 * radius + 1` pixels wide.
    case boxBlur(radius: Int)
    /// `brightness` added (-1 to 1, 0 for none), contrast about the middle grey scaled by `contrast` (1 for none),
    /// colourfulness scaled by `saturation` (0 grey, 1 unchanged), as `ColorControls` changes a layer's picture.
    case colorControls(brightness: Double, contrast: Double, saturation: Double)
    /// The colours moved towards sepia by `intensity` (0 none, 1 full).
    case sepia(intensity: Double)
    /// Every colour replaced by its opposite.
    case invert
    /// A picture from an image file, or a colour, drawn over the frame.
    case overlay(PictureOverlay)
}

/// A picture from an image file, or a rectangle of colour, placed over a frame, as a watermark or a tint
/// composited over it.
public struct PictureOverlay: Sendable, Hashable, Codable {
    /// What is drawn.
    public enum Content: Sendable, Hashable, Codable {
        /// The first picture of an image file (PNG, JPEG or any still libavformat reads), with its transparency.
        case file(String)
        /// A colour, with its alpha.
        case color(Color)
    }

    /// What is drawn.
    public var content: Content
    /// Where it lands, in render-size pixels from the top left; a picture is scaled to fill the rectangle.
    public var frame: Rect
    /// How opaque it is drawn, 0 to 1, times its own transparency.
    public var opacity: Double

    /// `content` filling `frame` at `opacity`.
    public init(_ content: Content, frame: Rect, opacity: Double = 1) {
        self.content = content
        self.frame = frame
        self.opacity = opacity
    }

    /// The picture in `path` scaled into `frame` at `opacity`.
    public init(path: String, frame: Rect, opacity: Double = 1) {
        self.init(.file(path), frame: frame, opacity: opacity)
    }
}

/// Filters applied in order to the pictures of a stretch of the output.
public struct PictureFilterSpan: Sendable, Hashable, Codable {
    /// When the filters apply.
    public var timeRange: TimeRange
    /// The filters, the first applied first.
    public var filters: [PictureFilter]

    /// `filters` applied over `timeRange`.
    public init(timeRange: TimeRange, filters: [PictureFilter]) {
        self.timeRange = timeRange
        self.filters = filters
    }
}

extension VideoComposition {
    /// The filters applied to the picture at `time`: those of the span containing it, none outside every span.
    public func pictureFilters(at time: MediaTime) -> [PictureFilter] {
        pictureFilters.first { $0.timeRange.contains(time) }?.filters ?? []
    }
}
