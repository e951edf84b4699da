import Composition
import Foundation
public import Manifest
import MediaCore

/// Writes an output's composition as an OpenTimelineIO timeline (`plan --otio DIR`), so an editor can open it: one
/// OTIO track per composition track (A and B rolls joined into one track with their transitions), clips referring
/// to the source files, speed changes as `LinearTimeWarp`s, titles, captions and the cut's own markers as markers.
public struct OTIOExporter {
    /// The output.
    let job: Job
    /// The rate times are counted in: the output's frame rate (its sample rate without video).
    let rate: FrameRate

    /// An exporter for `job`.
    init(job: Job) {
        self.job = job
        rate = job.settings.video?.frameRate ?? FrameRate(Int32(job.settings.audio?.sampleRate ?? 48000))
    }

    /// Writes `DIR/NAME.otio` and returns its path.
    public static func write(_ job: Job, into directory: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(job.name + ".otio")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data((OTIOExporter(job: job).timeline().text() + "\n").utf8).write(to: URL(fileURLWithPath: path),
                                                                              options: .atomic)
        return path
    }

    /// The whole `Timeline.1`.
    func timeline() -> OTIOJSON {
        var start = OTIOJSON.null
        if let summary = job.timeline, let time = summary.globalStart { start = rationalTime(time, at: summary.globalStartRate) }
        let stack = OTIOJSON.schema("Stack.1", [
            ("name", .string("tracks")), ("source_range", .null), ("effects", .array([])),
            ("markers", .array(markers())), ("enabled", .bool(true)), ("children", .array(tracks())),
            ("metadata", .object([])),
        ])
        var facts: [(String, OTIOJSON)] = [("output", .string(job.outputPath)), ("manifest", .string(job.manifestPath)),
                                           ("preset", .string(job.settings.name))]
        if let summary = job.timeline { facts.append(("timeline", .string(summary.path))) }
        return .schema("Timeline.1", [
            ("name", .string(job.name)), ("global_start_time", start), ("tracks", stack),
            ("metadata", .object([("mediabatch", .object(facts))])),
        ])
    }

    /// A `RationalTime.1`: whole frames at `rate` when the time falls on one, else the time's own exact fraction.
    func rationalTime(_ time: MediaTime, at preferred: FrameRate? = nil) -> OTIOJSON {
        let rate = preferred ?? self.rate
        let frames = time.multiplied(by: Int64(rate.numerator), dividedBy: Int64(rate.denominator))
        if frames.isNumeric, frames.timescale == 1 || frames.value % Int64(frames.timescale) == 0 {
            return .schema("RationalTime.1", [("rate", .number(rate.framesPerSecond)),
                                              ("value", .number(Double(frames.value / Int64(frames.timescale))))])
        }
        return .schema("RationalTime.1", [("rate", .number(Double(time.timescale))), ("value", .number(Double(time.value)))])
    }

    /// A `TimeRange.1`.
    func timeRange(start: MediaTime, duration: MediaTime) -> OTIOJSON {
        .schema("TimeRange.1", [("duration", rationalTime(duration)), ("start_time", rationalTime(start))])
    }

    /// A `Marker.2`.
    func marker(_ name: String, _ range: TimeRange, color: String, comment: String, kind: String) -> OTIOJSON {
        .schema("Marker.2", [
            ("metadata", .object([("mediabatch", .object([("kind", .string(kind))]))])), ("name", .string(name)),
            ("color", .string(color)), ("marked_range", timeRange(start: range.start, duration: range.duration)),
            ("comment", .string(comment)),
        ])
    }

    /// The timeline's own markers, then every title and caption, in time order within each kind.
    func markers() -> [OTIOJSON] {
        var result = (job.timeline?.markers ?? []).map {
            marker($0.name, $0.range, color: $0.color, comment: $0.comment, kind: "marker")
        }
        let titles = Set(job.titles.map(\.text))
        for layer in job.videoComposition?.textLayers ?? [] {
            let isTitle = titles.contains(layer.text)
            result.append(marker(layer.text, layer.timeRange, color: isTitle ? "GREEN" : "CYAN", comment: "",
                                 kind: isTitle ? "title" : "caption"))
        }
        return result
    }
}
