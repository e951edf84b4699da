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
    /// colourfulness scaled by `saturation` (0 grey, 1 unchanged).
    case colorControls(brightness: Double, contrast: Double, saturation: Double)
    /// The colours moved towards sepia by `intensity` (0 none, 1 full).
    case sepia(intensity: Double)
    /// Every colour replaced by its opposite.
    case invert
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
