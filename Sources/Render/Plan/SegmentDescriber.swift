import Composition
import Foundation
import MediaCore

/// Builds a `SegmentKey` for a stretch of output frames when every frame shows the same arrangement of layers: one
/// instruction without a transition, no text or subtitles, each layer's track segment, opacity, transform and crop
/// unchanged, so that frame `k` is a pure function of the sources at `sourceStart + k * frameDuration * rate`.
struct SegmentDescriber {
    /// Identity bumped whenever the renderer's pictures or the segment encoding change.
    static let formatVersion = 1

    /// One layer as the key records it.
    private struct Layer: Codable, Equatable {
        var url: String
        var fileSize: Int64?
        var fileModified: Double?
        var sourceTrack: Int32
        var sourceStart: MediaTime
        var sourceDuration: MediaTime
        var targetDuration: MediaTime
        var naturalSize: Size
        var preferredTransform: AffineTransform2D
        var opacity: Double
        var transform: AffineTransform2D
        var crop: Rect

        /// A layer that draws nothing at this time.
        static let hidden = Layer(
            url: "", fileSize: nil, fileModified: nil, sourceTrack: 0, sourceStart: .zero, sourceDuration: .zero,
            targetDuration: .zero, naturalSize: Size(width: 0, height: 0), preferredTransform: .identity, opacity: 0,
            transform: .identity, crop: .infinite)
    }

    /// Everything the key records.
    private struct Identity: Codable {
        var format: Int
        var encoder: String
        var renderSize: Size
        var naturalSize: Size
        var frameDuration: MediaTime
        var frames: Int
        var background: Color
        var layers: [Layer]
    }

    let composition: MutableComposition
    let videoComposition: VideoComposition
    /// The encoder name and settings (see `SegmentPlan.encoderIdentity`).
    let encoder: String

    /// The key of the frames at `times` (consecutive output frames), or nil when they are not one still arrangement.
    func key(times: [MediaTime], frameDuration: MediaTime) -> SegmentKey? {
        guard let first = times.first, let last = times.last, videoComposition.assOverlays.isEmpty,
              let instruction = videoComposition.instruction(at: first), instruction.transitionEffect == nil,
              !videoComposition.textLayers.contains(where: { overlaps($0.timeRange, first, last + frameDuration) })
        else { return nil }
        var layers: [Layer] = []
        for layer in instruction.layerInstructions {
            guard let described = describe(layer, at: first, identifying: true) else { return nil }
            for time in times.dropFirst() {
                guard !moves(layer, at: time), describe(layer, at: time, identifying: false).map({ same($0, described) }) == true
                else { return nil }
            }
            if described.opacity > 0 { layers.append(described) }
        }
        let identity = Identity(
            format: Self.formatVersion, encoder: encoder, renderSize: videoComposition.renderSize,
            naturalSize: composition.naturalSize, frameDuration: frameDuration, frames: times.count,
            background: instruction.backgroundColor ?? videoComposition.backgroundColor, layers: layers)
        let coder = JSONEncoder()
        coder.outputFormatting = [.sortedKeys]
        guard let data = try? coder.encode(identity), let text = String(data: data, encoding: .utf8) else { return nil }
        let names = layers.map { URL(string: $0.url)?.lastPathComponent ?? $0.url }
        let from = layers.first.map { String(format: " from %.2f s", $0.sourceStart.seconds) } ?? ""
        return SegmentKey(identity: text, label: names.joined(separator: "+") + from)
    }

    /// The layer at `time`, with its source time at `time` (and, `identifying`, its file's size and modification
    /// time); nil when its picture cannot be keyed.
    private func describe(_ layer: LayerInstruction, at time: MediaTime, identifying: Bool) -> Layer? {
        guard let track = composition.track(withID: layer.trackID) else { return nil }
        let opacity = layer.opacity(at: time)
        guard let segment = track.segment(forTrackTime: time), !segment.isEmpty, segment.targetRange.contains(time),
              let url = segment.sourceURL, opacity.isFinite, opacity > 0 else {
            return opacity.isFinite ? Layer.hidden : nil
        }
        let identity = url.isFileURL && identifying ? Self.fileIdentity(url) : (nil, nil)
        if url.isFileURL, identifying, identity.0 == nil { return nil }
        return Layer(url: url.absoluteString, fileSize: identity.0, fileModified: identity.1,
                     sourceTrack: segment.sourceTrackID, sourceStart: segment.sourceTime(forTrackTime: time),
                     sourceDuration: segment.timeMapping.source.duration,
                     targetDuration: segment.timeMapping.target.duration, naturalSize: track.naturalSize,
                     preferredTransform: track.preferredTransform, opacity: opacity,
                     transform: layer.transform(at: time), crop: layer.cropRectangle(at: time))
    }

    /// Whether two frames' descriptions of one layer are the same arrangement (source times advance, the rest holds).
    private func same(_ a: Layer, _ b: Layer) -> Bool {
        var moved = b
        moved.sourceStart = a.sourceStart
        (moved.fileSize, moved.fileModified) = (a.fileSize, a.fileModified)
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

    /// A source file's size and modification time (of the file its links lead to), nil when it cannot be read.
    static func fileIdentity(_ url: URL) -> (Int64?, Double?) {
        guard let facts = FileFacts(path: url.path, followingLinks: true) else { return (nil, nil) }
        return (facts.size, Double(facts.seconds) + Double(facts.nanoseconds) / 1e9)
    }
}
