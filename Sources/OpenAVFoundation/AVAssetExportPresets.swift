import Composition
import Foundation
import LibAV
import MediaCore

/// H.264 and AAC at a small size (fits 192x144).
public let AVAssetExportPresetLowQuality = "AVAssetExportPresetLowQuality"
/// H.264 and AAC at a medium size (fits 480x360).
public let AVAssetExportPresetMediumQuality = "AVAssetExportPresetMediumQuality"
/// H.264 and AAC at the picture's own size, high quality.
public let AVAssetExportPresetHighestQuality = "AVAssetExportPresetHighestQuality"
/// HEVC and AAC at the picture's own size, high quality.
public let AVAssetExportPresetHEVCHighestQuality = "AVAssetExportPresetHEVCHighestQuality"
/// H.264 and AAC fitting 640x480.
public let AVAssetExportPreset640x480 = "AVAssetExportPreset640x480"
/// H.264 and AAC fitting 960x540.
public let AVAssetExportPreset960x540 = "AVAssetExportPreset960x540"
/// H.264 and AAC fitting 1280x720.
public let AVAssetExportPreset1280x720 = "AVAssetExportPreset1280x720"
/// H.264 and AAC fitting 1920x1080.
public let AVAssetExportPreset1920x1080 = "AVAssetExportPreset1920x1080"
/// H.264 and AAC fitting 3840x2160.
public let AVAssetExportPreset3840x2160 = "AVAssetExportPreset3840x2160"
/// HEVC and AAC fitting 1920x1080.
public let AVAssetExportPresetHEVC1920x1080 = "AVAssetExportPresetHEVC1920x1080"
/// HEVC and AAC fitting 3840x2160.
public let AVAssetExportPresetHEVC3840x2160 = "AVAssetExportPresetHEVC3840x2160"
/// AAC sound only, in an `.m4a` file.
public let AVAssetExportPresetAppleM4A = "AVAssetExportPresetAppleM4A"
/// The sources' compressed samples copied where the edit allows, else re-encoded at their size and rate.
public let AVAssetExportPresetPassthrough = "AVAssetExportPresetPassthrough"

/// Apple's export presets as the project's export settings. Sized presets fit the picture into their box (turned to
/// the picture's orientation) and never enlarge it; every picture preset keeps the video composition's frame rate.
struct ExportPreset: Sendable {
    /// A picture size limit.
    struct Box: Sendable {
        var width: Int
        var height: Int
    }

    enum Kind: Sendable {
        /// Pictures and sound: the codec, the box the picture must fit (nil: its own size) and the quality.
        case video(ExportSettings.VideoCodec, box: Box?, crf: Int)
        /// Sound only.
        case audio
        /// Copy where possible.
        case passthrough
    }

    let name: String
    let kind: Kind

    /// Every preset.
    static let presets: [ExportPreset] = [
        ExportPreset(name: AVAssetExportPresetLowQuality, kind: .video(.h264, box: Box(width: 192, height: 144), crf: 28)),
        ExportPreset(name: AVAssetExportPresetMediumQuality, kind: .video(.h264, box: Box(width: 480, height: 360), crf: 25)),
        ExportPreset(name: AVAssetExportPresetHighestQuality, kind: .video(.h264, box: nil, crf: 18)),
        ExportPreset(name: AVAssetExportPresetHEVCHighestQuality, kind: .video(.hevc, box: nil, crf: 22)),
        ExportPreset(name: AVAssetExportPreset640x480, kind: .video(.h264, box: Box(width: 640, height: 480), crf: 21)),
        ExportPreset(name: AVAssetExportPreset960x540, kind: .video(.h264, box: Box(width: 960, height: 540), crf: 21)),
        ExportPreset(name: AVAssetExportPreset1280x720, kind: .video(.h264, box: Box(width: 1280, height: 720), crf: 21)),
        ExportPreset(name: AVAssetExportPreset1920x1080, kind: .video(.h264, box: Box(width: 1920, height: 1080), crf: 21)),
        ExportPreset(name: AVAssetExportPreset3840x2160, kind: .video(.h264, box: Box(width: 3840, height: 2160), crf: 21)),
        ExportPreset(name: AVAssetExportPresetHEVC1920x1080, kind: .video(.hevc, box: Box(width: 1920, height: 1080), crf: 24)),
        ExportPreset(name: AVAssetExportPresetHEVC3840x2160, kind: .video(.hevc, box: Box(width: 3840, height: 2160), crf: 24)),
        ExportPreset(name: AVAssetExportPresetAppleM4A, kind: .audio),
        ExportPreset(name: AVAssetExportPresetPassthrough, kind: .passthrough),
    ]

    /// The preset called `name`, if there is one.
    static func named(_ name: String) -> ExportPreset? { presets.first { $0.name == name } }

    /// The file types the preset writes.
    var fileTypes: [AVFileType] {
        switch kind {
        case .audio: [.m4a]
        case .video: [.mov, .mp4, .m4v, .mkv, .webm]
        case .passthrough: [.mov, .mp4, .m4v, .mkv]
        }
    }

    /// Whether the preset can export an asset with (or without) pictures and sound.
    func fits(hasVideo: Bool, hasAudio: Bool) -> Bool {
        switch kind {
        case .audio: hasAudio
        case .video, .passthrough: hasVideo || hasAudio
        }
    }

    /// The export settings for `composition` shown through `videoComposition`, written as `fileType`.
    func settings(for composition: MutableComposition, videoComposition: VideoComposition?,
                  fileType: AVFileType) throws(AVError) -> ExportSettings {
        guard fileTypes.contains(fileType), let container = fileType.container else {
            throw AVError(.operationNotSupportedForPreset, .fileTypeNotSupported(fileType, preset: name))
        }
        let hasVideo = composition.tracks(withMediaType: .video).contains { $0.segments.contains { !$0.isEmpty } }
        let hasAudio = composition.tracks(withMediaType: .audio).contains { $0.segments.contains { !$0.isEmpty } }
        guard fits(hasVideo: hasVideo, hasAudio: hasAudio) else { throw AVError(.exportFailed, .nothingToExport(preset: name)) }
        let webm = container == .webm
        let audio = hasAudio ? ExportSettings.Audio(codec: webm ? .opus : .aac, bitRate: audioBitRate) : nil
        switch kind {
        case .audio:
            return ExportSettings(name: name, container: .m4a, video: nil, audio: audio)
        case let .video(codec, box, crf):
            let video = hasVideo ? pictureSettings(composition, videoComposition, codec: webm ? .vp9 : codec, box: box,
                                                   crf: crf) : nil
            return ExportSettings(name: name, container: container, video: video, audio: audio)
        case .passthrough:
            return passthroughSettings(composition, videoComposition, container: container, hasVideo: hasVideo,
                                       hasAudio: hasAudio)
        }
    }

    private var audioBitRate: Int {
        switch name {
        case AVAssetExportPresetLowQuality: 64_000
        case AVAssetExportPresetMediumQuality: 96_000
        case AVAssetExportPresetAppleM4A: 192_000
        default: 160_000
        }
    }

    /// The picture at its render size fitted into `box`, at the video composition's frame rate.
    private func pictureSettings(_ composition: MutableComposition, _ videoComposition: VideoComposition?,
                                 codec: ExportSettings.VideoCodec, box: Box?, crf: Int) -> ExportSettings.Video {
        let fitted = VideoComposition.make(propertiesOf: composition)
        let size = videoComposition?.renderSize ?? fitted.renderSize
        let (width, height) = Self.fit(CGSize(width: size.width, height: size.height), into: box)
        return ExportSettings.Video(codec: codec, width: width, height: height,
                                    frameRate: Self.frameRate(videoComposition?.frameDuration ?? fitted.frameDuration),
                                    crf: crf)
    }

    /// The first video source's codec, size and rate (and its sound's format), so the native passthrough can copy.
    private func passthroughSettings(_ composition: MutableComposition, _ videoComposition: VideoComposition?,
                                     container: ExportSettings.Container, hasVideo: Bool,
                                     hasAudio: Bool) -> ExportSettings {
        let firstSource = composition.tracks(withMediaType: .video).lazy.flatMap(\.segments).first { !$0.isEmpty }?.sourceURL
        let media = firstSource.flatMap { try? MediaProbe().probe(path: $0.path) }
        var settings = ExportSettings(name: name, container: container, video: nil, audio: nil, passthrough: true)
        if hasVideo {
            var video = pictureSettings(composition, videoComposition, codec: .h264, box: nil, crf: 18)
            if let stream = media?.primaryVideo {
                video.codec = ExportSettings.VideoCodec(rawValue: stream.codecName) ?? .h264
                let display = stream.displaySize
                if videoComposition == nil { (video.width, video.height) = (display.width, display.height) }
                if let rate = stream.frameRate, rate.isValid { video.frameRate = rate }
            }
            settings.video = video
        }
        if hasAudio {
            var audio = ExportSettings.Audio(codec: .aac, bitRate: audioBitRate)
            if let stream = media?.primaryAudio {
                audio.codec = stream.codecName == "opus" ? .opus : .aac
                audio.sampleRate = stream.sampleRate
                audio.channels = stream.channels
            }
            settings.audio = audio
        }
        return settings
    }

    /// `size` scaled down (never up) to fit `box` turned to the picture's orientation, in even pixels.
    static func fit(_ size: CGSize, into box: Box?) -> (width: Int, height: Int) {
        guard let box else { return size.evenPixels(fitting: .zero) }
        let (long, short) = (max(box.width, box.height), min(box.width, box.height))
        let limit = size.width >= size.height ? CGSize(width: long, height: short) : CGSize(width: short, height: long)
        return size.evenPixels(fitting: limit)
    }

    /// The frame rate whose frame lasts `duration`; 30 fps for a duration that is not a positive number.
    static func frameRate(_ duration: MediaTime) -> FrameRate {
        guard duration.isNumeric, duration.value > 0 else { return FrameRate(30) }
        let reduced = duration.multiplied(by: 1, dividedBy: 1)
        guard let frames = Int32(exactly: reduced.value) else { return FrameRate(30) }
        return FrameRate(reduced.timescale, frames)
    }
}
