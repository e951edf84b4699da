import Composition
import MediaCore
import YAML

/// Overlays' pictures: a still `image`, or a `video` clip with its own range and sound (picture-in-picture).
extension OutputDecoder {
    /// The node naming an overlay's picture: `image` or `video`, exactly one of them.
    func overlayPicture(_ fields: [String: YAMLNode], at node: YAMLNode, reader: inout NodeReader) -> YAMLNode? {
        switch (fields["image"], fields["video"]) {
        case let (image?, nil): return image
        case let (nil, video?): return video
        case let (_?, video?):
            reader.error("an overlay sets both 'image' and 'video'; use 'image' for a picture, 'video' for a clip", at: video)
        case (nil, nil):
            reader.error("overlay needs 'image' (a picture) or 'video' (a clip)", at: node)
        }
        return nil
    }

    /// `from`, `to`, `volume` and `mute` of a `video` overlay; on an `image` overlay they are errors.
    func videoOverlay(_ fields: [String: YAMLNode], into spec: inout OverlaySpec, rate: FrameRate?,
                      reader: inout NodeReader) {
        spec.isVideo = fields["video"] != nil
        guard spec.isVideo else {
            for key in ManifestSchema.videoOverlay.dropFirst() {
                if let node = fields[key] {
                    reader.error("'\(key)' applies to a clip; write 'video:' instead of 'image:' to play one", at: node)
                }
            }
            return
        }
        if let node = fields["from"], let time = reader.time(node, "from", frameRate: rate) { spec.from = time }
        if let node = fields["to"], let time = reader.time(node, "to", frameRate: rate) {
            if time <= spec.from {
                reader.error("'to' (\(TimeSyntax.format(time))) must be after 'from' (\(TimeSyntax.format(spec.from)))", at: node)
            } else {
                spec.to = time
            }
        }
        if let node = fields["volume"], let gain = reader.gain(node, "volume") { spec.volume = gain }
        if let node = fields["mute"], reader.bool(node, "mute") == true { spec.volume = 0 }
    }
}
