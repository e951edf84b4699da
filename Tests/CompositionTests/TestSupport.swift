import Composition
import Foundation
import MediaCore

/// `value/timescale` seconds.
func t(_ value: Int64, _ timescale: Int32 = 1) -> MediaTime { MediaTime(value: value, timescale: timescale) }

/// `[start, end)` in whole seconds.
func r(_ start: Int64, _ end: Int64) -> TimeRange { TimeRange(start: t(start), end: t(end)) }

/// `[start, end)` in exact times.
func r(_ start: MediaTime, _ end: MediaTime) -> TimeRange { TimeRange(start: start, end: end) }

/// A file URL under a fixed fake directory; nothing is read.
func media(_ name: String) -> URL { URL(fileURLWithPath: "/media/\(name)") }

/// A video source track of `seconds` at 30 fps, 1920x1080, timescale 600.
func videoSource(_ name: String = "a.mov", seconds: Int64 = 10, trackID: Int32 = 1,
                 frameRate: FrameRate = FrameRate(30), size: Size = Size(width: 1920, height: 1080)) -> SourceTrack {
    SourceTrack(url: media(name), trackID: trackID, mediaType: .video, timeRange: r(0, seconds), naturalSize: size,
                frameRate: frameRate, naturalTimeScale: 600)
}

/// An audio source track of `seconds` at timescale 48000.
func audioSource(_ name: String = "a.mov", seconds: Int64 = 10, trackID: Int32 = 2) -> SourceTrack {
    SourceTrack(url: media(name), trackID: trackID, mediaType: .audio, timeRange: r(0, seconds), naturalTimeScale: 48000)
}

/// A segment's shape: source name (nil for empty), source range and target range, for whole-track comparisons.
struct Shape: Equatable, CustomStringConvertible {
    var source: String?
    var sourceRange: TimeRange?
    var target: TimeRange

    init(_ source: String?, _ sourceRange: TimeRange?, _ target: TimeRange) {
        self.source = source
        self.sourceRange = sourceRange
        self.target = target
    }

    var description: String { "\(source ?? "empty") \(sourceRange.map(\.description) ?? "-") -> \(target)" }
}

/// Media from `name` playing `source` at `target`.
func seg(_ name: String, _ source: TimeRange, _ target: TimeRange) -> Shape { Shape(name, source, target) }

/// A gap over `target`.
func gap(_ target: TimeRange) -> Shape { Shape(nil, nil, target) }

extension CompositionTrack {
    /// The segments as shapes.
    var shapes: [Shape] {
        segments.map { segment in
            segment.isEmpty
                ? Shape(nil, nil, segment.targetRange)
                : Shape(segment.sourceURL?.lastPathComponent, segment.sourceRange, segment.targetRange)
        }
    }
}

/// The description of the error `body` throws, or nil.
func thrownMessage(_ body: () throws -> Void) -> String? {
    do { try body() } catch { return String(describing: error) }
    return nil
}

/// Foundation has its own AffineTransform, hence the 2D suffix.
let identityTransform: AffineTransform2D = .identity
