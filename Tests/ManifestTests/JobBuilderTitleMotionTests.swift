import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Titles with `motion`: keyframes about the point the title is placed by, entrances folded into the motion.
struct JobBuilderTitleMotionTests {
    static func layer(_ title: String) throws -> TextLayer {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: a.mp4, to: 6s }]
            title: \(title)
            """))
        return try #require(try fixture.job("x").videoComposition?.textLayers.first)
    }

    static func expect(_ transform: AffineTransform2D, maps point: (Double, Double), to expected: (Double, Double),
                       _ label: String) {
        let moved = transform.apply(x: point.0, y: point.1)
        let error: Double = max(abs(moved.x - expected.0), abs(moved.y - expected.1))
        #expect(error < 1e-6, "\(label): \(moved)")
    }

    @Test func aBottomTitleScalesAboutItsOwnPoint() throws {
        let layer = try Self.layer("{ text: Hi, at: 1s, duration: 2s, motion: [{ at: start, scale: 1 }, { at: end, scale: 2 }] }")
        let motion = try #require(layer.motion)
        // Placed by its bottom centre, 5% above the bottom of 1920x1080: (960, 1026) stays, the rest grows from it.
        for time in [t(1), t(2), t(3)] { Self.expect(motion.transform(at: time), maps: (960, 1026), to: (960, 1026), "\(time)") }
        Self.expect(motion.transform(at: t(2)), maps: (0, 1026), to: (-480, 1026), "half way")
        Self.expect(motion.transform(at: t(3)), maps: (960, 0), to: (960, -1026), "at the end")
    }

    @Test func keyframePositionsPutTheTitlesPointOnTheCanvas() throws {
        let layer = try Self.layer("""
            { text: Hi, position: top-left, motion: [{ at: start, x: 10%, y: 50% }, { at: 1s, x: 90%, y: 50%, ease: ease-in-out }] }
            """)
        let motion = try #require(layer.motion)
        // The top-left title's point (96, 54) goes to (192, 540), then to (1728, 540) by 1 s, eased.
        Self.expect(motion.transform(at: .zero), maps: (96, 54), to: (192, 540), "start")
        Self.expect(motion.transform(at: t(1)), maps: (96, 54), to: (1728, 540), "1 s")
        Self.expect(motion.transform(at: t(1, 2)), maps: (96, 54), to: (960, 540), "half way")
        // Linear would be a quarter of the way at 0.25 s; ease-in-out is well short of it.
        let quarter: Double = motion.transform(at: t(1, 4)).apply(x: 96, y: 54).x
        #expect(quarter < 192 + (1728 - 192) / 4 - 100, "at 0.25 s: \(quarter)")
    }

    @Test func entrancesJoinTheMotionAndATypewriterStillTypes() throws {
        let fading = try Self.layer("""
            { text: Hi, duration: 4s, enter: fade, exit: { type: slide-left, duration: 1s }, motion: [{ at: end, rotate: 10 }] }
            """)
        #expect(fading.animation == .none && fading.exit == .none)
        let motion = try #require(fading.motion)
        #expect(motion.opacity(at: .zero) == 0 && motion.opacity(at: t(1)) == 1)
        #expect(motion.transform(at: t(4)).tx < -1000, "left past the left edge: \(motion.transform(at: t(4)))")
        let typing = try Self.layer("{ text: Hi, enter: typewriter, motion: [{ at: end, scale: 1.1 }] }")
        #expect(typing.animation == .typewriter(duration: t(1, 2)) && typing.motion != nil)
    }

    @Test func keyframesOutsideTheTitleAreErrors() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: a.mp4, to: 6s }]
            title: { text: Hi, duration: 1s, motion: [{ at: 2s, scale: 2 }] }
            """))
        let problem = try fixture.problem("x")
        #expect(fixture.relative(problem.description).split(separator: "\n").first.map(String.init)
                == "manifest.yaml:6:47: error: keyframe at 2s is outside the item, which lasts 1s; use a time from 0s to 1s, 'start' or 'end'")
    }
}
