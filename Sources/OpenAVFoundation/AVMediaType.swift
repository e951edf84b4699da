import Foundation
import MediaCore

/// The kind of media a track carries, by Apple's identifiers.
public struct AVMediaType: RawRepresentable, Sendable, Hashable {
    /// Apple's identifier (`vide`, `soun`).
    public let rawValue: String
    /// Creates a media type from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a media type from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Pictures.
    public static let video = AVMediaType("vide")
    /// Sound.
    public static let audio = AVMediaType("soun")
    /// Subtitles.
    public static let subtitle = AVMediaType("sbtl")
    /// Text.
    public static let text = AVMediaType("text")
    /// Closed captions.
    public static let closedCaption = AVMediaType("clcp")
    /// Timecode.
    public static let timecode = AVMediaType("tmcd")
    /// Timed metadata and other data.
    public static let metadata = AVMediaType("meta")

    /// The media type of the composition model; nil for kinds it has no tracks of.
    var native: MediaType? {
        switch self {
        case .video: .video
        case .audio: .audio
        case .subtitle, .text, .closedCaption: .subtitle
        case .metadata, .timecode: .data
        default: nil
        }
    }

    /// The media type of a native track or stream.
    init(_ native: MediaType) {
        switch native {
        case .video: self = .video
        case .audio: self = .audio
        case .subtitle: self = .subtitle
        case .data: self = .metadata
        }
    }
}
