import Composition
import MediaCore

/// The output's frame size: presets never upscale unless asked (docs/manifest.md, "Frame size").
extension JobBuilder {
    /// `spec` with its frame decided: the preset's size, or, when every picture that fills the frame is smaller
    /// than it, the largest of them fitted into the preset's shape; generators without a size of their own are
    /// then drawn at that frame.
    func withFrameDecided(_ spec: OutputSpec, built: [String: Job]) throws -> OutputSpec {
        guard var video = spec.settings.video else { return spec }
        if !video.allowUpscale {
            let preset = Size(width: Double(video.width), height: Double(video.height))
            if let frame = try largestPictureFitted(spec, into: preset, built: built) {
                (video.width, video.height) = frame
            }
        }
        var decided = spec
        decided.settings.video = video
        decided.mapSources { reference in
            guard case .generator(var generator) = reference, !generator.hasNativeSize else { return reference }
            (generator.width, generator.height) = (video.width, video.height)
            return .generator(generator)
        }
        return decided
    }

    /// The frame that shows the largest picture source 1:1 in the shape of `preset`, even-sized; nil when some
    /// source fills `preset` already (or none has a size).
    ///
    /// A picture counts when it fills the frame: clips, intro, outro and track segments, stills included (a 4000 px
    /// photo is large). Overlays are placed in regions of the frame and never decide it. A test pattern given a
    /// `size` counts like a video of that size; one without has no size of its own, and a flat colour or a gradient
    /// loses nothing when enlarged, so neither decides. A source's size is its display size (rotation and pixel
    /// aspect applied); crops are a creative choice and do not count.
    private func largestPictureFitted(_ spec: OutputSpec, into preset: Size, built: [String: Job]) throws -> (Int, Int)? {
        var smallestScale: Double?
        for (reference, location) in framingSources(spec) {
            if case .generator(let generator) = reference,
               generator.kind != .testpattern || !generator.hasNativeSize { continue }
            let info = try sourceInfo(reference, spec: spec, at: location, built: built)
            guard let size = info.video?.naturalSize, size.width > 0, size.height > 0 else { continue }
            let scale = min(preset.width / size.width, preset.height / size.height)
            smallestScale = min(smallestScale ?? scale, scale)
        }
        guard let scale = smallestScale, scale > 1 else { return nil }
        func even(_ value: Double) -> Int { max(16, Int((value / 2).rounded()) * 2) }
        return (even(preset.width / scale), even(preset.height / scale))
    }

    /// The sources whose pictures fill the frame.
    private func framingSources(_ spec: OutputSpec) -> [(SourceReference, SourceLocation)] {
        var result: [(SourceReference, SourceLocation)] = []
        if let intro = spec.intro { result.append((intro.source, intro.location)) }
        result += spec.clips.map { ($0.source, $0.location) }
        if let outro = spec.outro { result.append((outro.source, outro.location)) }
        for track in spec.tracks { result += track.segments.map { ($0.source, $0.location) } }
        return result
    }
}

extension OutputSpec {
    /// Replaces every source reference (clips, tracks, soundtrack, overlays) with `transform`'s result.
    mutating func mapSources(_ transform: (SourceReference) -> SourceReference) {
        if let source = intro?.source { intro?.source = transform(source) }
        for index in clips.indices { clips[index].source = transform(clips[index].source) }
        if let source = outro?.source { outro?.source = transform(source) }
        for track in tracks.indices {
            for segment in tracks[track].segments.indices {
                tracks[track].segments[segment].source = transform(tracks[track].segments[segment].source)
            }
        }
        if let source = soundtrack?.source { soundtrack?.source = transform(source) }
        for index in overlays.indices { overlays[index].source = transform(overlays[index].source) }
    }
}
