import Composition
import Foundation
import LibAV
import MediaCore
import TextLayout

/// Builds a `SegmentKey` for a stretch of output frames under one instruction without subtitles, so that frame `k`
/// is a pure function of the sources and of what the key records. A file is recorded by its content (its SHA-256 and
/// extension, from `FileDigests`), never its path or times: a checkout of the same batch elsewhere, on another
/// machine or in a fresh clone, has the same keys. A still stretch (each layer's track segment,
/// opacity, transform, crop and backdrop unchanged) records its layers once; a stretch that changes from frame to
/// frame (a transition effect, an opacity, transform or crop ramp) records every frame's layers and the effect's
/// progress at each frame, so a crossfade into an unchanged clip is kept across runs like the clip itself. Text over
/// the stretch (titles, captions) is recorded whole, at its composition times with the stretch's first time, with
/// what draws it: the font files the output names, the installed fonts and the text libraries' versions.
struct SegmentDescriber {
    /// Identity bumped whenever the renderer's pictures, the segment encoding or what the key records change.
    static let formatVersion = 4

    /// One layer as the key records it.
    private struct Layer: Equatable {
        /// A file's content (`sha256:HEX.ext`), or a generated source's URL.
        var source: String
        var sourceTrack: Int32
        var sourceStart: MediaTime
        var sourceDuration: MediaTime
        var targetDuration: MediaTime
        var naturalSize: Size
        var preferredTransform: AffineTransform2D
        var opacity: Double
        var transform: AffineTransform2D
        var crop: Rect
        var backdrop: LayerBackdrop?
        var cornerRadius: Double?
        var border: LayerBorder?
        var colorControls: ColorControls?
        /// The source, for the key's label; not recorded.
        var url: URL?

        /// Writes everything but the URL, on one line.
        func write(to key: inout KeyText) {
            key.string(source)
            key.integer(sourceTrack)
            key.time(sourceStart)
            key.time(sourceDuration)
            key.time(targetDuration)
            key.size(naturalSize)
            key.transform(preferredTransform)
            key.number(opacity)
            key.transform(transform)
            key.rect(crop)
            key.backdrop(backdrop)
            key.cornerRadius(cornerRadius)
            key.border(border)
            key.colorControls(colorControls)
            key.newline()
        }

        /// A layer that draws nothing at this time.
        static let hidden = Layer(
            source: "", sourceTrack: 0, sourceStart: .zero, sourceDuration: .zero, targetDuration: .zero,
            naturalSize: Size(width: 0, height: 0), preferredTransform: .identity, opacity: 0, transform: .identity,
            crop: .infinite, backdrop: nil, cornerRadius: nil, border: nil, colorControls: nil, url: nil)
    }

    /// A transition effect as the key records it: what it draws, between which layers (their places in the
    /// instruction, bottom last), and its progress at each frame (nil where it is not active).
    private struct Effect: Codable {
        var kind: VideoTransitionEffect.Kind
        /// A luma wipe's picture, by content.
        var image: String?
        var outgoingLayer: Int?
        var incomingLayer: Int?
        var timingFunction: TimingFunction
        var softness: Double
        var progress: [Double?]
    }

    /// The text over a stretch as the key records it (left out of the key of a stretch without text).
    private struct Text: Codable {
        /// The stretch's first output time: the layers' times are the composition's.
        var from: MediaTime
        /// The layers over the stretch, in drawing order, each font file named by its content.
        var layers: [TextLayer]
        /// Every font file the output's text layers name, by content (all are loaded for each of them).
        var fontFiles: [String]
        /// The text libraries' versions and the installed fonts' identity.
        var renderer: String
    }

    /// Everything the key records.
    private struct Identity {
        var format: Int
        var encoder: String
        var renderSize: Size
        var naturalSize: Size
        var frameDuration: MediaTime
        var frames: Int
        var background: Color
        var layers: [Layer]
        /// For a stretch that changes: every frame's layers, in instruction order.
        var course: [[Layer]]?
        var effect: Effect?
        var text: Text?

        /// The canonical text: the stretch, its layers and their course, then the effect and the text over it as
        /// canonical JSON (one each per stretch, slashes escaped as keys have always recorded them); nil when one of
        /// those cannot be encoded.
        var canonicalText: String? {
            var key = KeyText(capacity: 256 + 160 * layers.count * (1 + (course?.count ?? 0)))
            key.name("format")
            key.integer(format)
            key.name("encoder")
            key.string(encoder)
            key.name("size")
            key.size(renderSize)
            key.size(naturalSize)
            key.name("frames")
            key.time(frameDuration)
            key.integer(frames)
            key.name("background")
            key.color(background)
            key.newline()
            key.name("layers")
            key.newline()
            for layer in layers { layer.write(to: &key) }
            if let course {
                key.name("course")
                key.newline()
                for frame in course {
                    for layer in frame { layer.write(to: &key) }
                    key.newline()
                }
            }
            guard effect != nil || text != nil else { return key.text }
            let coder = SortedJSONEncoder(escapesSlashes: true)
            if let effect {
                guard let json = try? coder.encode(effect) else { return nil }
                key.name("effect")
                key.string(String(decoding: json, as: UTF8.self))
            }
            if let text {
                guard let json = try? coder.encode(text) else { return nil }
                key.name("text")
                key.string(String(decoding: json, as: UTF8.self))
            }
            return key.text
        }
    }

    let composition: MutableComposition
    let videoComposition: VideoComposition
    /// The encoder name and settings (see `SegmentPlan.encoderIdentity`).
    let encoder: String
    /// Where files' contents are named.
    let digests: FileDigests

    /// The key of the frames at `times` (consecutive output frames), or nil when they cannot be keyed: several
    /// instructions, subtitles, or a layer's or font's file without an identity.
    func key(times: [MediaTime], frameDuration: MediaTime) -> SegmentKey? {
        guard let first = times.first, let last = times.last, videoComposition.assOverlays.isEmpty,
              !videoComposition.pictureFilters.contains(where: { overlaps($0.timeRange, first, last + frameDuration) }),
              let instruction = videoComposition.instruction(at: first),
              instruction.timeRange.contains(last)
        else { return nil }
        var identity = Identity(
            format: Self.formatVersion, encoder: encoder, renderSize: videoComposition.renderSize,
            naturalSize: composition.naturalSize, frameDuration: frameDuration, frames: times.count,
            background: instruction.backgroundColor ?? videoComposition.backgroundColor, layers: [])
        let texts = videoComposition.textLayers.filter { overlaps($0.timeRange, first, last + frameDuration) }
        if !texts.isEmpty {
            guard let text = text(texts, from: first) else { return nil }
            identity.text = text
        }
        var described: [Layer] = []
        for layer in instruction.layerInstructions {
            guard let found = describe(layer, at: first) else { return nil }
            described.append(found)
        }
        guard let course = course(of: instruction, at: times, first: described) else { return nil }
        if course.isEmpty && instruction.transitionEffect == nil {
            identity.layers = described.filter { $0.opacity > 0 }
        } else {
            identity.layers = described
            identity.course = course
            if let transition = instruction.transitionEffect {
                guard let effect = effect(of: transition, in: instruction, at: times) else { return nil }
                identity.effect = effect
            }
        }
        return makeKey(identity)
    }

    /// Every frame's layers, each with its file's identity (a layer may first show mid-stretch, or show another
    /// file), when some layer changes over `times` other than by its source time advancing; empty when none does;
    /// nil when a layer cannot be described.
    private func course(of instruction: VideoCompositionInstruction, at times: [MediaTime],
                        first: [Layer]) -> [[Layer]]? {
        var frames: [[Layer]] = []
        var changes = false
        for time in times {
            var layers: [Layer] = []
            for (index, layer) in instruction.layerInstructions.enumerated() {
                guard let found = describe(layer, at: time, known: first[index]) else { return nil }
                if !same(first[index], found) || moves(layer, at: time) { changes = true }
                layers.append(found)
            }
            frames.append(layers)
        }
        return changes ? frames : []
    }

    /// `effect` as the key records it over `times`.
    private func effect(of effect: VideoTransitionEffect, in instruction: VideoCompositionInstruction,
                        at times: [MediaTime]) -> Effect? {
        var image: String?
        if case .luma(let url) = effect.kind {
            guard let content = content(of: url) else { return nil }
            image = content
        }
        let tracks = instruction.layerInstructions.map(\.trackID)
        return Effect(kind: effect.kind, image: image,
                      outgoingLayer: tracks.firstIndex(of: effect.outgoingTrackID),
                      incomingLayer: tracks.firstIndex(of: effect.incomingTrackID),
                      timingFunction: effect.timingFunction, softness: effect.softness,
                      progress: times.map { effect.isActive(at: $0) ? effect.progress(at: $0) : nil })
    }

    /// `layers` as the key records them over a stretch from `from`; nil when a font file cannot be read.
    private func text(_ layers: [TextLayer], from: MediaTime) -> Text? {
        var files: [String: String] = [:]
        for path in Set(videoComposition.textLayers.compactMap(\.style.fontFile)) {
            guard let content = content(of: URL(fileURLWithPath: path)) else { return nil }
            files[path] = content
        }
        let recorded = layers.map { layer in
            var layer = layer
            layer.style.fontFile = layer.style.fontFile.flatMap { files[$0] }
            return layer
        }
        return Text(from: from, layers: recorded, fontFiles: Set(files.values).sorted(),
                    renderer: TextTypesetter.libraryVersions + "\n" + SystemFonts.installedFontsIdentity)
    }

    /// A file's content as keys record it: `sha256:HEX.ext` (the extension, lowercased, as demuxers may go by it);
    /// nil when it is not a regular file or cannot be read.
    private func content(of url: URL) -> String? {
        digests.digest(of: url.path).map { "sha256:" + $0 + "." + url.pathExtension.lowercased() }
    }

    /// The key of `identity`: its canonical text, labelled with its source file names and first source time.
    private func makeKey(_ identity: Identity) -> SegmentKey? {
        guard let text = identity.canonicalText else { return nil }
        let shown = identity.layers.filter { $0.opacity > 0 || identity.course != nil }.filter { !$0.source.isEmpty }
        let names = shown.map { $0.url?.lastPathComponent ?? "" }
        let from = shown.first.map { String(format: " from %.2f s", $0.sourceStart.seconds) } ?? ""
        let titled = identity.text == nil ? "" : " with text"
        return SegmentKey(identity: text, label: names.joined(separator: "+") + from + titled)
    }

    /// The layer at `time`, with its source time at `time` and its file's content (taken from `known` when it shows
    /// the same file: a stretch's frames mostly do, and naming a file asks the file system); nil when its picture
    /// cannot be keyed.
    private func describe(_ layer: LayerInstruction, at time: MediaTime, known: Layer? = nil) -> Layer? {
        guard let track = composition.track(withID: layer.trackID) else { return nil }
        let opacity = layer.opacity(at: time)
        guard let segment = track.segment(forTrackTime: time), !segment.isEmpty, segment.targetRange.contains(time),
              let url = segment.sourceURL, opacity.isFinite, opacity > 0 else {
            return opacity.isFinite ? Layer.hidden : nil
        }
        let source: String
        if let known, known.url == url {
            source = known.source
        } else if url.isFileURL {
            guard let content = content(of: url) else { return nil }
            source = content
        } else {
            source = url.absoluteString
        }
        return Layer(source: source,
                     sourceTrack: segment.sourceTrackID, sourceStart: segment.sourceTime(forTrackTime: time),
                     sourceDuration: segment.timeMapping.source.duration,
                     targetDuration: segment.timeMapping.target.duration, naturalSize: track.naturalSize,
                     preferredTransform: track.preferredTransform, opacity: opacity,
                     transform: layer.transform(at: time), crop: layer.cropRectangle(at: time),
                     backdrop: layer.backdrop, cornerRadius: layer.cornerRadius, border: layer.border,
                     colorControls: layer.colorControls, url: url)
    }

    /// Whether two frames' descriptions of one layer are the same arrangement (source times advance, the rest holds).
    private func same(_ a: Layer, _ b: Layer) -> Bool {
        var moved = b
        moved.sourceStart = a.sourceStart
        return moved == a
    }

    /// Whether the layer's transform is inside a ramp between different values at `time` (the renderer warps then).
    private func moves(_ layer: LayerInstruction, at time: MediaTime) -> Bool {
        guard let span = layer.transformRamp(at: time) else { return false }
        return span.startValue != span.endValue && span.timeRange.contains(time)
    }

    /// Whether `range` meets `start..<end`.
    private func overlaps(_ range: TimeRange, _ start: MediaTime, _ end: MediaTime) -> Bool {
        range.start < end && range.end > start
    }
}
