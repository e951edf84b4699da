import Composition
import YAML

/// Picture containers in presets: animated pictures (GIF, WebP) and posters (JPEG, PNG). The codec follows the
/// container, sound is dropped, and keys written for them that such a file cannot use are errors rather than silently
/// ignored.
extension PresetLibrary {
    /// Video keys each picture container ignores: GIF is quantised to one palette (no rate control, no encoder
    /// threads, always 8-bit SDR); libwebp's animation encoder knows only its `quality`; a JPEG poster is one picture
    /// at its `crf` quantiser, a PNG one lossless.
    static let ignoredVideoKeys: [ExportSettings.Container: [String]] = [
        .gif: ["crf", "bitrate", "max_bitrate", "speed", "pixel_format", "keyframe_interval", "threads", "quality",
               "dynamic_range"],
        .webp: ["crf", "bitrate", "max_bitrate", "speed", "pixel_format", "keyframe_interval", "threads",
                "dynamic_range"],
        .jpeg: ["max_bitrate", "speed", "keyframe_interval"],
        .png: ["crf", "bitrate", "max_bitrate", "speed", "keyframe_interval"],
    ]

    /// What each picture container does instead of an ignored video key.
    static func ignoredKeyAdvice(_ container: ExportSettings.Container) -> String {
        switch container {
        case .gif: "a GIF is made with one palette"
        case .webp: "set 'quality' (0-100) instead"
        case .jpeg: "a poster is one picture; set 'crf' (2 finest ... 31) for its quality"
        default: "a PNG poster is one lossless picture"
        }
    }

    /// After one preset mapping is applied: gives picture containers their codec and drops the sound they cannot
    /// carry, and reports the keys of `fields` that would do nothing (`loop` off an animated picture, `poster_at` off
    /// a poster, `quality` off WebP, `passthrough` or `metadata` on an animated picture, ...).
    static func fitPictureContainer(_ fields: [String: YAMLNode], settings: inout ExportSettings,
                                    reader: inout NodeReader) {
        let container = settings.container
        let videoFields = fields["video"]
        if let node = fields["loop"], !container.isAnimatedPicture {
            reader.error("'loop' has no effect on a '\(container.rawValue)' output; it is for 'gif' and 'webp'", at: node)
        }
        if let node = fields["poster_at"], !container.isStillImage {
            reader.error("'poster_at' has no effect on a '\(container.rawValue)' output; it is for 'jpeg' and 'png' posters",
                         at: node)
        }
        if let node = videoFields?["quality"], settings.video?.codec != .webp, !container.isAnimatedPicture {
            reader.error("'quality' has no effect on video codec '\(settings.video?.codec.rawValue ?? "none")'; it is for 'webp' (use 'crf' here)",
                         at: node)
        }
        guard container.isAnimatedPicture || container.isStillImage else { return }
        for key in ignoredVideoKeys[container] ?? [] {
            if let node = videoFields?[key] {
                reader.error("'\(key)' has no effect on a '\(container.rawValue)' output; \(ignoredKeyAdvice(container))",
                             at: node)
            }
        }
        for key in ["audio", "faststart"] {
            if let node = fields[key] {
                reader.error("'\(key)' has no effect on a '\(container.rawValue)' output, which is pictures only", at: node)
            }
        }
        if let node = fields["passthrough"] {
            reader.error("'passthrough' has no effect on a '\(container.rawValue)' output; its pictures are always encoded", at: node)
        }
        settings.audio = nil
        if container.isAnimatedPicture { fitAnimatedPicture(fields, settings: &settings, reader: &reader) }
    }

    /// GIF and WebP take their own codec, are 8-bit SDR whatever the base preset said, and have no place for tags.
    private static func fitAnimatedPicture(_ fields: [String: YAMLNode], settings: inout ExportSettings,
                                           reader: inout NodeReader) {
        let container = settings.container
        let codec: ExportSettings.VideoCodec = container == .gif ? .gif : .webp
        if let node = fields["video"]?["codec"], settings.video?.codec != codec {
            reader.error("container '\(container.rawValue)' takes video codec '\(codec.rawValue)', not '\(node.string ?? "")'",
                         at: node)
        }
        settings.video?.codec = codec
        settings.video?.dynamicRange = nil
        if let node = fields["metadata"] {
            reader.error("'metadata' has no effect on a '\(container.rawValue)' output; the format has no place for tags", at: node)
        }
    }
}
