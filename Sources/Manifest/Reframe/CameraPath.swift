
/// The crop of a reframed clip along the one axis it moves on, frame by frame, and per shot whether it holds still.
public struct CameraPath: Sendable, Hashable, Codable {
    /// The axis the crop moves along: horizontal for a wide source in a narrower output, vertical the other way.
    public enum Axis: String, Sendable, Hashable, Codable {
        case horizontal, vertical
    }

    /// One shot of the clip as reframed.
    public struct Shot: Sendable, Hashable, Codable {
        /// The output frames of the shot (indices into `positions`).
        public var frames: Range<Int>
        /// Whether the crop holds one position over the shot.
        public var still: Bool
        /// Whether the detector found the subject in any analysed frame of the shot (else the crop is centred).
        public var found: Bool
        /// The smallest crop position (source pixels along the axis) over the shot.
        public var lowest: Double
        /// The largest crop position (source pixels along the axis) over the shot.
        public var highest: Double
    }

    /// The axis.
    public var axis: Axis
    /// The crop's size along the axis, in source pixels.
    public var extent: Double
    /// The crop's leading edge (left or top) at each output frame, in source pixels.
    public var positions: [Double]
    /// The shots in order.
    public var shots: [Shot]

    /// The largest change of the crop's speed from one frame to the next within a shot, in source pixels per frame
    /// per frame (the path's second difference).
    public var largestAcceleration: Double {
        var largest = 0.0
        for shot in shots where shot.frames.count >= 3 {
            for index in shot.frames.dropFirst().dropLast() {
                largest = max(largest, abs(positions[index + 1] - 2 * positions[index] + positions[index - 1]))
            }
        }
        return largest
    }
}
