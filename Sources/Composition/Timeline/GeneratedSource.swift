import Foundation
import MediaCore

/// A built-in source (test pattern, colour, gradient, tone, silence) described by value and addressed by a
/// `mediabatch-generate:` URL, so composition segments can point at it like at a file.
public struct GeneratedSource: Sendable, Hashable, Codable {
    /// The built-in generators.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Colour bars with a moving element, and a tone.
        case testpattern
        /// A solid colour, with silent audio.
        case color
        /// Colours blended along a line at `angle` (CSS `linear-gradient`), with silent audio.
        case linearGradient = "linear-gradient"
        /// Colours blended outward from `center` (CSS `radial-gradient`, a circle), with silent audio.
        case radialGradient = "radial-gradient"
        /// A sine tone, no picture.
        case tone
        /// Silence, no picture.
        case silence
    }

    /// A colour at a place along a gradient.
    public struct Stop: Sendable, Hashable, Codable {
        /// `#rrggbb` or a name; alpha is ignored (generated pictures are opaque).
        public var color: String
        /// Where along the gradient, 0 (its start) ... 1 (its end).
        public var position: Double

        /// Creates a stop.
        public init(color: String, position: Double) {
            self.color = color
            self.position = position
        }
    }

    /// The URL scheme of generated sources.
    public static let scheme = "mediabatch-generate"

    /// Which generator.
    public var kind: Kind
    /// How long the source is.
    public var duration: MediaTime
    /// Picture width (testpattern, color); 0 with `height` 0 when it has no native size.
    public var width: Int
    /// Picture height.
    public var height: Int
    /// Picture rate.
    public var frameRate: FrameRate
    /// Colour as manifest text, read with `Color(parsing:)` (color).
    public var color: String
    /// Tone frequency in hertz (tone, testpattern).
    public var frequency: Double
    /// A gradient's colours, by increasing position.
    public var stops: [Stop] = []
    /// A linear gradient's direction in degrees clockwise from "toward the top" (CSS: 180 runs top to bottom, 90
    /// left to right); its line is as long as the picture's extent in that direction.
    public var angle: Double = 180
    /// A radial gradient's centre, as fractions of the width and height.
    public var centerX: Double = 0.5
    /// The centre's vertical place, a fraction of the height.
    public var centerY: Double = 0.5
    /// A radial gradient's radius as a fraction of the picture's shorter side; nil reaches the farthest corner.
    public var radius: Double? = nil

    /// Creates a generator description; defaults give 1920x1080 at 30 fps, black, 1 kHz.
    public init(kind: Kind, duration: MediaTime, width: Int = 1920, height: Int = 1080,
                frameRate: FrameRate = FrameRate(30), color: String = "black", frequency: Double = 1000) {
        self.kind = kind
        self.duration = duration
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.color = color
        self.frequency = frequency
    }

    /// Whether the picture has a size of its own; a manifest generator without `size` has none (width and height 0)
    /// and is drawn at the output's frame size.
    public var hasNativeSize: Bool { width > 0 && height > 0 }

    /// Whether the generator makes pictures.
    public var hasVideo: Bool { kind != .tone && kind != .silence }

    /// Whether the generator is a gradient.
    public var isGradient: Bool { kind == .linearGradient || kind == .radialGradient }

    /// `mediabatch-generate:KIND?duration=N/D&width=W&height=H&fps=N/D&color=C&frequency=F`.
    public var url: URL {
        var components = URLComponents()
        components.scheme = Self.scheme
        components.path = kind.rawValue
        components.queryItems = [
            URLQueryItem(name: "duration", value: duration.description),
            URLQueryItem(name: "width", value: String(width)),
            URLQueryItem(name: "height", value: String(height)),
            URLQueryItem(name: "fps", value: frameRate.description),
            URLQueryItem(name: "color", value: color),
            URLQueryItem(name: "frequency", value: String(frequency)),
        ]
        if isGradient {
            components.queryItems? += [
                URLQueryItem(name: "stops", value: stops.map { "\($0.color)@\($0.position)" }.joined(separator: ",")),
                URLQueryItem(name: "angle", value: String(angle)),
                URLQueryItem(name: "center", value: "\(centerX),\(centerY)"),
                URLQueryItem(name: "radius", value: radius.map { String($0) } ?? "corner"),
            ]
        }
        return components.url!
    }

    /// Reads a `mediabatch-generate:` URL; nil for any other URL or a malformed one.
    public init?(url: URL) {
        guard url.scheme == Self.scheme,
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let kind = Kind(rawValue: components.path) else { return nil }
        var values: [String: String] = [:]
        for item in components.queryItems ?? [] { values[item.name] = item.value }
        guard let durationText = values["duration"], let duration = MediaTime(durationText) else { return nil }
        self.init(kind: kind, duration: duration)
        if let text = values["width"], let value = Int(text) { width = value }
        if let text = values["height"], let value = Int(text) { height = value }
        if let text = values["fps"] {
            let parts = text.split(separator: "/").compactMap { Int32($0) }
            if parts.count == 1 { frameRate = FrameRate(parts[0]) }
            if parts.count == 2 { frameRate = FrameRate(parts[0], parts[1]) }
        }
        if let text = values["color"] { color = text }
        if let text = values["frequency"], let value = Double(text) { frequency = value }
        if let text = values["stops"] {
            stops = text.split(separator: ",").compactMap { item in
                let parts = item.split(separator: "@")
                guard parts.count == 2, let position = Double(parts[1]) else { return nil }
                return Stop(color: String(parts[0]), position: position)
            }
        }
        if let text = values["angle"], let value = Double(text) { angle = value }
        if let parts = values["center"]?.split(separator: ",").compactMap({ Double($0) }), parts.count == 2 {
            (centerX, centerY) = (parts[0], parts[1])
        }
        if let text = values["radius"] { radius = Double(text) }
    }
}
