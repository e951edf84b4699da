import Composition
import Foundation
import MediaCore
import YAML

/// Turns one output's merged, interpolated YAML (template keys overridden by the output's) into an `OutputSpec`.
struct OutputDecoder {
    let manifest: ManifestFile
    let presets: PresetLibrary
    /// The preset named on the command line, overriding every manifest's choice.
    let presetOverride: String?
    /// The directory given on the command line, replacing every `out`.
    let outOverride: String?
    /// The variables of the output being decoded, for placeholders in named sources.
    var variables: [String: String] = [:]
    /// Named sources whose text uses variables.
    let dynamicSources: Set<String>
    /// `outOverride` resolved against the current directory.
    private let resolvedOutOverride: String?
    /// Parts already decoded.
    private let cache = DecodeCache()

    /// The parts of one output entry that read no variable, so they can be decoded once for all its outputs.
    struct FixedParts {
        /// The entry's number in its manifest.
        var entry: Int
        /// Fields that read no variable at all.
        var fields: Set<String> = []
        /// For list fields that do: whether each item reads none.
        var items: [String: [Bool]] = [:]
        /// Fields that read variables only through their own placeholders (no named source that uses variables).
        var valued: Set<String> = []
        /// The same for the items of list fields.
        var valuedItems: [String: [Bool]] = [:]

        func reuse(_ field: String, rate: FrameRate?) -> DecodeCache.Reuse {
            let slot = DecodeCache.Slot(entry: entry, field: field, item: -1, rate: rate)
            if fields.contains(field) { return .fixed(slot) }
            return valued.contains(field) ? .byValue(slot) : .never
        }

        func reuse(_ field: String, item: Int, rate: FrameRate?) -> DecodeCache.Reuse {
            let slot = DecodeCache.Slot(entry: entry, field: field, item: item, rate: rate)
            if fields.contains(field) || items[field]?[item] == true { return .fixed(slot) }
            return valued.contains(field) || valuedItems[field]?[item] == true ? .byValue(slot) : .never
        }
    }

    init(manifest: ManifestFile, presets: PresetLibrary, presetOverride: String?, outOverride: String?) {
        self.manifest = manifest
        self.presets = presets
        self.presetOverride = presetOverride
        self.outOverride = outOverride
        self.dynamicSources = Set(manifest.sources.filter { !OutputExpander.isFixed($0.value, dynamicSources: []) }.keys)
        self.resolvedOutOverride = outOverride.map {
            ManifestFile.resolve($0, against: FileManager.default.currentDirectoryPath)
        }
    }

    /// `reportsEmpty: false` keeps quiet about an output with no clips (when its template could not be found).
    func decode(name: String, nameNode: YAMLNode, fields: [String: YAMLNode], variables: [String: String],
                reportsEmpty: Bool = true, fixed: FixedParts, reader: inout NodeReader) -> OutputSpec? {
        let errorsBefore = reader.diagnostics.errorCount
        var spec = header(name: name, nameNode: nameNode, fields: fields, variables: variables, reader: &reader)
        let rate = spec.settings.video?.frameRate
        sequence(fields, into: &spec, fixed: fixed, rate: rate, reader: &reader)
        layers(fields, into: &spec, fixed: fixed, rate: rate, reader: &reader)
        checkLastTransition(spec, fields: fields, reader: &reader)
        if reportsEmpty && spec.clips.isEmpty && spec.tracks.isEmpty && reader.diagnostics.errorCount == errorsBefore {
            let hint = fields["timeline"] == nil ? "give it 'clips' (or 'tracks')" : "its timeline is empty"
            reader.error("output '\(name)' has nothing to show; \(hint)", at: nameNode)
        }
        let bodies = ["clips", "tracks", "timeline"].filter { fields[$0] != nil && (fields[$0]?.items?.isEmpty != true) }
        if bodies.count > 1, let node = fields[bodies[1]] {
            reader.error("output '\(name)' sets both '\(bodies[0])' and '\(bodies[1])'; use one", at: node)
        }
        IneffectiveKeyCheck.check(fields, reader: &reader)
        // Kept even with errors (which stop the run anyway), so dependency cycles are still found and reported.
        return spec
    }

    /// The output before its content: settings (a stand-in when the preset is unusable, so that every other problem
    /// is reported too), folder, metadata, background, fill, time-pitch, reframing and beat snapping.
    private func header(name: String, nameNode: YAMLNode, fields: [String: YAMLNode], variables: [String: String],
                        reader: inout NodeReader) -> OutputSpec {
        let settings = exportSettings(fields, reader: &reader)
            ?? ExportSettings(name: "invalid", container: .mp4,
                              video: ExportSettings.Video(codec: .h264, width: 1920, height: 1080, frameRate: FrameRate(30)),
                              audio: ExportSettings.Audio(codec: .aac))
        let rate = settings.video?.frameRate
        var outDirectory = manifest.defaultOut
        if let node = fields["out"], let text = reader.string(node, "out") {
            outDirectory = cache.resolve(text, against: manifest.directory)
        }
        if let resolvedOutOverride {
            outDirectory = resolvedOutOverride
        }
        var spec = OutputSpec(
            name: name, manifestPath: manifest.path, location: nameNode.location, outDirectory: outDirectory,
            settings: settings, variables: variables, clips: [], intro: nil, outro: nil, transition: nil,
            soundtrack: nil, overlays: [], titles: [], tracks: [], layers: [], background: manifest.defaultBackground)
        if let node = fields["metadata"] {
            var tags = ExportSettingsTags(container: spec.settings.metadata, streams: spec.settings.streamMetadata ?? [:])
            metadata(node, into: &tags, reader: &reader)
            spec.settings.metadata = tags.container
            spec.settings.streamMetadata = tags.streams.isEmpty ? nil : tags.streams
        }
        spec.backgroundGradient = manifest.defaultBackgroundGradient
        spec.timelineLimits = manifest.timelineLimits
        spec.renderTimeLimit = manifest.renderTimeLimit
        if let node = fields["background"], let value = GeneratorDecoder.background(node, reader: &reader) {
            (spec.background, spec.backgroundGradient) = value
        }
        outputFill(fields, into: &spec, reader: &reader)
        outputLook(fields, into: &spec, reader: &reader)
        if let node = fields["time_pitch"],
           let text = reader.choice(node, "time_pitch", ["time-domain", "spectral", "varispeed"]) {
            spec.timePitch = text == "varispeed" ? .varispeed : (text == "spectral" ? .spectral : .timeDomain)
        }
        if let node = fields["reframe"] { spec.reframe = reframe(node, reader: &reader) }
        if let node = fields["snap"] { spec.snap = snap(node, rate: rate, reader: &reader) }
        return spec
    }

    /// The clips, intro, outro, transition and soundtrack; a part that reads no variable is decoded once per entry.
    private func sequence(_ fields: [String: YAMLNode], into spec: inout OutputSpec, fixed: FixedParts,
                          rate: FrameRate?, reader: inout NodeReader) {
        if let node = fields["clips"], let items = reader.list(node, "clips") {
            spec.clips = items.indices.compactMap { index in
                cache.reuse(fixed.reuse("clips", item: index, rate: rate), node: items[index], reader: &reader) {
                    clip(items[index], rate: rate, reader: &$0)
                }
            }
        }
        if let node = fields["intro"] {
            spec.intro = cache.reuse(fixed.reuse("intro", rate: rate), node: node, reader: &reader) {
                clip(node, rate: rate, reader: &$0)
            }
        }
        if let node = fields["outro"] {
            spec.outro = cache.reuse(fixed.reuse("outro", rate: rate), node: node, reader: &reader) {
                clip(node, rate: rate, reader: &$0)
            }
        }
        if let node = fields["transition"] {
            spec.transition = cache.reuse(fixed.reuse("transition", rate: rate), node: node, reader: &reader) {
                transition(node, rate: rate, reader: &$0)
            }
        }
        if let node = fields["soundtrack"] {
            spec.soundtrack = cache.reuse(fixed.reuse("soundtrack", rate: rate), node: node, reader: &reader) {
                soundtrack(node, rate: rate, reader: &$0)
            }
        }
    }

    /// The overlays, titles, captions, explicit tracks, timeline and layers.
    private func layers(_ fields: [String: YAMLNode], into spec: inout OutputSpec, fixed: FixedParts,
                        rate: FrameRate?, reader: inout NodeReader) {
        // A single item (not a list) counts as the whole field: its slot is the field's.
        func slot(_ key: String, _ node: YAMLNode, _ index: Int) -> DecodeCache.Reuse {
            node.isSequence ? fixed.reuse(key, item: index, rate: rate) : fixed.reuse(key, rate: rate)
        }
        if let node = fields["overlays"], let items = reader.list(node, "overlays", allowSingle: true) {
            spec.overlays = items.indices.compactMap { index in
                cache.reuse(slot("overlays", node, index), node: items[index], reader: &reader) {
                    overlay(items[index], rate: rate, reader: &$0)
                }
            }
        }
        for key in ["title", "titles"] {
            if let node = fields[key], let items = reader.list(node, key, allowSingle: true) {
                spec.titles += items.indices.compactMap { index in
                    cache.reuse(slot(key, node, index), node: items[index], reader: &reader) {
                        title(items[index], rate: rate, reader: &$0)
                    }
                }
            }
        }
        if let node = fields["captions"], let items = reader.list(node, "captions", allowSingle: true) {
            spec.captions = items.compactMap { captions($0, rate: rate, reader: &reader) }
        }
        if let node = fields["tracks"], let items = reader.list(node, "tracks") {
            spec.tracks = items.indices.compactMap { index in
                cache.reuse(fixed.reuse("tracks", item: index, rate: rate), node: items[index], reader: &reader) {
                    track(items[index], rate: rate, reader: &$0)
                }
            }
        }
        if let node = fields["timeline"] { timeline(node, into: &spec, reader: &reader) }
        if let node = fields["layers"], fields["timeline"] == nil, let items = reader.list(node, "layers") {
            spec.layers = items.compactMap { layer($0, rate: rate, trackCount: spec.tracks.count, reader: &reader) }
        }
    }

    // MARK: - Parts

    /// The settings for `fields`, worked out once per distinct `preset` value.
    private func exportSettings(_ fields: [String: YAMLNode], reader: inout NodeReader) -> ExportSettings? {
        // The node whose content decides the settings; nil when a name alone does.
        let key = presetOverride == nil ? fields["preset"] ?? manifest.defaultPreset : nil
        if let key {
            if let known = cache.settings[key] { return known }
        } else if let known = cache.namedSettings {
            return known
        }
        let reportsBefore = reader.diagnostics.reportCount
        let settings = uncachedExportSettings(fields, reader: &reader)
        if let settings, reader.diagnostics.reportCount == reportsBefore {
            if let key { cache.settings[key] = settings } else { cache.namedSettings = settings }
        }
        return settings
    }

    private func uncachedExportSettings(_ fields: [String: YAMLNode], reader: inout NodeReader) -> ExportSettings? {
        if let presetOverride {
            let node = fields["preset"] ?? manifest.defaultPreset ?? manifest.document.root
            return presets.settings(named: presetOverride, at: node, reader: &reader)
        }
        if let node = fields["preset"] { return presets.settings(for: node, reader: &reader) }
        if let node = manifest.defaultPreset { return presets.settings(for: node, reader: &reader) }
        return presets.settings(named: "web-1080p", at: manifest.document.root, reader: &reader)
    }

    func source(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> SourceReference? {
        guard let text = node.string, !node.isNull, !dynamicSources.contains(text) else {
            return uncachedSource(node, rate: rate, reader: &reader)
        }
        let key = DecodeCache.ScalarSource(text: text, rate: rate)
        if let known = cache.sources[key] { return known }
        let reportsBefore = reader.diagnostics.reportCount
        let source = uncachedSource(node, rate: rate, reader: &reader)
        if let source, reader.diagnostics.reportCount == reportsBefore { cache.sources[key] = source }
        return source
    }

    private func uncachedSource(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> SourceReference? {
        if let text = node.string, !node.isNull { return scalarSource(text, at: node, rate: rate, reader: &reader) }
        guard let fields = reader.mapping(node, in: "source", keys: ManifestSchema.source) else { return nil }
        if let url = fields["url"] { return urlSource(url, sha256: fields["sha256"], reader: &reader) }
        if let output = fields["output"] {
            return reader.string(output, "output").map { .output(name: $0) }
        }
        if let path = fields["path"] {
            return reader.string(path, "path").map { .file(path: cache.resolve($0, against: manifest.directory)) }
        }
        guard let generate = fields["generate"] else {
            reader.error("a source mapping needs 'path', 'generate' or 'output'", at: node)
            return nil
        }
        return generatedSource(generate, fields: fields, at: node, rate: rate, reader: &reader).map { .generator($0) }
    }

    /// A source written as text: a named source of the manifest (whose text, with its variables, is a path or a URL,
    /// never another name, so names cannot loop), a URL, or a path.
    private func scalarSource(_ text: String, at node: YAMLNode, rate: FrameRate?,
                              reader: inout NodeReader) -> SourceReference? {
        if let named = manifest.sources[text] {
            var interpolator = NodeInterpolator(variables: variables)
            let node = interpolator.interpolate(named, reader: &reader)
            if let path = node.string, !node.isNull {
                if RemoteSource.looksLikeURL(path) { return remote(path, sha256: nil, at: node, reader: &reader) }
                return .file(path: cache.resolve(path, against: manifest.directory))
            }
            return uncachedSource(node, rate: rate, reader: &reader)
        }
        if RemoteSource.looksLikeURL(text) { return remote(text, sha256: nil, at: node, reader: &reader) }
        return .file(path: cache.resolve(text, against: manifest.directory))
    }

    /// `{ url: ..., sha256: ... }`: a download, with the checksum its bytes must have when one is given.
    private func urlSource(_ url: YAMLNode, sha256: YAMLNode?, reader: inout NodeReader) -> SourceReference? {
        guard let text = reader.string(url, "url") else { return nil }
        var checksum: String?
        if let node = sha256, let value = reader.string(node, "sha256") {
            guard value.count == 64, value.allSatisfy(\.isHexDigit) else {
                reader.error("'sha256' must be 64 hexadecimal digits, not '\(value)'", at: node)
                return nil
            }
            checksum = value.lowercased()
        }
        return remote(text, sha256: checksum, at: url, reader: &reader)
    }

    /// `{ generate: KIND, duration: ..., size: ..., fps: ..., ... }`: a picture or tone made instead of read.
    private func generatedSource(_ generate: YAMLNode, fields: [String: YAMLNode], at node: YAMLNode, rate: FrameRate?,
                                 reader: inout NodeReader) -> GeneratedSource? {
        guard let kindText = reader.choice(generate, "generator", GeneratedSource.Kind.allCases.map(\.rawValue)),
              let kind = GeneratedSource.Kind(rawValue: kindText) else { return nil }
        guard let durationNode = fields["duration"] else {
            reader.error("generator '\(kindText)' needs 'duration'", at: node)
            return nil
        }
        guard let duration = reader.time(durationNode, "duration", frameRate: rate) else { return nil }
        // Without a size, a picture generator has none of its own: it is drawn at the output's frame.
        var spec = GeneratedSource(kind: kind, duration: duration, width: 0, height: 0)
        if let node = fields["size"] {
            if let text = reader.string(node, "size"), let aspect = AspectRatio(text) {
                (spec.width, spec.height) = (aspect.width, aspect.height)
            } else {
                reader.error("invalid size '\(node.string ?? "")'; use width x height such as '1280x720'", at: node)
            }
        }
        if let node = fields["fps"], let value = reader.frameRate(node, "fps") { spec.frameRate = value }
        GeneratorDecoder.pictureKeys(fields, into: &spec, at: node, reader: &reader)
        if let node = fields["frequency"], let value = reader.number(node, "frequency", in: 1...24000) { spec.frequency = value }
        return spec
    }

    /// A URL source, if its scheme is one mediabatch downloads.
    private func remote(_ text: String, sha256: String?, at node: YAMLNode, reader: inout NodeReader) -> SourceReference? {
        let source = RemoteSource(url: text, sha256: sha256, manifestPath: manifest.path)
        guard RemoteSource.schemes.contains(source.scheme) else {
            reader.error("unsupported URL scheme '\(source.scheme)' in source '\(text)'; use https:// (or s3://), or a local path", at: node)
            return nil
        }
        return .remote(source)
    }

    /// The key of a clip without `source` (or `lottie`) that only a source has (`{ generate: tone }`, `{ path: a.mp4 }`):
    /// the media written in place of the clip's `source`.
    static func sourceKeyInPlaceOfSource(_ node: YAMLNode) -> YAMLNode? {
        guard let pairs = node.pairs, node["source"] == nil, node["lottie"] == nil else { return nil }
        return pairs.first { $0.key.string.map(sourceOnlyKeys.contains) == true }?.key
    }

    /// The keys a source has and a clip has not.
    private static let sourceOnlyKeys = Set(ManifestSchema.source).subtracting(ManifestSchema.clip)

    /// What is said at such a key: where the media goes instead.
    static func misplacedSourceMessage(_ key: YAMLNode) -> String {
        let name = key.string ?? ""
        return "'\(name)' is a source's key: a clip names its media under 'source', as in '{ source: { \(name): ... }, from: 1s }'"
    }

    func clip(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> ClipSpec? {
        if node.string != nil, !node.isNull {
            guard let source = source(node, rate: rate, reader: &reader) else { return nil }
            return ClipSpec(source: source, location: node.location, from: .zero, to: nil, duration: nil,
                            speed: FrameRate(1), volume: 1, crop: nil, fit: .contain, transition: nil,
                            rangeLocation: node.location)
        }
        if let misplaced = Self.sourceKeyInPlaceOfSource(node) {
            reader.error(Self.misplacedSourceMessage(misplaced), at: misplaced)
            return nil
        }
        // `lottie:` names an animation as the clip's source (see OutputDecoder+Overlays.swift).
        let animated = node["lottie"] != nil && node["source"] == nil
        guard let fields = reader.mapping(node, in: "clip", keys: ManifestSchema.clip, required: animated ? [] : ["source"]),
              let sourceNode = fields["source"] ?? fields["lottie"],
              let source = source(sourceNode, rate: rate, reader: &reader) else {
            return nil
        }
        if animated { lottieClip(source, at: sourceNode, reader: &reader) }
        if fields["source"] != nil, let other = fields["lottie"] {
            reader.error("a clip sets both 'source' and 'lottie'; use 'lottie' for an animation", at: other)
        }
        var clip = ClipSpec(source: source, location: sourceNode.location, from: .zero, to: nil, duration: nil,
                            speed: FrameRate(1), volume: 1, crop: nil, fit: .contain, transition: nil,
                            rangeLocation: (fields["to"] ?? fields["duration"] ?? fields["from"] ?? sourceNode).location)
        if let node = fields["from"], let time = reader.time(node, "from", frameRate: rate) { clip.from = time }
        if let node = fields["to"], let time = reader.time(node, "to", frameRate: rate) {
            clip.to = time
            if time <= clip.from {
                reader.error("'to' (\(TimeSyntax.format(time))) must be after 'from' (\(TimeSyntax.format(clip.from)))", at: node)
            }
        }
        if let node = fields["duration"], let time = reader.time(node, "duration", frameRate: rate) {
            if fields["to"] != nil {
                reader.error("a clip sets both 'to' and 'duration'; use one", at: node)
            } else if time.value <= 0 {
                reader.error("'duration' must be above 0", at: node)
            } else {
                clip.duration = time
            }
        }
        if let node = fields["speed"] { clip.speed = speed(node, reader: &reader) ?? clip.speed }
        if let node = fields["volume"], let gain = reader.gain(node, "volume") { clip.volume = gain }
        if let node = fields["mute"], reader.bool(node, "mute") == true { clip.volume = 0 }
        if let node = fields["crop"] { clip.crop = region(node, "crop", reader: &reader) }
        if let node = fields["fit"], let text = reader.choice(node, "fit", Fit.allCases.map(\.rawValue)) {
            clip.fit = Fit(rawValue: text) ?? .contain
        }
        if let node = fields["transition"] { clip.transition = transition(node, rate: rate, reader: &reader) }
        if let node = fields["captions"] { clip.captions = captions(node, rate: rate, reader: &reader) }
        if let node = fields["fill"], let fill = fill(node, reader: &reader) { clip.fill = fill }
        if let node = fields["look"], let look = look(node, reader: &reader) { clip.look = look }
        if let node = fields["radius"] { clip.radius = cornerRadius(node, reader: &reader) }
        clip.border = border(fields, reader: &reader)
        clip.motion = motion(fields, rate: rate, appearances: false, reader: &reader)
        if let node = fields["reframe"] { clip.reframe = reframe(node, reader: &reader) }
        return clip
    }

    /// A speed as an exact ratio: `2`, `0.5`, `1.25`, `3/2`.
    func speed(_ node: YAMLNode, reader: inout NodeReader) -> FrameRate? {
        guard let text = reader.string(node, "speed") else { return nil }
        if let rate = FrameRate(manifestText: text), text.utf8.contains(UInt8(ascii: "/")) { return rate }
        if let time = try? TimeSyntax.parse(text), time.value > 0 {
            let reduced = time.multiplied(by: 1, dividedBy: 1)
            if reduced.timescale <= 1_000_000, reduced.value <= Int64(Int32.max) {
                let speed = FrameRate(Int32(reduced.value), reduced.timescale)
                if speed.framesPerSecond >= 0.0625 && speed.framesPerSecond <= 16 { return speed }
            }
        }
        reader.error("invalid speed '\(text)'; use a factor from 0.0625 to 16 such as '2', '0.5' or '3/2'", at: node)
        return nil
    }

    func region(_ node: YAMLNode, _ what: String, reader: inout NodeReader) -> RegionSpec? {
        guard let fields = reader.mapping(node, in: "'\(what)'", keys: ManifestSchema.region) else { return nil }
        let x = fields["x"].flatMap { reader.length($0, "x") } ?? .pixels(0)
        let y = fields["y"].flatMap { reader.length($0, "y") } ?? .pixels(0)
        let width = fields["width"].flatMap { reader.length($0, "width") }
        let height = fields["height"].flatMap { reader.length($0, "height") }
        if width == nil && height == nil {
            reader.error("'\(what)' needs 'width' or 'height'", at: node)
            return nil
        }
        for (key, length) in [("width", width), ("height", height)] {
            if let length, length.resolve(against: 100) <= 0 { reader.error("'\(what)' \(key) must be above 0", at: fields[key]!) }
        }
        return RegionSpec(x: x, y: y, width: width, height: height)
    }

    private func soundtrack(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> SoundtrackSpec? {
        if node.string != nil {
            guard let source = source(node, rate: rate, reader: &reader) else { return nil }
            return SoundtrackSpec(source: source, location: node.location, volume: 1, loop: true, fadeIn: .zero,
                                  fadeOut: .zero, duck: 1, from: .zero)
        }
        guard let fields = reader.mapping(node, in: "soundtrack", keys: ManifestSchema.soundtrack, required: ["source"]),
              let sourceNode = fields["source"], let source = source(sourceNode, rate: rate, reader: &reader) else { return nil }
        var spec = SoundtrackSpec(source: source, location: sourceNode.location, volume: 1, loop: true, fadeIn: .zero,
                                  fadeOut: .zero, duck: 1, from: .zero)
        if let node = fields["volume"], let value = reader.gain(node, "volume") { spec.volume = value }
        if let node = fields["loop"], let value = reader.bool(node, "loop") { spec.loop = value }
        if let node = fields["fade_in"], let time = reader.time(node, "fade_in", frameRate: rate) { spec.fadeIn = time }
        if let node = fields["fade_out"], let time = reader.time(node, "fade_out", frameRate: rate) { spec.fadeOut = time }
        if let node = fields["duck"], let value = reader.gain(node, "duck") { spec.duck = min(1, value) }
        if let node = fields["duck_threshold"], let value = reader.number(node, "duck_threshold", in: -90...0) {
            spec.duckThreshold = value
        }
        if let node = fields["duck_attack"], let time = reader.time(node, "duck_attack", frameRate: rate) { spec.duckAttack = time }
        if let node = fields["duck_release"], let time = reader.time(node, "duck_release", frameRate: rate) { spec.duckRelease = time }
        if let node = fields["from"], let time = reader.time(node, "from", frameRate: rate) { spec.from = time }
        return spec
    }

    private func overlay(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> OverlaySpec? {
        guard let fields = reader.mapping(node, in: "overlay", keys: ManifestSchema.overlay, required: ["region"]),
              let imageNode = overlayPicture(fields, at: node, reader: &reader),
              let source = source(imageNode, rate: rate, reader: &reader),
              let regionNode = fields["region"], let region = region(regionNode, "region", reader: &reader) else { return nil }
        var spec = OverlaySpec(source: source, location: imageNode.location, region: region, opacity: 1, at: .zero,
                               duration: nil, fade: .zero)
        lottieOverlay(fields, source: source, into: &spec, reader: &reader)
        if let node = fields["opacity"] {
            if node.isSequence {
                spec.opacityRamps = ramps(node, "opacity", range: 0...1, rate: rate, reader: &reader)
            } else if let value = reader.number(node, "opacity", in: 0...1) {
                spec.opacity = value
            }
        }
        if let node = fields["at"], let time = reader.time(node, "at", frameRate: rate) { spec.at = time }
        if let node = fields["duration"], let time = reader.time(node, "duration", frameRate: rate) { spec.duration = time }
        if let node = fields["fade"], let time = reader.time(node, "fade", frameRate: rate) { spec.fade = time }
        if let node = fields["anchor"] { spec.anchor = anchor(node, "anchor", reader: &reader) }
        if let node = fields["margin"], let length = reader.length(node, "margin") { spec.margin = length }
        if let node = fields["radius"] { spec.radius = cornerRadius(node, reader: &reader) }
        spec.border = border(fields, reader: &reader)
        if let node = fields["look"], let look = look(node, reader: &reader) { spec.look = look }
        spec.motion = motion(fields, rate: rate, appearances: true, reader: &reader)
        checkOpacity(spec.motion, ramped: !spec.opacityRamps.isEmpty, fields, reader: &reader)
        if let fade = fields["fade"], spec.motion?.enter != nil || spec.motion?.exit != nil {
            reader.error("'fade' and 'enter' / 'exit' both animate the overlay; write 'enter: fade' and 'exit: fade' "
                         + "instead of 'fade'", at: fade)
        }
        videoOverlay(fields, into: &spec, rate: rate, reader: &reader)
        return spec
    }

    /// An overlay's, a layer's or a clip's `radius`: pixels, or percent up to 50 (half the shorter side rounds it whole).
    private func cornerRadius(_ node: YAMLNode, reader: inout NodeReader) -> Length? {
        guard let length = reader.length(node, "radius") else { return nil }
        switch length {
        case .pixels(let value) where value >= 0, .percent(let value) where value >= 0 && value <= 50:
            return length
        default:
            reader.error("invalid radius '\(node.string ?? "\(length)")'; use pixels (0 or more, such as '24') or percent of the "
                         + "picture's shorter side up to 50% ('50%' makes a circle or a pill)", at: node)
            return nil
        }
    }

    /// A clip's, an overlay's or a layer's `border` (a colour, or `false` or `none` for none) and `border_width`
    /// (pixels, or percent of the picture's shorter side up to 50).
    private func border(_ fields: [String: YAMLNode], reader: inout NodeReader) -> BorderSpec? {
        var width = BorderSpec.defaultWidth
        if let node = fields["border_width"], let length = reader.length(node, "border_width") {
            switch length {
            case .pixels(let value) where value >= 0, .percent(let value) where value >= 0 && value <= 50:
                width = length
            default:
                reader.error("invalid border_width '\(node.string ?? "\(length)")'; use pixels (0 or more, such as '6') "
                             + "or percent of the picture's shorter side up to 50%", at: node)
            }
        }
        guard let node = fields["border"] else {
            if let node = fields["border_width"] {
                reader.error("'border_width' needs 'border', the border's colour (such as 'border: white')", at: node)
            }
            return nil
        }
        guard node.bool != false, node.string != "none", let text = reader.color(node, "border"),
              let color = Color(parsing: text) else {
            return nil
        }
        return BorderSpec(color: color, width: width)
    }

    private func track(_ node: YAMLNode, rate: FrameRate?, reader: inout NodeReader) -> TrackSpec? {
        guard let fields = reader.mapping(node, in: "track", keys: ManifestSchema.track, required: ["segments"]),
              let segmentsNode = fields["segments"], let items = reader.list(segmentsNode, "segments") else { return nil }
        var segments: [SegmentSpec] = []
        for item in items {
            guard let fields = reader.mapping(item, in: "segment", keys: ManifestSchema.segment, required: ["source"]),
                  let sourceNode = fields["source"], let source = source(sourceNode, rate: rate, reader: &reader) else { continue }
            var segment = SegmentSpec(source: source, location: sourceNode.location, from: .zero, to: nil, at: nil,
                                      speed: FrameRate(1))
            if let node = fields["from"], let time = reader.time(node, "from", frameRate: rate) { segment.from = time }
            if let node = fields["to"], let time = reader.time(node, "to", frameRate: rate) {
                if time <= segment.from {
                    reader.error("'to' (\(TimeSyntax.format(time))) must be after 'from' (\(TimeSyntax.format(segment.from)))", at: node)
                }
                segment.to = time
            }
            if let node = fields["at"], let time = reader.time(node, "at", frameRate: rate) { segment.at = time }
            if let node = fields["speed"] { segment.speed = speed(node, reader: &reader) ?? segment.speed }
            segments.append(segment)
        }
        return TrackSpec(segments: segments, location: node.location)
    }

    private func layer(_ node: YAMLNode, rate: FrameRate?, trackCount: Int, reader: inout NodeReader) -> LayerSpec? {
        guard let fields = reader.mapping(node, in: "layer", keys: ManifestSchema.layer, required: ["track"]),
              let trackNode = fields["track"],
              let index = reader.integer(trackNode, "track", in: 1...max(1, trackCount)) else { return nil }
        var spec = LayerSpec(track: index, location: node.location, region: nil, crop: nil, fit: .contain,
                             opacity: [], volume: [])
        if let node = fields["region"] { spec.region = region(node, "region", reader: &reader) }
        if let node = fields["crop"] { spec.crop = region(node, "crop", reader: &reader) }
        if let node = fields["fit"], let text = reader.choice(node, "fit", Fit.allCases.map(\.rawValue)) {
            spec.fit = Fit(rawValue: text) ?? .contain
        }
        if let node = fields["opacity"] { spec.opacity = ramps(node, "opacity", range: 0...1, rate: rate, reader: &reader) }
        if let node = fields["volume"] { spec.volume = ramps(node, "volume", range: 0...16, rate: rate, reader: &reader) }
        if let node = fields["radius"] { spec.radius = cornerRadius(node, reader: &reader) }
        spec.border = border(fields, reader: &reader)
        if let node = fields["look"], let look = look(node, reader: &reader) { spec.look = look }
        spec.motion = motion(fields, rate: rate, appearances: true, reader: &reader)
        checkOpacity(spec.motion, ramped: fields["opacity"]?.isSequence == true, fields, reader: &reader)
        if let node = fields["reframe"] { spec.reframe = reframe(node, reader: &reader) }
        return spec
    }

    /// `0.5` (a value from the start), or a list of `{ at: t, value: v }` and `{ from: t, to: t, start: v, end: v }`.
    func ramps(_ node: YAMLNode, _ what: String, range: ClosedRange<Double>, rate: FrameRate?,
                       reader: inout NodeReader) -> [RampSpec] {
        if node.string != nil {
            guard let value = reader.number(node, what, in: range) else { return [] }
            return [RampSpec(start: .zero, duration: .zero, startValue: value, endValue: value)]
        }
        guard let items = reader.list(node, what) else { return [] }
        var result: [RampSpec] = []
        for item in items {
            guard let fields = reader.mapping(item, in: "'\(what)' ramp", keys: ManifestSchema.ramp) else { continue }
            if let at = fields["at"] {
                guard let time = reader.time(at, "at", frameRate: rate),
                      let valueNode = fields["value"] ?? { reader.error("a set value needs 'value'", at: item); return nil }(),
                      let value = reader.number(valueNode, "value", in: range) else { continue }
                result.append(RampSpec(start: time, duration: .zero, startValue: value, endValue: value))
            } else if let fromNode = fields["from"], let toNode = fields["to"], let startNode = fields["start"],
                      let endNode = fields["end"] {
                guard let from = reader.time(fromNode, "from", frameRate: rate), let to = reader.time(toNode, "to", frameRate: rate),
                      let start = reader.number(startNode, "start", in: range), let end = reader.number(endNode, "end", in: range)
                else { continue }
                guard to > from else {
                    reader.error("'to' (\(TimeSyntax.format(to))) must be after 'from' (\(TimeSyntax.format(from)))", at: toNode)
                    continue
                }
                result.append(RampSpec(start: from, duration: to - from, startValue: start, endValue: end))
            } else {
                reader.error("a ramp needs 'at' and 'value', or 'from', 'to', 'start' and 'end'", at: item)
            }
        }
        return result
    }
}
