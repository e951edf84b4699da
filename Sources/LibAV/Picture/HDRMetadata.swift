/// The HDR10 static metadata a picture may carry: its content light levels and the display it was mastered on.
public struct HDRMetadata: Sendable, Hashable {
    /// The mastering display: chromaticities of its primaries and white point (CIE 1931 x, y) and its luminance.
    public struct MasteringDisplay: Sendable, Hashable {
        /// Red, green, blue and white point chromaticities.
        public var red: (x: Double, y: Double)
        /// The green primary.
        public var green: (x: Double, y: Double)
        /// The blue primary.
        public var blue: (x: Double, y: Double)
        /// The white point.
        public var white: (x: Double, y: Double)
        /// Peak luminance in cd/m2.
        public var maxLuminance: Double
        /// Black level in cd/m2.
        public var minLuminance: Double

        /// Creates a description.
        public init(red: (x: Double, y: Double), green: (x: Double, y: Double), blue: (x: Double, y: Double),
                    white: (x: Double, y: Double), maxLuminance: Double, minLuminance: Double) {
            self.red = red
            self.green = green
            self.blue = blue
            self.white = white
            self.maxLuminance = maxLuminance
            self.minLuminance = minLuminance
        }

        /// Whether both describe the same display, value by value.
        public static func == (lhs: MasteringDisplay, rhs: MasteringDisplay) -> Bool {
            lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.white == rhs.white
                && lhs.maxLuminance == rhs.maxLuminance && lhs.minLuminance == rhs.minLuminance
        }

        /// Hashes the values `==` compares.
        public func hash(into hasher: inout Hasher) {
            for value in [red.x, red.y, green.x, green.y, blue.x, blue.y, white.x, white.y, maxLuminance, minLuminance] {
                hasher.combine(value)
            }
        }
    }

    /// The brightest pixel of the content (MaxCLL) in cd/m2, when known.
    public var maxContentLight: Int?
    /// The brightest frame average (MaxFALL) in cd/m2, when known.
    public var maxFrameAverageLight: Int?
    /// The mastering display, when known.
    public var masteringDisplay: MasteringDisplay?

    /// Creates metadata.
    public init(maxContentLight: Int? = nil, maxFrameAverageLight: Int? = nil, masteringDisplay: MasteringDisplay? = nil) {
        self.maxContentLight = maxContentLight
        self.maxFrameAverageLight = maxFrameAverageLight
        self.masteringDisplay = masteringDisplay
    }

    /// The brightest light promised, in cd/m2: MaxCLL, else the mastering display's peak.
    public var peakLuminance: Double? {
        if let light = maxContentLight, light > 0 { return Double(light) }
        return masteringDisplay.map(\.maxLuminance).flatMap { $0 > 0 ? $0 : nil }
    }

    /// libx265's parameters for this metadata (`max-cll=1000,400:master-display=G(...)B(...)R(...)WP(...)L(...)`,
    /// chromaticities in 0.00002 and luminance in 0.0001 cd/m2 steps), which it writes as SEI messages.
    public var x265Parameters: String {
        var parameters: [String] = []
        if maxContentLight != nil || maxFrameAverageLight != nil {
            parameters.append("max-cll=\(maxContentLight ?? 0),\(maxFrameAverageLight ?? 0)")
        }
        if let display = masteringDisplay {
            func point(_ value: (x: Double, y: Double)) -> String {
                "(\(Int((value.x / 0.00002).rounded())),\(Int((value.y / 0.00002).rounded())))"
            }
            let luminance = "L(\(Int((display.maxLuminance * 10_000).rounded())),\(Int((display.minLuminance * 10_000).rounded())))"
            parameters.append("master-display=G\(point(display.green))B\(point(display.blue))R\(point(display.red))"
                                  + "WP\(point(display.white))\(luminance)")
        }
        return parameters.joined(separator: ":")
    }
}
