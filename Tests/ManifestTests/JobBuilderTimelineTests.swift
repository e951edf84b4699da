import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Job building with a fake probe: clip ranges, speed, transitions and the tracks clips land on.
struct JobBuilderTimelineTests {
    /// A one-output manifest named `x` with `body` as the output's extra lines.
    /// One output `x` with `body`; the preset keeps its 1920x1080 frame over the fake probe's 1280x720 sources.
    static func manifest(_ body: String, preset: String = "{ base: web-1080p, video: { upscale: true } }") -> String {
        "mediabatch: 1\ndefaults: { preset: \(preset) }\noutputs:\n  - name: x\n" + body
            .split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    static func segments(_ job: Job, _ type: MediaType) -> [[TrackSegment]] {
        job.composition.tracks(withMediaType: type).map { $0.segments.filter { !$0.isEmpty } }
    }

    @Test(arguments: [
        ("a.mp4", t(0), t(10), t(10)),
        ("{ source: a.mp4, from: 2s }", t(2), t(10), t(8)),
        ("{ source: a.mp4, from: 2s, to: 7.5s }", t(2), t(15, 2), t(11, 2)),
        ("{ source: a.mp4, from: 1s, duration: 4s }", t(1), t(5), t(4)),
        ("{ source: a.mp4, from: 30f, to: 90f }", t(1), t(3), t(2)),
        ("{ source: a.mp4, from: 0s, duration: 4s, speed: 2 }", t(0), t(4), t(2)),
        ("{ source: a.mp4, to: 3s, speed: 3/2 }", t(0), t(3), t(2)),
        ("{ source: a.mp4, to: 1001/30000, speed: 0.5 }", t(0), t(1001, 30000), t(2002, 30000)),
    ])
    func clipRanges(clip: String, from: MediaTime, to: MediaTime, duration: MediaTime) throws {
        let fixture = try ManifestFixture(Self.manifest("clips: [\(clip)]"))
        let job = try fixture.job("x")
        #expect(job.expectedDuration == duration)
        for type in [MediaType.video, .audio] {
            let segment = try #require(Self.segments(job, type).first?.first)
            #expect(segment.sourceRange == TimeRange(start: from, end: to))
            #expect(segment.targetRange == TimeRange(start: .zero, duration: duration))
            #expect(segment.sourceURL?.path == fixture.path("a.mp4"))
        }
    }

    @Test func transitionsOverlapClipsSoTheOutputIsShorter() throws {
        let fixture = try ManifestFixture(Self.manifest("""
            intro: { source: a.mp4, to: 3s, transition: { type: crossfade, duration: 0.5s } }
            transition: { type: crossfade, duration: 1001/30000 }
            clips:
              - { source: b.mp4, to: 4s }
              - { source: c.mp4, to: 4s, speed: 2 }
              - { source: b.mp4, from: 1s, to: 5s }
            outro: { source: c.mp4, to: 2s, transition: { type: fade, duration: 1s } }
            """))
        let job = try fixture.job("x")
        // 3 + 4 + 2 + 4 + 2 = 15, less 0.5, two 1001/30000 and 1.
        #expect(job.expectedDuration == t(15 * 30000 - 15000 - 2002 - 30000, 30000))
        let video = Self.segments(job, .video)
        let d = t(1001, 30000)
        // A/B: clips alternate between two tracks, each starting where the previous ends less the transition.
        #expect(video.map { $0.map(\.targetRange.start) } == [[t(0), t(13, 2) - d, t(23, 2) - d - d], [t(5, 2), t(17, 2) - d - d]])
        #expect(video.map { $0.map { $0.sourceURL?.lastPathComponent ?? "" } } == [["a.mp4", "c.mp4", "c.mp4"], ["b.mp4", "b.mp4"]])
        #expect(video[0][1].targetRange.duration == t(2))
        #expect(video[0][1].sourceRange == TimeRange(start: t(0), end: t(4)))
        #expect(Self.segments(job, .audio).map(\.count) == [3, 2])
    }

    @Test func cutsKeepOneTrack() throws {
        let fixture = try ManifestFixture(Self.manifest("clips: [{ source: a.mp4, to: 2s }, { source: b.mp4, to: 3s }]"))
        let job = try fixture.job("x")
        #expect(job.expectedDuration == t(5))
        #expect(Self.segments(job, .video).map { $0.map(\.targetRange) } == [[TimeRange(start: t(0), end: t(2)), TimeRange(start: t(2), end: t(5))]])
    }

    /// Two 4 s clips joined by a 1 s transition: the overlap is [3 s, 4 s).
    func twoClips(_ kind: String) throws -> (Job, incoming: LayerInstruction, outgoing: LayerInstruction, VideoCompositionInstruction) {
        let fixture = try ManifestFixture(Self.manifest("""
            transition: { type: \(kind), duration: 1s }
            clips: [{ source: a.mp4, to: 4s }, { source: b.mp4, to: 4s }]
            """))
        let job = try fixture.job("x")
        #expect(job.expectedDuration == t(7))
        let video = try #require(job.videoComposition)
        let instruction = try #require(video.instruction(at: t(7, 2)))
        #expect(instruction.timeRange == TimeRange(start: t(3), end: t(4)))
        let tracks = job.composition.tracks(withMediaType: .video).map(\.trackID)
        let outgoing = try #require(instruction.layerInstruction(forTrackID: tracks[0]))
        let incoming = try #require(instruction.layerInstruction(forTrackID: tracks[1]))
        return (job, incoming, outgoing, instruction)
    }

    @Test func crossfadeRampsOneLayerOverTheOverlap() throws {
        let (job, incoming, outgoing, instruction) = try twoClips("crossfade")
        #expect(instruction.layerInstructions.count == 2)
        // The upper layer is ramped; the other stays opaque underneath.
        let ramped = instruction.layerInstructions[0]
        #expect(ramped.opacity(at: t(3)) + ramped.opacity(at: t(4)) == 1)
        #expect(ramped.opacity(at: t(7, 2)) == 0.5)
        #expect(instruction.layerInstructions[1].opacity(at: t(7, 2)) == 1)
        #expect([incoming.opacity(at: t(13, 4)), outgoing.opacity(at: t(13, 4))].sorted() == [0.25, 1]
            || [incoming.opacity(at: t(13, 4)), outgoing.opacity(at: t(13, 4))].sorted() == [0.75, 1])
        // The audio crossfades over the same second.
        let audio = job.composition.tracks(withMediaType: .audio).map(\.trackID)
        #expect(job.audioMix.volume(ofTrack: audio[0], at: t(7, 2)) == 0.5)
        #expect(job.audioMix.volume(ofTrack: audio[1], at: t(7, 2)) == 0.5)
        #expect(job.audioMix.volume(ofTrack: audio[0], at: t(2)) == 1)
        #expect(job.audioMix.volume(ofTrack: audio[1], at: t(5)) == 1)
    }

    @Test func fadeDipsToTheBackgroundAtTheMidpoint() throws {
        let (_, incoming, outgoing, _) = try twoClips("fade")
        #expect(outgoing.opacity(at: t(3)) == 1)
        #expect(outgoing.opacity(at: t(13, 4)) == 0.5)
        #expect(outgoing.opacity(at: t(7, 2)) == 0)
        #expect(incoming.opacity(at: t(13, 4)) == 0)
        #expect(incoming.opacity(at: t(7, 2)) == 0)
        #expect(incoming.opacity(at: t(15, 4)) == 0.5)
        #expect(incoming.opacity(at: t(4)) == 1)
    }

    @Test func wipeRampsTheIncomingCrop() throws {
        let (_, _, _, instruction) = try twoClips("wipe-left")
        let top = instruction.layerInstructions[0]
        #expect(top.cropRectangle(at: t(3)) == Rect(x: 1280, y: 0, width: 0, height: 720))
        #expect(top.cropRectangle(at: t(7, 2)) == Rect(x: 640, y: 0, width: 640, height: 720))
    }

    @Test func transitionLongerThanItsClips() throws {
        let fixture = try ManifestFixture(Self.manifest("""
            transition: { type: crossfade, duration: 2s }
            clips: [{ source: a.mp4, to: 4s }, { source: b.mp4, to: 1.5s }]
            """))
        let problem = try fixture.problem("x")
        #expect(problem.stage == "load")
        #expect(fixture.relative(problem.description) == """
            manifest.yaml:6:50: error: crossfade of 2s is longer than the clips it joins allow (1.5s); shorten the transition or lengthen the clips
                clips: [{ source: a.mp4, to: 4s }, { source: b.mp4, to: 1.5s }]
                                                             ^
            """)
    }

    @Test(arguments: [
        ("{ source: a.mp4, from: 8s, to: 12s }", "probe", """
            manifest.yaml:5:44: error: clip asks for 8s-12s of file 'a.mp4' but it is only 10s long
                clips: [{ source: a.mp4, from: 8s, to: 12s }]
                                                       ^
            """),
        ("{ source: a.mp4, from: 11s }", "probe", """
            manifest.yaml:5:36: error: clip starts at 11s but file 'a.mp4' is only 10s long
                clips: [{ source: a.mp4, from: 11s }]
                                               ^
            """),
        ("{ source: media/gone.mp4, to: 1s }", "load", """
            manifest.yaml:5:23: error: source 'media/gone.mp4' not found (resolved to 'media/gone.mp4'); used by output 'x'
                clips: [{ source: media/gone.mp4, to: 1s }]
                                  ^
            """),
        ("broken.mp4", "probe", """
            manifest.yaml:5:13: error: source 'broken.mp4' cannot be read: no media known for 'broken.mp4'; used by output 'x'
                clips: [broken.mp4]
                        ^
            """),
    ])
    func sourceProblemsFailTheOutput(clip: String, stage: String, expected: String) throws {
        let fixture = try ManifestFixture(Self.manifest("clips: [\(clip)]"))
        try fixture.write("broken.mp4", "")
        let set = fixture.load()
        let result = try #require(try fixture.build(set)["x"])
        guard case .failure(let problem) = result else {
            Issue.record("expected a problem")
            return
        }
        #expect(problem.stage == stage)
        #expect(problem.output == "x")
        #expect(fixture.relative(problem.description) == expected)
    }

    @Test func anotherOutputAsASource() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            outputs:
              - { name: promo, clips: [{ source: a.mp4, to: 6s }, { source: b.mp4, to: 3s }] }
              - { name: teaser, preset: draft, clips: [{ source: { output: promo }, from: 1s, to: 5s }] }
            """)
        let set = fixture.load()
        let promo = try #require(try? fixture.build(set)["promo"]?.get())
        let teaser = try fixture.job("teaser")
        #expect(promo.dependencies == [])
        #expect(teaser.dependencies == ["promo"])
        #expect(teaser.sourceFiles == [])
        #expect(promo.sourceFiles == [fixture.path("a.mp4"), fixture.path("b.mp4")])
        #expect(teaser.expectedDuration == t(4))
        let segment = try #require(Self.segments(teaser, .video).first?.first)
        #expect(segment.sourceURL?.path == promo.outputPath)
        #expect(segment.sourceRange == TimeRange(start: t(1), end: t(5)))
        #expect(promo.outputPath == fixture.path("out/promo.mp4"))
    }

    @Test func outputUsedBeforeItIsBuiltIsAProblem() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            outputs:
              - { name: teaser, clips: [{ source: { output: promo } }] }
              - { name: promo, clips: [a.mp4] }
            """)
        let problem = try fixture.problem("teaser")
        #expect(fixture.relative(problem.description) == """
            manifest.yaml:3:39: error: output 'promo' could not be planned, so 'teaser' cannot use it
              - { name: teaser, clips: [{ source: { output: promo } }] }
                                                  ^
            """)
    }

    @Test func audioOnlyPresetHasNoVideoComposition() throws {
        let fixture = try ManifestFixture(Self.manifest("clips: [{ source: a.mp4, to: 3s }, bed.m4a]", preset: "audio-only"))
        let job = try fixture.job("x")
        #expect(job.videoComposition == nil)
        #expect(job.composition.tracks(withMediaType: .video).isEmpty)
        #expect(job.expectedDuration == t(7))
        #expect(Self.segments(job, .audio).map(\.count) == [2])
        #expect(job.outputPath == fixture.path("out/x.m4a"))
    }

    @Test(arguments: [("{ source: logo.png, duration: 3s }", t(3)), ("logo.png", t(5)), ("{ source: logo.png, to: 2s }", t(2))])
    func stillImageClip(clip: String, duration: MediaTime) throws {
        let fixture = try ManifestFixture(Self.manifest("clips: [\(clip), { source: a.mp4, to: 1s }]"))
        let job = try fixture.job("x")
        #expect(job.expectedDuration == duration + t(1))
        let video = try #require(Self.segments(job, .video).first)
        #expect(video.map(\.targetRange) == [TimeRange(start: .zero, duration: duration), TimeRange(start: duration, duration: t(1))])
        #expect(video.first?.sourceRange == TimeRange(start: .zero, duration: duration))
        // The still has no sound: only the video clip is on the audio track.
        #expect(Self.segments(job, .audio).map { $0.map(\.targetRange.start) } == [[duration]])
    }

    @Test func generatorsNeedNoFiles() throws {
        let fixture = try ManifestFixture(Self.manifest("""
            clips:
              - { source: { generate: testpattern, duration: 2s, size: 640x360 } }
              - { source: { generate: tone, duration: 1s } }
            """))
        let job = try fixture.job("x", media: [:])
        #expect(job.expectedDuration == t(3))
        #expect(job.sourceFiles == [])
        #expect(Self.segments(job, .video).map(\.count) == [1])
        #expect(Self.segments(job, .audio).map(\.count) == [2])
    }
}
