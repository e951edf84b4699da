import Composition
import Foundation
import MediaCore
import YAML

/// Overlays' pictures: a still `image`, or a `video` clip with its own range and sound (picture-in-picture).
extension OutputDecoder {
    /// The node naming an overlay's picture: `image`, `video` or `lottie`, exactly one of them.
    func overlayPicture(_ fields: [String: YAMLNode], at node: YAMLNode, reader: inout NodeReader) -> YAMLNode? {
        let named = ["image", "video", "lottie"].compactMap { key in fields[key].map { (key, $0) } }
        switch named.count {
        case 1: return named[0].1
        case 0: reader.error("overlay needs 'image' (a picture), 'video' (a clip) or 'lottie' (an animation)", at: node)
        default:
            let keys = named.map { "'\($0.0)'" }
            reader.error("an overlay sets both \(keys[0]) and \(keys[1]); use 'image' for a picture, 'video' for a clip, "
                         + "'lottie' for an animation", at: named[1].1)
        }
        return nil
    }

    /// A `lottie` overlay's file must be a Lottie JSON file; `loop` repeats it for the overlay's whole time (by
    /// default it plays once, from `at`); `speed` plays it that much faster. Both on other overlays are errors.
    func lottieOverlay(_ fields: [String: YAMLNode], source: SourceReference, into spec: inout OverlaySpec,
                       reader: inout NodeReader) {
        guard let node = fields["lottie"] else {
            if let loop = fields["loop"] { reader.error("'loop' applies to a 'lottie' animation", at: loop) }
            if let speed = fields["speed"] { reader.error("'speed' applies to a 'lottie' animation", at: speed) }
            return
        }
        lottieClip(source, at: node, reader: &reader)
        if let loop = fields["loop"], let value = reader.bool(loop, "loop") { spec.loops = value }
        if let node = fields["speed"], let speed = speed(node, reader: &reader) { spec.speed = speed }
    }

    /// A `lottie` source (of an overlay or a clip) must be a Lottie JSON file.
    func lottieClip(_ source: SourceReference, at node: YAMLNode, reader: inout NodeReader) {
        if case .file(let path) = source, !path.lowercased().hasSuffix(".json") {
            reader.error("'lottie' needs a Lottie JSON file (.json), not '\((path as NSString).lastPathComponent)'", at: node)
        }
    }

    /// `from`, `to`, `volume`, `mute` and `reframe` of a `video` overlay; on an `image` or `lottie` overlay they are
    /// errors (a picture or an animation has no filmed subject to follow).
    func videoOverlay(_ fields: [String: YAMLNode], into spec: inout OverlaySpec, rate: FrameRate?,
                      reader: inout NodeReader) {
        spec.isVideo = fields["video"] != nil
        guard spec.isVideo else {
            for key in ManifestSchema.videoOverlay.dropFirst() {
                if let node = fields[key], key == "reframe" {
                    reader.error("'reframe' follows a filmed subject; it applies to a 'video:' overlay, not to a picture "
                                 + "or an animation", at: node)
                } else if let node = fields[key] {
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
        if let node = fields["reframe"] { spec.reframe = reframe(node, reader: &reader) }
    }
}
