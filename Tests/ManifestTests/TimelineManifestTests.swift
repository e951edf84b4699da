import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// `timeline: cut.otio` in the manifest layer: OpenTimelineIO JSON (written here by hand, one object per line so
/// positions are easy to read) laid out as explicit tracks with exact times, and every object that cannot be
/// rendered reported whole at its place in the .otio file.
struct TimelineManifestTests {
    static let manifest = """
        mediabatch: 1
        defaults: { preset: draft }
        outputs:
          - { name: x, timeline: cut.otio }
        """

    /// `{"OTIO_SCHEMA": "RationalTime.1", "rate": R, "value": V}`.
    static func time(_ value: String, _ rate: String = "24.0") -> String {
        #"{"OTIO_SCHEMA": "RationalTime.1", "rate": \#(rate), "value": \#(value)}"#
    }

    static func range(_ start: String, _ duration: String, _ rate: String = "24.0") -> String {
        #"{"OTIO_SCHEMA": "TimeRange.1", "start_time": \#(time(start, rate)), "duration": \#(time(duration, rate))}"#
    }

    /// A `Clip.2` of `url` (its reference on a line of its own) with `extra` keys.
    static func clip(_ name: String, _ url: String, _ start: String, _ duration: String, rate: String = "24.0",
                     extra: String = "", reference: String? = nil) -> String {
        let media = reference ?? #"{"OTIO_SCHEMA": "ExternalReference.1", "target_url": "\#(url)", "available_range": \#(range("0", "240", rate))}"#
        return #"{"OTIO_SCHEMA": "Clip.2", "name": "\#(name)", "source_range": \#(range(start, duration, rate)),\#(extra) "active_media_reference_key": "DEFAULT_MEDIA", "media_references": {"DEFAULT_MEDIA":"#
            + "\n" + media + "}}"
    }

    static func gap(_ duration: String, rate: String = "24.0") -> String {
        #"{"OTIO_SCHEMA": "Gap.1", "source_range": \#(range("0", duration, rate))}"#
    }

    static func dissolve(_ offset: String, type: String = "SMPTE_Dissolve") -> String {
        #"{"OTIO_SCHEMA": "Transition.1", "transition_type": "\#(type)", "in_offset": \#(time(offset)), "out_offset": \#(time(offset))}"#
    }

    static func track(_ kind: String, _ children: [String], extra: String = "") -> String {
        #"{"OTIO_SCHEMA": "Track.1", "kind": "\#(kind)",\#(extra) "children": ["# + "\n" + children.joined(separator: ",\n") + "]}"
    }

    static func timeline(_ tracks: [String], start: String = "null") -> String {
        #"{"OTIO_SCHEMA": "Timeline.1", "name": "cut", "global_start_time": \#(start), "tracks": {"OTIO_SCHEMA": "Stack.1", "children": ["#
            + "\n" + tracks.joined(separator: ",\n") + "]}}\n"
    }

    static func seconds(_ value: Int64, _ timescale: Int32 = 1) -> MediaTime { MediaTime(value: value, timescale: timescale) }

    static func spec(_ otio: String) throws -> (ManifestFixture, OutputSpec) {
        let fixture = try ManifestFixture(manifest, files: ["cut.otio": otio])
        let set = fixture.load()
        #expect(fixture.messages(set) == "")
        return (fixture, try #require(set.outputs.first))
    }

    /// Rates as OpenTimelineIO files write them, to exact rationals.
    @Test(arguments: [("24.0", 24, 1), ("24", 24, 1), ("23.976", 24000, 1001), ("23.98", 24000, 1001),
                      ("23.976023976023978", 24000, 1001), ("29.97", 30000, 1001), ("29.97002997002997", 30000, 1001),
                      ("59.94", 60000, 1001), ("12.5", 25, 2), ("48000", 48000, 1)] as [(String, Int32, Int32)])
    func ratesBecomeExactFractions(_ written: String, _ numerator: Int32, _ denominator: Int32) throws {
        let (_, spec) = try Self.spec(Self.timeline([Self.track("Video", [Self.clip("a", "a.mp4", "0", "100", rate: written)])]))
        let segment = try #require(spec.tracks.first?.segments.first)
        #expect(segment.to == FrameRate(numerator, denominator).time(ofFrame: 100), "rate \(written)")
    }

    /// A dissolve of 12 frames each way at the cut (2 s): the clips take turns on two rolls, the outgoing one running
    /// 0.5 s on into its media and the incoming one starting 0.5 s early, so the track keeps its length; the upper
    /// roll's clip fades out over the lower one. A gap, a 2x clip (two seconds of media in one), a held frame (one
    /// millisecond of media slowed to a second) and a disabled clip (a gap) follow: 8 s in all.
    @Test func aTrackBecomesRollsWithTheDissolveCentredOnTheCut() throws {
        let video = Self.track("Video", [
            Self.clip("A", "a.mp4", "24", "48"), Self.dissolve("12"), Self.clip("B", "b.mp4", "24", "48"), Self.gap("24"),
            Self.clip("fast", "c.mp4", "0", "24", extra: #" "effects": [{"OTIO_SCHEMA": "LinearTimeWarp.1", "time_scalar": 2.0}],"#),
            Self.clip("held", "c.mp4", "48", "24", extra: #" "effects": [{"OTIO_SCHEMA": "FreezeFrame.1", "time_scalar": 0.0}],"#),
            Self.clip("off", "a.mp4", "0", "24", extra: #" "enabled": false,"#),
        ])
        let (_, spec) = try Self.spec(Self.timeline([video, Self.track("Audio", [Self.clip("tone", "a.mp4", "0", "24")])],
                                                    start: Self.time("86400")))
        // The audio track (last in the stack), the two rolls, and silence holding the output open over the disabled
        // clip at the end.
        #expect(spec.tracks.map(\.media) == [.audio, .video, .video, .audio])
        let rollA = spec.tracks[1].segments.map { [$0.at, $0.from, $0.to] }
        let rollB = spec.tracks[2].segments.map { [$0.at, $0.from, $0.to] }
        #expect(rollA == [[.zero, Self.seconds(1), Self.seconds(7, 2)], [Self.seconds(5), .zero, Self.seconds(2)]])
        #expect(spec.tracks[1].segments.map(\.speed) == [FrameRate(1), FrameRate(2)])
        #expect(rollB == [[Self.seconds(3, 2), Self.seconds(1, 2), Self.seconds(3)], [Self.seconds(6), Self.seconds(2), Self.seconds(2001, 1000)]])
        #expect(spec.tracks[2].segments.map(\.speed) == [FrameRate(1), FrameRate(1, 1000)])
        #expect(spec.tracks[1].rollGroup == spec.tracks[2].rollGroup && spec.tracks[1].rollGroup != nil)
        #expect(spec.tracks[3].segments.map(\.to) == [Self.seconds(8)])
        #expect(spec.layers.map(\.track) == [2])
        let opacity = try #require(spec.layers.first?.opacity)
        #expect(opacity.map { [$0.start, $0.duration] } == [[.zero, .zero], [Self.seconds(3, 2), Self.seconds(1)], [Self.seconds(5), .zero]])
        #expect(opacity.map { [$0.startValue, $0.endValue] } == [[1, 1], [1, 0], [1, 1]])
        #expect(spec.timeline?.duration == Self.seconds(8))
        #expect(spec.timeline?.summary.startTimecode == "01:00:00:00")
    }

    /// OpenTimelineIO 0.15's `Clip.1` (one `media_reference`) and `Marker.1`, a `file://` URL with a host and an
    /// escape, and a timeline path made of variables.
    @Test func olderSchemasAndVariablesInThePath() throws {
        let marker = #"{"OTIO_SCHEMA": "Marker.1", "name": "m", "color": "RED", "marked_range": \#(Self.range("24", "0"))}"#
        let clip = #"{"OTIO_SCHEMA": "Clip.1", "name": "old", "source_range": \#(Self.range("0", "48")), "markers": [\#(marker)], "media_reference":"#
            + "\n" + #"{"OTIO_SCHEMA": "ExternalReference.1", "target_url": "file://localhost/FOLDER/my%20clip.mp4", "available_range": null}}"#
        let fixture = try ManifestFixture("""
            mediabatch: 1
            defaults: { preset: draft }
            outputs:
              - { name: "x-{cut}", matrix: { cut: [first] }, timeline: "edits/{cut}.otio" }
            """)
        try fixture.write("edits/first.otio", Self.timeline([Self.track("Video", [clip])])
            .replacingOccurrences(of: "/FOLDER", with: fixture.directory))
        let set = fixture.load()
        #expect(fixture.messages(set) == "")
        let spec = try #require(set.outputs.first)
        let segment = try #require(spec.tracks.first?.segments.first)
        #expect(segment.source == .file(path: fixture.path("my clip.mp4")))
        #expect([segment.from, segment.to] == [.zero, Self.seconds(2)])
        #expect(spec.timeline?.markers.map(\.name) == ["m"])
        #expect(spec.timeline?.markers.map(\.range.start) == [Self.seconds(1)])
        #expect(spec.timeline?.path == fixture.path("edits/first.otio"))
    }

    /// A nested stack plays its tracks in its place, trimmed to its source range; markers move to the output's
    /// timeline (a clip's from its media's time), and those of what is not shown are left out.
    @Test func nestedStacksAndMarkersLandOnTheOutputsTimeline() throws {
        let marker = { (name: String, at: String) in
            #"{"OTIO_SCHEMA": "Marker.2", "name": "\#(name)", "color": "GREEN", "comment": "c", "marked_range": \#(Self.range(at, "0"))}"#
        }
        let inner = #"{"OTIO_SCHEMA": "Stack.1", "source_range": \#(Self.range("24", "24")), "children": ["# + "\n"
            + Self.track("Video", [Self.clip("deep", "b.mp4", "0", "72", extra: #" "markers": [\#(marker("early", "12")), \#(marker("shown", "36"))],"#)])
            + "]}"
        let (_, spec) = try Self.spec(Self.timeline([Self.track("Video", [Self.clip("A", "a.mp4", "0", "24"), inner])]))
        #expect(spec.tracks.count == 2)
        let segment = try #require(spec.tracks.last?.segments.first)
        #expect([segment.at, segment.from, segment.to] == [Self.seconds(1), Self.seconds(1), Self.seconds(2)])
        #expect(spec.timeline?.markers == [TimelineMarker(name: "shown", range: TimeRange(start: Self.seconds(1, 2) + Self.seconds(1), duration: .zero),
                                                          color: "GREEN", comment: "c")])
    }

    static let errorCases: [(name: String, otio: String, expected: String)] = [
        ("unknown schema", timeline([track("Video", [#"{"OTIO_SCHEMA": "Clip.3", "name": "a"}"#])]), """
            cut.otio:3:17: error: unknown OpenTimelineIO schema 'Clip.3'; did you mean 'Clip.1'?
            {"OTIO_SCHEMA": "Clip.3", "name": "a"}]}]}}
                            ^
            """),
        ("missing reference", timeline([track("Video", [clip("a", "", "0", "24", reference: #"{"OTIO_SCHEMA": "MissingReference.1"}"#)])]), """
            cut.otio:4:17: error: clip 'a' has a missing media reference (MissingReference); relink its media in the editor
            {"OTIO_SCHEMA": "MissingReference.1"}}}]}]}}
                            ^
            """),
        ("wipe", timeline([track("Video", [clip("a", "a.mp4", "24", "24"), dissolve("6", type: "SMPTE_Wipe"), clip("b", "b.mp4", "24", "24")])]), """
            cut.otio:5:52: error: transition type 'SMPTE_Wipe' cannot be rendered; mediabatch renders 'SMPTE_Dissolve' (a crossfade)
            {"OTIO_SCHEMA": "Transition.1", "transition_type": "SMPTE_Wipe", "in_offset": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24.0, "value": 6}, "...
                                                               ^
            """),
        ("no handle", timeline([track("Video", [clip("a", "a.mp4", "24", "24"), dissolve("6"), clip("b", "b.mp4", "0", "24")])]), """
            cut.otio:5:1: error: the transition needs 0.25s of clip 'b' before its source_range (a handle), but its available_range starts at 0s
            {"OTIO_SCHEMA": "Transition.1", "transition_type": "SMPTE_Dissolve", "in_offset": {"OTIO_SCHEMA": "RationalTime.1", "rate": 24.0, "value": 6...
            ^
            """),
        ("reverse", timeline([track("Video", [clip("a", "a.mp4", "0", "24", extra: #" "effects": [{"OTIO_SCHEMA": "LinearTimeWarp.1", "time_scalar": -1.0}],"#)])]), """
            cut.otio:3:300: error: time_scalar -1.0 of clip 'a' cannot be rendered; use a speed from 0.0625 to 16 (reverse playback is not supported)
            ... 24}}, "effects": [{"OTIO_SCHEMA": "LinearTimeWarp.1", "time_scalar": -1.0}], "active_media_reference_key": "DEFAULT_MEDIA", "media_referenc...
                                                                                     ^
            """),
        ("plain effect", timeline([track("Video", [clip("a", "a.mp4", "0", "24", extra: #" "effects": ["# + "\n" + #"{"OTIO_SCHEMA": "Effect.1", "effect_name": "Blur"}],"#)])]), """
            cut.otio:4:17: error: OpenTimelineIO's 'Effect.1' cannot be rendered by mediabatch
            {"OTIO_SCHEMA": "Effect.1", "effect_name": "Blur"}], "active_media_reference_key": "DEFAULT_MEDIA", "media_references": {"DEFAULT_MEDIA":
                            ^
            """),
        ("remote media", timeline([track("Video", [clip("a", "https://example.com/a.mp4", "0", "24")])]), """
            cut.otio:4:54: error: target_url 'https://example.com/a.mp4' of clip 'a' is not a local file; use a path or a file:// URL
            {"OTIO_SCHEMA": "ExternalReference.1", "target_url": "https://example.com/a.mp4", "available_range": {"OTIO_SCHEMA": "TimeRange.1", "start_t...
                                                                 ^
            """),
    ]

    @Test(arguments: errorCases.indices)
    func reportsWhatCannotBeRenderedAtItsPlace(_ index: Int) throws {
        let errorCase = Self.errorCases[index]
        let fixture = try ManifestFixture(Self.manifest, files: ["cut.otio": errorCase.otio])
        #expect(fixture.messages(fixture.load()) == errorCase.expected, "\(errorCase.name)")
    }
}
