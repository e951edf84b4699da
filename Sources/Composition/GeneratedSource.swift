import Foundation
import MediaCore

/// A built-in source (test pattern, colour, tone, silence) described by value and addressed by a
/// `mediabatch-generate:` URL, so composition segments can point at it like at a file.
public struct GeneratedSource: Sendable, Hashable, Codable {
    /// The built-in generators.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Colour bars with a moving element, and a tone.
        case testpattern
        /// A solid colour, with silent audio.
        case color
        /// A sine tone, no picture.
        case tone
        /// Silence, no picture.
        case silence
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
    public var hasVideo: Bool { kind == .testpattern || kind == .color }

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
    }
}
