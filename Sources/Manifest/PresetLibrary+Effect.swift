import Composition
import YAML

/// Animated pictures (GIF, WebP) in presets: the codec follows the container, and keys written for them that an
/// animated picture cannot use are errors rather than silently ignored.
extension PresetLibrary {
    /// Video keys each animated container ignores: GIF is quantised to one palette (no rate control, no encoder
    /// threads); libwebp's animation encoder knows only its `quality`.
    static let ignoredVideoKeys: [ExportSettings.Container: [String]] = [
        .gif: ["crf", "bitrate", "max_bitrate", "speed", "pixel_format", "keyframe_interval", "threads", "quality"],
        .webp: ["crf", "bitrate", "max_bitrate", "speed", "pixel_format", "keyframe_interval", "threads"],
    ]

    /// After one preset mapping is applied: gives GIF and WebP their codec and drops the sound they cannot carry, and
    /// reports the keys of `fields` that would do nothing (`loop` off an animated picture, `quality` off WebP,
    /// `passthrough` or `metadata` on one, ...).
    static func fitAnimatedPicture(_ fields: [String: YAMLNode], settings: inout ExportSettings,
                                   reader: inout NodeReader) {
        let container = settings.container
        let videoFields = fields["video"]
        if let node = fields["loop"], !container.isAnimatedPicture {
            reader.error("'loop' has no effect on a '\(container.rawValue)' output; it is for 'gif' and 'webp'", at: node)
        }
        guard container.isAnimatedPicture else {
            if let node = videoFields?["quality"], settings.video?.codec != .webp {
                reader.error("'quality' has no effect on video codec '\(settings.video?.codec.rawValue ?? "none")'; it is for 'webp' (use 'crf' here)",
                             at: node)
            }
            return
        }
        let codec: ExportSettings.VideoCodec = container == .gif ? .gif : .webp
        if let node = videoFields?["codec"], settings.video?.codec != codec {
            reader.error("container '\(container.rawValue)' takes video codec '\(codec.rawValue)', not '\(node.string ?? "")'",
                         at: node)
        }
        settings.video?.codec = codec
        for key in ignoredVideoKeys[container] ?? [] {
            if let node = videoFields?[key] {
                reader.error("'\(key)' has no effect on a '\(container.rawValue)' output; "
                             + (container == .webp ? "set 'quality' (0-100) instead" : "a GIF is made with one palette"),
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
        if let node = fields["metadata"] {
            reader.error("'metadata' has no effect on a '\(container.rawValue)' output; the format has no place for tags", at: node)
        }
        settings.audio = nil
    }
}
