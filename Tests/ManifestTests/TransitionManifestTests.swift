import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Per-cut transitions and the transition library, from manifest to ramps and instruction effects (fake probe:
/// 1280x720 clips filling a 1920x1080 canvas).
struct TransitionManifestTests {
    /// Two 4 s clips joined by `transition`; the overlap is [3 s, 4 s).
    static func twoClips(_ transition: String) throws -> (job: Job, instruction: VideoCompositionInstruction,
                                                         incoming: LayerInstruction, outgoing: LayerInstruction) {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            transition: \(transition)
            clips: [{ source: a.mp4, to: 4s }, { source: b.mp4, to: 4s }]
            """))
        let job = try fixture.job("x")
        let video = try #require(job.videoComposition)
        let instruction = try #require(video.instruction(at: t(7, 2)))
        let tracks = job.composition.tracks(withMediaType: .video).map(\.trackID)
        let outgoing = try #require(instruction.layerInstruction(forTrackID: tracks[0]))
        let incoming = try #require(instruction.layerInstruction(forTrackID: tracks[1]))
        return (job, instruction, incoming, outgoing)
    }

    /// Where `transform` puts the source's top-left corner.
    static func origin(_ transform: AffineTransform2D) -> [Double] {
        let point = transform.apply(x: 0, y: 0)
        return [point.x, point.y].map { ($0 * 1000).rounded() / 1000 }
    }

    @Test func theExistingStylesKeepTheirRamps() throws {
        let right = try Self.twoClips("{ type: wipe-right, duration: 1s }")
        #expect(right.instruction.layerInstructions.first?.trackID == right.incoming.trackID)
        #expect(right.incoming.cropRectangle(at: t(3)) == Rect(x: 0, y: 0, width: 0, height: 720))
        #expect(right.incoming.cropRectangle(at: t(13, 4)) == Rect(x: 0, y: 0, width: 320, height: 720))
        let left = try Self.twoClips("{ type: slide-left, duration: 1s }")
        #expect(Self.origin(left.incoming.transform(at: t(3))) == [1920, 0])
        #expect(Self.origin(left.incoming.transform(at: t(7, 2))) == [960, 0])
        #expect(Self.origin(left.outgoing.transform(at: t(7, 2))) == [0, 0])
        let slideRight = try Self.twoClips("{ type: slide-right, duration: 1s }")
        #expect(Self.origin(slideRight.incoming.transform(at: t(13, 4))) == [-1440, 0])
        #expect(slideRight.instruction.transitionEffect == nil)
    }

    @Test(arguments: [
        // style, incoming origin at a quarter, outgoing origin at a quarter
        ("push-left", [1440.0, 0], [-480.0, 0]), ("push-right", [-1440.0, 0], [480.0, 0]),
        ("push-up", [0.0, 810], [0.0, -270]), ("push-down", [0.0, -810], [0.0, 270]),
        ("slide-up", [0.0, 810], [0.0, 0]), ("slide-down", [0.0, -810], [0.0, 0]),
    ])
    func slidesAndPushesMoveByTheCanvas(style: String, incoming: [Double], outgoing: [Double]) throws {
        let joined = try Self.twoClips("{ type: \(style), duration: 1s }")
        #expect(Self.origin(joined.incoming.transform(at: t(13, 4))) == incoming)
        #expect(Self.origin(joined.outgoing.transform(at: t(13, 4))) == outgoing)
        #expect(joined.instruction.layerInstructions.first?.trackID == joined.incoming.trackID)
        #expect(Self.origin(joined.incoming.transform(at: t(4))) == [0, 0])
    }

    @Test func verticalWipesRampTheIncomingCrop() throws {
        let up = try Self.twoClips("{ type: wipe-up, duration: 1s }")
        #expect(up.incoming.cropRectangle(at: t(13, 4)) == Rect(x: 0, y: 540, width: 1280, height: 180))
        let down = try Self.twoClips("{ type: wipe-down, duration: 1s }")
        #expect(down.incoming.cropRectangle(at: t(7, 2)) == Rect(x: 0, y: 0, width: 1280, height: 360))
    }

    @Test func zoomsScaleAboutTheCentreAndFade() throws {
        let zoomIn = try Self.twoClips("{ type: zoom-in, duration: 1s }")
        // The outgoing clip on top, grown 1.5x about the centre at half time, half transparent.
        #expect(zoomIn.instruction.layerInstructions.first?.trackID == zoomIn.outgoing.trackID)
        #expect(Self.origin(zoomIn.outgoing.transform(at: t(7, 2))) == [-480, -270])
        #expect(zoomIn.outgoing.opacity(at: t(7, 2)) == 0.5)
        #expect(zoomIn.incoming.opacity(at: t(7, 2)) == 1)
        let zoomOut = try Self.twoClips("{ type: zoom-out, duration: 1s }")
        #expect(zoomOut.instruction.layerInstructions.first?.trackID == zoomOut.incoming.trackID)
        #expect(Self.origin(zoomOut.incoming.transform(at: t(3))) == [-960, -540])
        #expect(zoomOut.incoming.opacity(at: t(13, 4)) == 0.25)
    }

    @Test func easedCrossfadeFollowsItsCurve() throws {
        let joined = try Self.twoClips("{ type: crossfade, duration: 1s, ease: ease-in }")
        let top = try #require(joined.instruction.layerInstructions.first)
        let fading = top.trackID == joined.incoming.trackID ? top.opacity(at: t(7, 2)) : 1 - top.opacity(at: t(7, 2))
        #expect(abs(fading - TimingFunction.easeIn.progress(0.5)) < 1e-12)
    }

    @Test(arguments: [
        ("iris", VideoTransitionEffect.Kind.iris(closing: false)), ("iris-close", .iris(closing: true)),
        ("clock", .clock), ("blur", .blur), ("wipe-down-right", .wipe(angle: 45)), ("wipe-up-left", .wipe(angle: 225)),
        ("wipe-up-right", .wipe(angle: 315)), ("wipe-down-left", .wipe(angle: 135)),
        ("{ type: dip, color: white }", .dip(color: .white)), ("dip", .dip(color: .black)),
    ])
    func shapedStylesBecomeAnInstructionEffect(style: String, kind: VideoTransitionEffect.Kind) throws {
        let text = style.hasPrefix("{") ? style.replacingOccurrences(of: " }", with: ", duration: 1s, ease: ease-out }")
            : "{ type: \(style), duration: 1s, ease: ease-out }"
        let joined = try Self.twoClips(text)
        let effect = try #require(joined.instruction.transitionEffect)
        #expect(effect == VideoTransitionEffect(kind: kind, outgoingTrackID: joined.outgoing.trackID,
                                                incomingTrackID: joined.incoming.trackID,
                                                timeRange: TimeRange(start: t(3), end: t(4)), timingFunction: .easeOut))
        #expect(joined.instruction.layerInstructions.first?.trackID == joined.incoming.trackID)
        #expect(joined.incoming.opacity(at: t(7, 2)) == 1 && joined.outgoing.opacity(at: t(7, 2)) == 1)
        #expect(joined.job.videoComposition?.problems(for: joined.job.composition).isEmpty == true)
    }

    @Test func lumaWipesReadTheirImageLikeASource() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            transition: { type: luma, image: wipes/heart.png, softness: 0.1, duration: 1s }
            clips: [{ source: a.mp4, to: 4s }, { source: b.mp4, to: 4s }]
            """))
        let job = try fixture.job("x", media: FakeProbe.standard.merging(["wipes/heart.png": FakeProbe.still]) { $1 })
        let effect = try #require(job.videoComposition?.instruction(at: t(7, 2))?.transitionEffect)
        #expect(effect.kind == .luma(image: URL(fileURLWithPath: fixture.path("wipes/heart.png"))))
        #expect(effect.softness == 0.1)
        #expect(job.sourceFiles.contains(fixture.path("wipes/heart.png")))
        let missing = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            transition: { type: luma, image: wipes/gone.png }
            clips: [{ source: a.mp4, to: 4s }, { source: b.mp4, to: 4s }]
            """))
        #expect(missing.relative(try missing.problem("x").description) == """
            manifest.yaml:5:17: error: source 'wipes/gone.png' not found (resolved to 'wipes/gone.png'); used by output 'x'
                transition: { type: luma, image: wipes/gone.png }
                            ^
            """)
    }

    @Test func eachCutTakesTheTransitionOfTheClipBeforeIt() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            intro: { source: c.mp4, to: 2s, transition: { type: fade, duration: 0.5s } }
            transition: { type: crossfade, duration: 0.25s }
            clips:
              - { source: a.mp4, to: 3s, transition: { type: wipe-right, duration: 1s } }
              - { source: b.mp4, to: 3s }
              - { source: a.mp4, to: 3s, transition: iris }
            outro: { source: c.mp4, to: 2s, transition: { type: slide-left, duration: 1s } }
            """))
        let job = try fixture.job("x")
        #expect(job.cuts.map(\.transition.kind) == [.fade, .wiperight, .crossfade, .iris])
        // 2 + 3 + 3 + 3 + 2 = 13, less 0.5, 1, 0.25 and 0.5 (the last clip's iris wins over the outro's slide).
        #expect(job.expectedDuration == t(43, 4))
        #expect(job.cuts.map(\.at) == [t(3, 2), t(7, 2), t(25, 4), t(35, 4)])
        let video = try #require(job.videoComposition)
        #expect(video.instruction(at: t(4))?.transitionEffect == nil)
        #expect(video.instruction(at: t(9))?.transitionEffect?.kind == .iris(closing: false))
        // Without a transition of its own the last clip takes the outro's.
        let plain = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: a.mp4, to: 3s }]
            outro: { source: c.mp4, to: 2s, transition: { type: slide-left, duration: 1s } }
            """))
        #expect(try plain.job("x").cuts.map(\.transition.kind) == [.slideleft])
    }

    @Test(arguments: [
        // The intro and the outro are the parts a batch repeats; the clips between them are not shareable.
        ("intro: { source: c.mp4, to: 2s }\nclips: [{ source: a.mp4, to: 3s }]\noutro: { source: c.mp4, to: 2s }",
         [TimeRange(start: t(0), duration: t(2)), TimeRange(start: t(5), duration: t(2))]),
        ("intro: { source: c.mp4, to: 2s, transition: { type: crossfade, duration: 0.5s } }\nclips: [{ source: a.mp4, to: 3s }]",
         [TimeRange(start: t(0), duration: t(2))]),
        ("clips: [{ source: a.mp4, to: 3s }]\noutro: { source: c.mp4, to: 2s, transition: { type: crossfade, duration: 0.5s } }",
         [TimeRange(start: t(5, 2), duration: t(2))]),
        ("clips: [{ source: a.mp4, to: 3s }, { source: b.mp4, to: 3s }]", []),
    ] as [(String, [TimeRange])])
    func introAndOutroAreTheShareableRanges(template: String, expected: [TimeRange]) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest(template))
        #expect(try fixture.job("x").shareableRanges == expected)
    }

    @Test(arguments: [
        ("transition: { type: wipe-left, color: white }",
         "manifest.yaml:5:43: error: 'color' is for 'dip' transitions, not 'wipe-left'"),
        ("transition: { type: crossfade, softness: 0.2 }",
         "manifest.yaml:5:46: error: 'softness' is for the shaped transitions ('wipe-up-left', 'wipe-up-right', "
            + "'wipe-down-left', 'wipe-down-right', 'iris', 'iris-close', 'clock', 'luma'), not 'crossfade'"),
        ("transition: { type: iris, softness: 2 }", "manifest.yaml:5:41: error: 'softness' must be from 0 to 1, not 2"),
        ("transition: luma",
         "manifest.yaml:5:17: error: a 'luma' transition needs 'image', a grayscale picture; write '{ type: luma, image: wipes/heart.png }'"),
        ("transition: { type: luma, duration: 1s }",
         "manifest.yaml:5:17: error: a 'luma' transition needs 'image', a grayscale picture such as 'wipes/heart.png'"),
        ("transition: { type: clock, image: heart.png }", "manifest.yaml:5:39: error: 'image' is for 'luma' transitions, not 'clock'"),
        ("transition: { type: luma, image: { generate: testpattern, duration: 1s } }",
         "manifest.yaml:5:38: error: the 'image' of a 'luma' transition must be a picture file, not a generator 'testpattern'"),
        ("transition: { type: push-lfet }", "manifest.yaml:5:25: error: unknown transition 'push-lfet'; did you mean 'push-left'?"),
        ("transition: { type: dip, colour: red }", "manifest.yaml:5:30: error: unknown key 'colour' in transition; did you mean 'color'?"),
        ("clips: [ { source: a.mp4, transition: clock } ]",
         "manifest.yaml:5:43: error: the last clip's 'transition' joins it to nothing; a clip's transition leads into the next clip (or the outro)"),
    ])
    func transitionMistakesAreReportedWhereTheyAreWritten(line: String, expected: String) throws {
        let body = line.hasPrefix("clips") ? line : line + "\nclips: [ a.mp4, b.mp4 ]"
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest(body))
        let messages = fixture.messages(fixture.load()).split(separator: "\n").map(String.init)
        #expect(messages.first == expected, "\(messages)")
    }
}
