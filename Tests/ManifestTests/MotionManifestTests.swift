import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// `motion` keyframes, `zoom`, `pan`, `enter` and `exit` from manifest to layer ramps, with a fake probe: a 1280x720
/// clip contained in a 1920x1080 canvas is fitted at 1.5x, filling it.
struct MotionManifestTests {
    /// The only clip layer of the job's first instruction.
    static func layer(_ job: Job) throws -> LayerInstruction {
        try #require(job.videoComposition?.instructions.first?.layerInstructions.last)
    }

    /// Where `transform` puts the source point (`x`, `y`), rounded to thousandths.
    static func point(_ transform: AffineTransform2D, _ x: Double, _ y: Double) -> [Double] {
        let p = transform.apply(x: x, y: y)
        return [p.x, p.y].map { ($0 * 1000).rounded() / 1000 }
    }

    static func job(_ body: String, preset: String = "{ base: web-1080p, video: { upscale: true } }") throws -> Job {
        try ManifestFixture(JobBuilderTimelineTests.manifest(body, preset: preset)).job("x")
    }

    @Test func zoomAboutACornerKeepsTheCornerAndScalesFromTheFittedPicture() throws {
        let job = try Self.job("""
            clips:
              - { source: a.mp4, to: 4s, motion: [ { at: start, scale: 1, anchor: top-left }, { at: 2s, scale: 2 } ] }
            """)
        let layer = try Self.layer(job)
        // Fitted: source (1280, 720) lands at (1920, 1080); doubled about the top-left corner it lands at (3840, 2160).
        #expect(Self.point(layer.transform(at: t(0)), 1280, 720) == [1920, 1080])
        #expect(Self.point(layer.transform(at: t(1)), 1280, 720) == [2880, 1620])
        #expect(Self.point(layer.transform(at: t(2)), 1280, 720) == [3840, 2160])
        #expect(Self.point(layer.transform(at: t(3)), 1280, 720) == [3840, 2160])
        for time in [t(0), t(1), t(3)] { #expect(Self.point(layer.transform(at: time), 0, 0) == [0, 0]) }
        // One ramp for the segment, then the value held.
        #expect(layer.transformRamps.count == 2)
    }

    @Test func easeInOutIsAtItsMidpointAtHalfTimeAndSlowerThanLinearNearTheEnds() throws {
        let job = try Self.job("""
            clips: [ { source: a.mp4, to: 2s, motion: [ { at: start, x: 0% }, { at: end, x: 100%, ease: ease-in-out } ] } ]
            """)
        let layer = try Self.layer(job)
        // The picture's centre moves from the canvas's left edge (x 0) to its right edge (x 1920).
        func centre(_ time: MediaTime) -> Double { layer.transform(at: time).apply(x: 640, y: 360).x }
        #expect(abs(centre(t(1)) - 960) < 1e-6)
        #expect(centre(t(1, 5)) < 1920 * 0.1 / 2)
        #expect(centre(t(9, 5)) > 1920 - 1920 * 0.1 / 2)
        #expect(layer.transformRamp(at: t(1))?.timingFunction == .easeInOut)
    }

    @Test func positionsScaleRotationCropAndOpacityKeyframes() throws {
        let job = try Self.job("""
            clips:
              - source: a.mp4
                to: 3s
                motion:
                  - { at: start, scale: 0.5, x: 25%, y: 270, opacity: 0.5 }
                  - { at: 1s, rotate: 90, crop: { x: 0, y: 0, width: 50%, height: 50% } }
                  - { at: -1s, opacity: 1 }
                  - { at: 100%, anchor: { x: 0%, y: 0% } }
            """)
        let layer = try Self.layer(job)
        // The centre of the picture at (480, 270), half size.
        #expect(Self.point(layer.transform(at: t(0)), 640, 360) == [480, 270])
        #expect(Self.point(layer.transform(at: t(0)), 1280, 720) == [960, 540])
        // Turned a quarter clockwise by 1 s: the top-right corner goes to the bottom right of the centre.
        #expect(Self.point(layer.transform(at: t(1)), 1280, 0) == [480 + 270, 270 + 480])
        // Half way through the turn (a frame time), exactly 45 degrees: a turn is computed at every frame.
        let half = layer.transform(at: t(1, 2))
        #expect(abs(half.a - 0.75 * cos(Double.pi / 4)) < 1e-12 && abs(half.b - 0.75 * sin(Double.pi / 4)) < 1e-12)
        #expect(layer.cropRectangle(at: t(1)) == Rect(x: 0, y: 0, width: 640, height: 360))
        #expect(layer.cropRectangle(at: t(1, 2)) == Rect(x: 0, y: 0, width: 960, height: 540))
        #expect(layer.opacity(at: t(1)) == 0.5)
        #expect(layer.opacity(at: t(3, 2)) == 0.75)
        #expect(layer.opacity(at: t(5, 2)) == 1)
        #expect(layer.opacity(at: t(3)) == 1)
    }

    @Test func zoomAndPanShorthands() throws {
        let zoomed = try Self.layer(try Self.job("clips: [ { source: a.mp4, to: 2s, zoom: in } ]"))
        #expect(Self.point(zoomed.transform(at: t(0)), 0, 0) == [0, 0])
        #expect(Self.point(zoomed.transform(at: t(2)), 0, 0) == [-192, -108])
        #expect(Self.point(zoomed.transform(at: t(1)), 640, 360) == [960, 540])
        let out = try Self.layer(try Self.job("clips: [ { source: a.mp4, to: 2s, zoom: { from: 1.5, to: 1, anchor: bottom-right } } ]"))
        #expect(Self.point(out.transform(at: t(0)), 1280, 720) == [1920, 1080])
        #expect(Self.point(out.transform(at: t(0)), 0, 0) == [-960, -540])
        let panned = try Self.layer(try Self.job("clips: [ { source: a.mp4, to: 2s, pan: { from: left, to: right } } ]"))
        // 1.2x: the left edge stays at x 0 at the start, the right edge at 1920 at the end.
        #expect(Self.point(panned.transform(at: t(0)), 0, 360) == [0, 540])
        #expect(Self.point(panned.transform(at: t(2)), 1280, 360) == [1920, 540])
        #expect(Self.point(panned.transform(at: t(1)), 640, 360) == [960, 540])
        #expect(panned.transformRamps.count == 1)
    }

    @Test func motionAndTransitionsCombineAtEveryFrame() throws {
        // The middle clip zooms in over its 3 s while a crossfade brings it in and a push takes it out.
        let job = try Self.job("""
            clips:
              - { source: a.mp4, to: 2s, transition: { type: crossfade, duration: 1s } }
              - { source: b.mp4, to: 3s, zoom: in, transition: { type: push-left, duration: 1s } }
              - { source: c.mp4, to: 2s }
            """)
        let video = try #require(job.videoComposition)
        let middle = job.composition.tracks(withMediaType: .video)[1].trackID
        func layer(_ time: MediaTime) throws -> LayerInstruction {
            try #require(video.instruction(at: time)?.layerInstruction(forTrackID: middle))
        }
        // The clip runs from 1 s to 4 s; at 1.5 s (a sixth of the zoom) it is 1 + 0.2 / 6 times its fitted size.
        let early = try layer(t(3, 2))
        let scale = 1 + 0.2 / 6
        #expect(abs(early.transform(at: t(3, 2)).a - 1.5 * scale) < 1e-9)
        // The crossfade ramps the upper layer, the first clip's (track 1): it is half gone, the zooming clip opaque.
        let first = try #require(video.instruction(at: t(3, 2))?.layerInstructions.first)
        #expect(first.trackID != middle && first.opacity(at: t(3, 2)) == 0.5)
        #expect(early.opacity(at: t(3, 2)) == 1)
        // At 3.5 s (five sixths of the zoom) it is pushed half a canvas to the left, about its zoomed centre.
        let late = try layer(t(7, 2))
        let zoom = 1 + 0.2 * 5 / 6
        let centre = late.transform(at: t(7, 2)).apply(x: 640, y: 360)
        #expect(abs(centre.x - (960 - 960)) < 1e-6 && abs(centre.y - 540) < 1e-6)
        #expect(abs(late.transform(at: t(7, 2)).a - 1.5 * zoom) < 1e-9)
    }

    @Test func overlayEntersAndExits() throws {
        let job = try Self.job("""
            clips: [ { source: a.mp4, to: 4s } ]
            overlays:
              - { image: logo.png, region: { x: 100, y: 100, width: 400 }, at: 1s, duration: 2s,
                  enter: slide-left, exit: { type: fade, duration: 1s, ease: linear } }
            """)
        let layer = try #require(job.videoComposition?.instructions.first { $0.timeRange.contains(t(1)) }?.layerInstructions.first)
        // Enters from beyond the right edge: its left edge (x 100) starts at 1920.
        #expect(Self.point(layer.transform(at: t(1)), 0, 0) == [1920, 100])
        #expect(Self.point(layer.transform(at: t(3, 2)), 0, 0) == [100, 100])
        #expect(layer.transformRamp(at: t(1))?.timingFunction == .easeOut)
        #expect(layer.opacity(at: t(2)) == 1)
        #expect(layer.opacity(at: t(5, 2)) == 0.5)
    }

    @Test func popOvershootsAndZoomFades() throws {
        let job = try Self.job("""
            tracks: [ { segments: [ { source: a.mp4, to: 2s } ] } ]
            layers: [ { track: 1, region: { x: 0, y: 0, width: 50% }, enter: pop, exit: { type: zoom, duration: 1s } } ]
            """)
        let layer = try Self.layer(job)
        // Contained in 960x540 at the top left; pop grows it from its centre (480, 270).
        #expect(layer.transform(at: t(0)).a == 0)
        let widths = (0...15).map { layer.transform(at: t(Int64($0), 30)).a / 0.75 }
        #expect((widths.max() ?? 0) > 1.05, "pop overshoots: \(widths)")
        #expect(abs(layer.transform(at: t(1, 2)).a - 0.75) < 1e-12)
        #expect(Self.point(layer.transform(at: t(1, 4)), 640, 360) == [480, 270])
        // Zoom out over the last second: half size and transparent at the end, eased in.
        #expect(abs(layer.transform(at: t(2)).a - 0.375) < 1e-12)
        #expect(layer.opacity(at: t(2)) == 0)
        #expect(layer.opacity(at: t(3, 2)) > 0.5)
    }

    @Test(arguments: [
        ("motion: [ { at: 5s, scale: 2 } ]",
         "manifest.yaml:5:49: error: keyframe at 5s is outside the item, which lasts 2s; use a time from 0s to 2s, 'start' or 'end'"),
        ("motion: [ { at: 1s, scale: 2 }, { at: 50%, scale: 1 }, { at: 10%, scale: 3 } ]",
         "manifest.yaml:5:94: error: keyframe at 0.2s comes before the previous one at 1s; list keyframes in time order"),
    ])
    func keyframesThatDoNotFitTheClipFailTheOutput(motion: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [ { source: a.mp4, to: 2s, \(motion) } ]"))
        let problem = try fixture.problem("x")
        let lines = fixture.relative(problem.description).split(separator: "\n")
        #expect(lines.first.map(String.init) == expected)
    }

    @Test(arguments: [
        ("clips: [ { source: a.mp4, motion: [ { at: 1s, scale: big } ] } ]",
         "manifest.yaml:5:58: error: 'scale' must be a number, not 'big'"),
        ("clips: [ { source: a.mp4, motion: [ { scale: 2 } ] } ]", "manifest.yaml:5:41: error: keyframe needs 'at'"),
        ("clips: [ { source: a.mp4, motion: [ { at: 1s, zoom: 2 } ] } ]",
         "manifest.yaml:5:51: error: unknown key 'zoom' in keyframe"),
        ("clips: [ { source: a.mp4, motion: [] } ]",
         "manifest.yaml:5:39: error: 'motion' needs at least one keyframe such as '{ at: end, scale: 1.2 }'"),
        ("clips: [ { source: a.mp4, motion: [ { at: 1s, ease: ease-inout } ] } ]",
         "manifest.yaml:5:57: error: unknown ease 'ease-inout'; did you mean 'ease-in-out'?"),
        ("clips: [ { source: a.mp4, motion: [ { at: 1s, ease: \"cubic-bezier(2, 0, 1, 1)\" } ] } ]",
         "manifest.yaml:5:57: error: invalid ease 'cubic-bezier(2, 0, 1, 1)'; write 'cubic-bezier(x1, y1, x2, y2)' with four numbers, x1 and x2 from 0 to 1"),
        ("clips: [ { source: a.mp4, motion: [ { at: 1s, anchor: { x: 10, y: 50% } } ] } ]",
         "manifest.yaml:5:64: error: anchor 'x' is a percentage of the picture, such as '30%', not '10px'"),
        ("clips: [ { source: a.mp4, motion: [ { at: 120%, scale: 2 } ] } ]",
         "manifest.yaml:5:47: error: invalid keyframe time '120%'; a percentage of the item's length is from 0% to 100%"),
        ("clips: [ { source: a.mp4, zoom: in, motion: [ { at: 1s } ] } ]",
         "manifest.yaml:5:49: error: 'motion' and 'zoom' both move the picture; use one (write both movements as 'motion' keyframes)"),
        ("clips: [ { source: a.mp4, zoom: sideways } ]", "manifest.yaml:5:37: error: unknown zoom 'sideways'; expected one of 'in', 'out'"),
        ("clips: [ { source: a.mp4, pan: { from: left } } ]", "manifest.yaml:5:36: error: 'pan' needs 'to'"),
        ("clips: [ { source: a.mp4, enter: fade } ]", "manifest.yaml:5:31: error: unknown key 'enter' in clip"),
        ("overlays: [ { image: logo.png, region: { width: 10% }, enter: { type: slide-sideways } } ]",
         "manifest.yaml:5:75: error: unknown enter 'slide-sideways'; expected one of 'slide-left', 'slide-right', 'slide-up', 'slide-down', 'fade', 'pop', 'zoom', 'wipe-left', 'wipe-right', 'wipe-up', 'wipe-down'"),
        ("overlays: [ { image: logo.png, region: { width: 10% }, fade: 1s, exit: fade } ]",
         "manifest.yaml:5:66: error: 'fade' and 'enter' / 'exit' both animate the overlay; write 'enter: fade' and 'exit: fade' instead of 'fade'"),
        ("overlays: [ { image: logo.png, region: { width: 10% }, opacity: [ { at: 0s, value: 1 } ], exit: fade } ]",
         "manifest.yaml:5:69: error: 'opacity' ramps and the opacity in 'motion' / 'enter' / 'exit' both animate the opacity; set it in one place"),
    ])
    func motionMistakesAreReportedWhereTheyAreWritten(line: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest(line))
        let messages = fixture.messages(fixture.load()).split(separator: "\n").map(String.init)
        #expect(messages.first == expected, "\(messages)")
    }

    @Test func motionKeysInsideTemplatesAreChecked() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            templates:
              t:
                clips: [ { source: a.mp4, motion: [ { at: 1s, scael: 2 } ] } ]
                overlays: [ { image: logo.png, region: { width: 10% }, enter: { type: fade, duraton: 1s } } ]
            outputs:
              - { name: x, clips: [ a.mp4 ] }
            """)
        #expect(fixture.messages(fixture.load()) == """
            manifest.yaml:4:51: error: unknown key 'scael' in keyframe; did you mean 'scale'?
                clips: [ { source: a.mp4, motion: [ { at: 1s, scael: 2 } ] } ]
                                                              ^
            manifest.yaml:5:81: error: unknown key 'duraton' in 'enter'; did you mean 'duration'?
                overlays: [ { image: logo.png, region: { width: 10% }, enter: { type: fade, duraton: 1s } } ]
                                                                                            ^
            """)
    }
}
