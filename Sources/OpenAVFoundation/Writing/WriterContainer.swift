import Composition
import Render

/// A kind of file an asset writer makes: libav's muxer for it, the media it holds, and the sound it stores.
enum WriterContainer: Sendable, Hashable {
    /// A container exports write too: MPEG-4, QuickTime, M4V, M4A or Matroska.
    case export(ExportSettings.Container)
    /// WAVE: little-endian linear PCM.
    case wave
    /// AIFF: big-endian integer linear PCM.
    case aiff
    /// Core Audio Format: linear PCM in any byte order, or Apple Lossless.
    case caf

    /// The container of `fileType`, nil for a type not written here.
    init?(_ fileType: AVFileType) {
        switch fileType {
        case .wav: self = .wave
        case .aiff: self = .aiff
        case .caf: self = .caf
        default:
            guard let container = fileType.container, container != .webm else { return nil }
            self = .export(container)
        }
    }

    /// libav's muxer.
    var muxerName: String? {
        switch self {
        case let .export(container): ExportSettings(name: "AVAssetWriter", container: container, video: nil,
                                                    audio: nil).muxerName
        case .wave: "wav"
        case .aiff: "aiff"
        case .caf: "caf"
        }
    }

    /// Whether the file's index can be put at its front.
    var supportsFaststart: Bool {
        guard case let .export(container) = self else { return false }
        return ExportSettings(name: "AVAssetWriter", container: container, video: nil, audio: nil).supportsFaststart
    }

    /// The media types its tracks may have.
    var mediaTypes: [AVMediaType] {
        switch self {
        case .export(.m4a), .wave, .aiff, .caf: [.audio]
        default: [.video, .audio]
        }
    }

    /// Why sound encoded as `settings` say cannot be stored in this container; nil when it can.
    func refusal(of settings: WriterSettings) -> String? {
        switch (self, settings) {
        case (.export(.mov), .pcm), (.caf, .pcm), (.caf, .alac), (.export(.mov), .alac), (.export(.mp4), .alac),
             (.export(.m4a), .alac):
            return nil
        case (.export(.mkv), .alac):
            return "Apple Lossless is stored in M4A, MPEG-4, QuickTime and CAF files here"
        case let (.export(container), .pcm):
            return "linear PCM is not stored in \(container == .mkv ? "Matroska" : "MPEG-4") files here; write it to a "
                + "WAVE, AIFF, CAF or QuickTime file, or encode AAC"
        case let (.wave, .pcm(pcm)):
            return pcm.layout.isBigEndian ? "a WAVE file stores little-endian samples; set AVLinearPCMIsBigEndianKey to "
                + "false" : nil
        case let (.aiff, .pcm(pcm)):
            if pcm.layout.isFloat { return "an AIFF file stores integer samples; write floats to a CAF or WAVE file" }
            return pcm.layout.isBigEndian ? nil : "an AIFF file stores big-endian samples; set AVLinearPCMIsBigEndianKey "
                + "to true"
        case (.wave, _), (.aiff, _):
            return "WAVE and AIFF files are written with linear PCM here; set AVFormatIDKey to kAudioFormatLinearPCM"
        case (.caf, _):
            return "CAF files are written with linear PCM or Apple Lossless here; set AVFormatIDKey to "
                + "kAudioFormatLinearPCM or kAudioFormatAppleLossless"
        default:
            return nil
        }
    }
}
