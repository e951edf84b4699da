import Composition
import Foundation

/// A container format, by Apple's uniform type identifiers; `.webm` and `.mkv` are this project's extras.
public struct AVFileType: RawRepresentable, Sendable, Hashable {
    /// The uniform type identifier.
    public let rawValue: String
    /// Creates a file type from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a file type from its identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// QuickTime movie (`.mov`).
    public static let mov = AVFileType("com.apple.quicktime-movie")
    /// MPEG-4 (`.mp4`).
    public static let mp4 = AVFileType("public.mpeg-4")
    /// MPEG-4 video with Apple's extension (`.m4v`), written as MPEG-4.
    public static let m4v = AVFileType("com.apple.m4v-video")
    /// MPEG-4 audio (`.m4a`).
    public static let m4a = AVFileType("com.apple.m4a-audio")
    /// WAVE audio (`.wav`); no preset here writes it.
    public static let wav = AVFileType("com.microsoft.waveform-audio")
    /// AIFF audio (`.aiff`); no preset here writes it.
    public static let aiff = AVFileType("public.aiff-audio")
    /// AIFF-C audio (`.aifc`); no preset here writes it.
    public static let aifc = AVFileType("public.aifc-audio")
    /// Core Audio Format (`.caf`); no preset here writes it.
    public static let caf = AVFileType("com.apple.coreaudio-format")
    /// MP3 audio (`.mp3`); no preset here writes it.
    public static let mp3 = AVFileType("public.mp3")
    /// AC-3 audio (`.ac3`); no preset here writes it.
    public static let ac3 = AVFileType("public.ac3-audio")
    /// 3GPP (`.3gp`); no preset here writes it.
    public static let mobile3GPP = AVFileType("public.3gpp")
    /// WebM (`.webm`): VP9 and Opus. Not in Apple's API.
    public static let webm = AVFileType("org.webmproject.webm")
    /// Matroska (`.mkv`). Not in Apple's API.
    public static let mkv = AVFileType("org.matroska.mkv")

    /// The project's container for this type; nil for types it cannot write.
    var container: ExportSettings.Container? {
        switch self {
        case .mov: .mov
        case .mp4, .m4v: .mp4
        case .m4a: .m4a
        case .webm: .webm
        case .mkv: .mkv
        default: nil
        }
    }
}
