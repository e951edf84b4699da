import Composition
import Foundation
import MediaCore
import YAML

/// Named export presets read from `presets/*.yaml` (and a manifest's own `presets:`), resolved through `base`.
public struct PresetLibrary: Sendable {
    /// A preset as written: its YAML mapping and the source to quote.
    struct Entry: Sendable {
        var node: YAMLNode
        var source: YAMLSource
    }

    private(set) var entries: [String: Entry] = [:]

    /// The names of the presets known, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// An empty library.
    public init() {}

    /// Reads every `*.yaml` / `*.yml` file of `directory` as one preset named by its `name` key (or file name).
    public mutating func load(directory: String, diagnostics: inout DiagnosticList) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for file in files.sorted() where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
            let path = directory + "/" + file
            do {
                let document = try YAMLParser.parseDocument(fileAt: path)
                let fallback = String(file.prefix { $0 != "." })
                let name = document.root["name"]?.string ?? fallback
                if entries[name] == nil {
                    entries[name] = Entry(node: document.root, source: document.source)
                }
            } catch {
                diagnostics.add(error.diagnostic)
            }
        }
    }

    /// Adds a preset defined inside a manifest; a manifest's own preset wins over a shipped one of the same name.
    mutating func define(_ name: String, node: YAMLNode, source: YAMLSource) {
        entries[name] = Entry(node: node, source: source)
    }

    /// Whether a preset of that name exists.
    public func contains(_ name: String) -> Bool { entries[name] != nil }

    /// The settings of the named preset, following `base` chains; errors go into `reader`'s list at `node`.
    func settings(named name: String, at node: YAMLNode, reader: inout NodeReader) -> ExportSettings? {
        resolve(name, at: node, reader: &reader, visiting: [])
    }

    /// The settings for an output's `preset:` value: a name, or a mapping with `base` and overrides.
    func settings(for node: YAMLNode, reader: inout NodeReader) -> ExportSettings? {
        if node.string != nil {
            guard let name = reader.string(node, "preset") else { return nil }
            return settings(named: name, at: node, reader: &reader)
        }
        guard let fields = reader.mapping(node, in: "preset override", keys: ManifestSchema.presetOverride) else {
            return nil
        }
        guard let baseNode = fields["base"] else {
            reader.error("an inline preset needs 'base' naming the preset it changes, such as 'web-1080p'", at: node)
            return nil
        }
        guard let baseName = reader.string(baseNode, "base"),
              var settings = self.settings(named: baseName, at: baseNode, reader: &reader) else { return nil }
        Self.apply(fields, to: &settings, reader: &reader)
        return settings
    }

    private func resolve(_ name: String, at node: YAMLNode, reader: inout NodeReader,
                         visiting: [String]) -> ExportSettings? {
        guard let entry = entries[name] else {
            var message = "unknown preset '\(name)'"
            if let guess = Suggestion.closest(to: name, among: names) {
                message += "; did you mean '\(guess)'?"
            } else {
                message += "; known presets: " + names.map { "'\($0)'" }.joined(separator: ", ")
            }
            reader.error(message, at: node)
            return nil
        }
        if visiting.contains(name) {
            reader.error("preset 'base' chain loops: " + (visiting + [name]).joined(separator: " -> "), at: node)
            return nil
        }
        var presetReader = NodeReader(source: entry.source)
        defer { reader.diagnostics.append(contentsOf: presetReader.diagnostics) }
        guard let fields = presetReader.mapping(entry.node, in: "preset '\(name)'", keys: ManifestSchema.presetOverride)
        else { return nil }
        var settings: ExportSettings
        if let baseNode = fields["base"] {
            guard let baseName = presetReader.string(baseNode, "base"),
                  let base = resolve(baseName, at: baseNode, reader: &presetReader, visiting: visiting + [name])
            else { return nil }
            settings = base
        } else {
            settings = ExportSettings(name: name, container: .mp4, video: nil, audio: nil)
            if fields["video"] == nil && fields["audio"] == nil {
                presetReader.error("preset '\(name)' needs 'video', 'audio' or 'base'", at: entry.node)
                return nil
            }
        }
        settings.name = name
        Self.apply(fields, to: &settings, reader: &presetReader)
        return settings
    }

    /// Applies a preset mapping's keys (other than `base`) on top of `settings`.
    static func apply(_ fields: [String: YAMLNode], to settings: inout ExportSettings, reader: inout NodeReader) {
        if let node = fields["name"], let name = reader.string(node, "name") { settings.name = name }
        if let node = fields["container"],
           let text = reader.choice(node, "container", ExportSettings.Container.allCases.map(\.rawValue)) {
            settings.container = ExportSettings.Container(rawValue: text) ?? settings.container
        }
        if let node = fields["faststart"], let value = reader.bool(node, "faststart") { settings.faststart = value }
        if let node = fields["loop"], let value = reader.bool(node, "loop") { settings.loops = value }
        if let node = fields["passthrough"], let value = reader.bool(node, "passthrough") { settings.passthrough = value }
        if let node = fields["damage_limit"], let value = reader.share(node, "damage_limit") { settings.damageLimit = value }
        if let node = fields["poster_at"], let time = reader.time(node, "poster_at", frameRate: settings.video?.frameRate) {
            settings.posterTime = time
        }
        if let node = fields["metadata"], let pairs = reader.mapping(node, in: "metadata", keys: node.keys ?? []) {
            for (key, value) in pairs { if let text = reader.string(value, key) { settings.metadata[key] = text } }
        }
        if let node = fields["video"] { applyVideo(node, to: &settings, reader: &reader) }
        if let node = fields["audio"] { applyAudio(node, to: &settings, reader: &reader) }
        if let node = fields["aspect"], let aspect = reader.aspect(node, "aspect") {
            guard var video = settings.video else {
                reader.error("'aspect' needs a preset with video", at: node)
                return
            }
            (video.width, video.height) = aspect.fit(longSideOf: (video.width, video.height))
            settings.video = video
        }
        fitPictureContainer(fields, settings: &settings, reader: &reader)
    }

    private static func applyVideo(_ node: YAMLNode, to settings: inout ExportSettings, reader: inout NodeReader) {
        guard let fields = reader.mapping(node, in: "preset video", keys: ManifestSchema.presetVideo) else { return }
        var video = settings.video ?? ExportSettings.Video(codec: .h264, width: 1920, height: 1080, frameRate: FrameRate(30))
        if let node = fields["codec"], let text = reader.choice(node, "video codec", ExportSettings.VideoCodec.allCases.map(\.rawValue)) {
            video.codec = ExportSettings.VideoCodec(rawValue: text) ?? video.codec
        }
        if let node = fields["width"], let value = reader.integer(node, "width", in: 16...8192) { video.width = value }
        if let node = fields["height"], let value = reader.integer(node, "height", in: 16...8192) { video.height = value }
        if let node = fields["fps"], let rate = reader.frameRate(node, "fps") { video.frameRate = rate }
        if let node = fields["crf"], let value = reader.integer(node, "crf", in: 0...63) { video.crf = value }
        if let node = fields["bitrate"], let value = reader.bitRate(node, "bitrate") { video.bitRate = value }
        if let node = fields["max_bitrate"], let value = reader.bitRate(node, "max_bitrate") { video.maxBitRate = value }
        if let node = fields["speed"], let text = reader.string(node, "speed") { video.speed = text }
        if let node = fields["pixel_format"], let text = reader.string(node, "pixel_format") { video.pixelFormat = text }
        if let node = fields["upscale"], let value = reader.bool(node, "upscale") { video.allowUpscale = value }
        if let node = fields["keyframe_interval"], let value = reader.integer(node, "keyframe_interval", in: 1...10_000) {
            video.keyframeInterval = value
        }
        if let node = fields["threads"], let value = reader.integer(node, "threads", in: 1...64) { video.threads = value }
        if let node = fields["quality"], let value = reader.integer(node, "quality", in: 0...100) { video.quality = value }
        // An animated picture is 8-bit SDR whatever it is asked; `fitPictureContainer` reports the key.
        if !settings.container.isAnimatedPicture { applyDynamicRange(fields, to: &video, reader: &reader) }
        checkSize(video, fields: fields, in: node, reader: &reader)
        settings.video = video
    }

    private static func applyAudio(_ node: YAMLNode, to settings: inout ExportSettings, reader: inout NodeReader) {
        guard let fields = reader.mapping(node, in: "preset audio", keys: ManifestSchema.presetAudio) else { return }
        var audio = settings.audio ?? ExportSettings.Audio(codec: .aac)
        if let node = fields["codec"], let text = reader.choice(node, "audio codec", ExportSettings.AudioCodec.allCases.map(\.rawValue)) {
            audio.codec = ExportSettings.AudioCodec(rawValue: text) ?? audio.codec
        }
        if let node = fields["bitrate"], let value = reader.bitRate(node, "bitrate") { audio.bitRate = value }
        if let node = fields["sample_rate"], let value = reader.integer(node, "sample_rate", in: 8000...192_000) {
            audio.sampleRate = value
        }
        if let node = fields["channels"], let value = reader.integer(node, "channels", in: 1...8) { audio.channels = value }
        if let node = fields["loudness"], let value = reader.number(node, "loudness", in: -70...0) { audio.loudnessTarget = value }
        if let node = fields["true_peak"], let value = reader.number(node, "true_peak", in: -20...0) { audio.truePeakCeiling = value }
        settings.audio = audio
    }
}
