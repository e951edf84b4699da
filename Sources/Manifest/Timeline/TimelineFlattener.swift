import Composition
import MediaCore
import YAML

/// Lays an OpenTimelineIO timeline out on the output's timeline as explicit tracks: every OTIO track becomes one
/// track (two, taking turns, when it has transitions, so a dissolve can overlap its clips), the last OTIO track on
/// top; nested stacks and tracks become tracks of their own in their parent's place.
struct TimelineFlattener {
    /// The .otio file's text, for quoting lines under errors.
    let source: YAMLSource
    /// The problems found.
    var diagnostics = DiagnosticList()
    /// The tracks made so far, top first.
    var tracks: [FlatTrack] = []
    /// The markers of every enabled item, on the output's timeline.
    var markers: [TimelineMarker] = []
    /// The roll groups handed out so far.
    var groups = 0

    /// One explicit track with the opacity (video) or volume (audio) ramps of its dissolves.
    struct FlatTrack {
        var spec: TrackSpec
        var ramps: [RampSpec]
    }

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location, in: source)
    }

    /// The whole timeline, starting at output time 0; returns its duration.
    mutating func flatten(_ timeline: OTIOTimeline) -> MediaTime {
        let total = Self.duration(.composition(timeline.tracks))
        place(timeline.tracks, start: .zero, window: TimeRange(start: .zero, duration: total))
        markers.sort { ($0.range.start, $0.name) < ($1.range.start, $1.name) }
        return total
    }

    /// How long an item lasts in its parent track (a transition takes no time).
    static func duration(_ item: OTIOItem) -> MediaTime {
        switch item {
        case .clip(let clip): return clip.sourceRange.duration
        case .gap(let duration, _): return duration
        case .transition: return .zero
        case .composition(let composition):
            if let range = composition.sourceRange { return range.duration }
            let lengths = composition.children.map(duration)
            if case .stack = composition.kind { return lengths.max() ?? .zero }
            return lengths.reduce(MediaTime.zero, +)
        }
    }

    /// A track or stack whose first shown moment is at output `start`, shown only within `window`.
    mutating func place(_ composition: OTIOComposition, start: MediaTime, window: TimeRange) {
        guard composition.enabled else { return }
        let origin = start - (composition.sourceRange?.start ?? .zero)
        let shown = window.intersection(TimeRange(start: start, duration: Self.duration(.composition(composition))))
        addMarkers(composition.markers, origin: origin, window: shown)
        switch composition.kind {
        case .stack:
            for child in composition.children.reversed() {
                switch child {
                case .composition(let inner): place(inner, start: origin, window: shown)
                case .clip(let clip): error("clip '\(clip.name)' sits directly in a stack; put it in a track", at: clip.location)
                case .gap, .transition: break
                }
            }
        case .track(let media):
            track(composition, media: media, origin: origin, window: shown)
        }
    }

    /// Markers of an item whose own time 0 is at output `origin`; those outside what is shown are left out.
    mutating func addMarkers(_ list: [TimelineMarker], origin: MediaTime, window: TimeRange) {
        for var marker in list {
            marker.range = TimeRange(start: origin + marker.range.start, duration: marker.range.duration)
            if marker.range.start >= window.start && marker.range.start < window.end { markers.append(marker) }
        }
    }
}
