/// What the analysis of one source range found: where new shots start and the subject's box in each analysed frame,
/// in whole pixels of the small analysed picture so that a cached result reads back exactly.
public struct SubjectTrack: Sendable, Hashable, Codable {
    /// The analysed picture's width in pixels (the source's display aspect).
    public var width: Int
    /// The analysed picture's height in pixels.
    public var height: Int
    /// The analysed frames in time order.
    public var samples: [SubjectSample]
    /// Source times of the first frame of every shot after the first, in order.
    public var cuts: [MediaTime]

    /// Creates a track.
    public init(width: Int, height: Int, samples: [SubjectSample], cuts: [MediaTime]) {
        self.width = width
        self.height = height
        self.samples = samples
        self.cuts = cuts
    }
}

/// One analysed frame: its source time and the box around the subject, nil when none was found.
public struct SubjectSample: Sendable, Hashable, Codable {
    /// The frame's source time.
    public var time: MediaTime
    /// The subject's box in analysed pixels.
    public var box: SubjectBox?

    /// Creates a sample.
    public init(time: MediaTime, box: SubjectBox?) {
        self.time = time
        self.box = box
    }
}

/// A box in whole pixels of the analysed picture.
public struct SubjectBox: Sendable, Hashable, Codable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width.
    public var width: Int
    /// Height.
    public var height: Int

    /// Creates a box.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest box holding both.
    public func union(_ other: SubjectBox) -> SubjectBox {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return SubjectBox(x: left, y: top, width: right - left, height: bottom - top)
    }
}
