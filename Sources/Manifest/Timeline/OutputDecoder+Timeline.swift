import Composition
import Foundation
import MediaCore
import YAML

extension OutputDecoder {
    /// `timeline: cut.otio` (relative to the manifest): the OpenTimelineIO timeline's tracks become the output's
    /// explicit tracks, its dissolves their opacity and volume ramps; every object that cannot be rendered is an
    /// error at its place in the .otio file.
    func timeline(_ node: YAMLNode, into spec: inout OutputSpec, reader: inout NodeReader) {
        guard let text = reader.string(node, "timeline") else { return }
        let path = ManifestFile.resolve(text, against: manifest.directory)
        // Messages name the file as the manifest's own path does: relative to where mediabatch runs.
        let folder = (manifest.path as NSString).deletingLastPathComponent as NSString
        let shown = text.hasPrefix("/") ? text : (folder.appendingPathComponent(text) as NSString).standardizingPath
        guard let data = FileManager.default.contents(atPath: path) else {
            reader.error("timeline '\(text)' not found (resolved to '\(path)')", at: node)
            return
        }
        let document: YAMLDocument
        do {
            document = try YAMLParser.parseDocument(String(decoding: data, as: UTF8.self), file: shown)
        } catch {
            reader.diagnostics.add(error.diagnostic)
            return
        }
        var otio = OTIOReader(source: document.source, directory: (path as NSString).deletingLastPathComponent)
        let read = otio.timeline(document.root)
        reader.diagnostics.append(contentsOf: otio.diagnostics)
        guard let read else { return }
        var flattener = TimelineFlattener(source: document.source)
        let duration = flattener.flatten(read)
        reader.diagnostics.append(contentsOf: flattener.diagnostics)
        spec.tracks = flattener.tracks.map(\.spec)
        for (index, track) in flattener.tracks.enumerated() where !track.ramps.isEmpty {
            let audio = track.spec.media == .audio
            spec.layers.append(LayerSpec(track: index + 1, location: track.spec.location, region: nil, crop: nil,
                                         fit: .contain, opacity: audio ? [] : track.ramps, volume: audio ? track.ramps : []))
        }
        Self.keepLength(duration, of: &spec, at: document.root.location)
        Self.startTimecode(read.globalStart, of: &spec)
        spec.timeline = TimelineSpec(path: shown, source: document.source, name: read.name, globalStart: read.globalStart,
                                     globalStartRate: read.globalStartRate, markers: flattener.markers, duration: duration)
    }

    /// An MP4 or QuickTime file cut from a timeline with a `global_start_time` starts at that timecode (a timecode
    /// track, as ffmpeg's `-timecode` writes it), counted at the output's frame rate; the manifest's own
    /// `metadata: { timecode }` wins, and a start that falls between the output's frames is left out.
    static func startTimecode(_ start: MediaTime?, of spec: inout OutputSpec) {
        guard let start, start > .zero, let rate = spec.settings.video?.frameRate, spec.settings.metadata["timecode"] == nil,
              spec.settings.container == .mp4 || spec.settings.container == .mov else { return }
        let drop = rate.denominator == 1001 && rate.numerator % 30000 == 0
        guard start.multiplied(by: Int64(rate.numerator), dividedBy: Int64(rate.denominator)).timescale == 1,
              let timecode = try? Timecode(time: start, rate: rate, dropFrame: drop) else { return }
        spec.settings.metadata["timecode"] = timecode.description
    }

    /// A timeline that ends in a gap still lasts its whole duration: silence (or, without sound, the background
    /// colour) under everything holds the output open to the end.
    static func keepLength(_ duration: MediaTime, of spec: inout OutputSpec, at location: SourceLocation) {
        let end = spec.tracks.flatMap(\.segments).map { segment in
            (segment.at ?? .zero) + ((segment.to ?? segment.from) - segment.from)
                .multiplied(by: Int64(segment.speed.denominator), dividedBy: Int64(segment.speed.numerator))
        }.max() ?? .zero
        guard end < duration else { return }
        let silent = spec.settings.audio != nil
        let filler = GeneratedSource(kind: silent ? .silence : .color, duration: duration, width: 0, height: 0,
                                     color: spec.background)
        let segment = SegmentSpec(source: .generator(filler), location: location, from: .zero, to: duration, at: .zero,
                                  speed: FrameRate(1))
        spec.tracks.append(TrackSpec(segments: [segment], location: location, media: silent ? .audio : .video))
    }
}
