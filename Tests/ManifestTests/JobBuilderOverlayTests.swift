import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Video overlays (a clip as a picture-in-picture with its own range and sound) and captions that keep clear of
/// overlays at the bottom or top of the frame.
struct JobBuilderOverlayTests {
    @Test func videoOverlayPlaysItsRangeAtItsTimeWithItsSound() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: b.mp4, to: 8s }]
            overlays: [{ video: a.mp4, from: 2s, to: 5s, at: 1s, anchor: bottom-right, region: { width: 30% }, volume: -6dB }]
            soundtrack: { source: bed.m4a, duck: -10dB }
            """))
        let job = try fixture.job("x")
        let pip = try #require(job.composition.tracks(withMediaType: .video).first)
        let shown = pip.segments.filter { !$0.isEmpty }
        #expect(shown.map(\.timeMapping.source) == [TimeRange(start: t(2), end: t(5))])
        #expect(shown.map(\.timeMapping.target) == [TimeRange(start: t(1), end: t(4))])
        let audio = job.composition.tracks(withMediaType: .audio)
        let sound = try #require(audio.first { track in
            track.segments.contains { $0.timeMapping.source == TimeRange(start: t(2), end: t(5)) }
        })
        #expect(sound.segments.filter { !$0.isEmpty }.map(\.timeMapping.target) == [TimeRange(start: t(1), end: t(4))])
        let gain = try #require(job.audioMix.parameters(forTrackID: sound.trackID)).volume(at: t(2))
        #expect(abs(gain - 0.501187) < 1e-5)
        // The bed ducks under the picture-in-picture's voice as under the clips'.
        let bed = try #require(job.audioMix.inputParameters.first { $0.ducking != nil })
        #expect(bed.ducking?.sideChainTrackIDs.contains(sound.trackID) == true)
        // Placed like a logo: bottom right, 4% of the shorter side from the edges.
        let layer = try #require(job.videoComposition?.instructions.first { $0.timeRange.contains(t(2)) }?
            .layerInstructions.first { $0.trackID == pip.trackID })
        let corner = layer.transform(at: t(2)).apply(x: 1280, y: 720)
        #expect(abs(corner.x - (1920 - 43.2)) < 1e-9 && abs(corner.y - (1080 - 43.2)) < 1e-9)
    }

    @Test func mutedVideoOverlayHasNoSoundAndEndsWithItsSource() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: b.mp4, to: 8s }]
            overlays: [{ video: a.mp4, from: 7s, at: 2s, region: { x: 0, y: 0, width: 25% }, mute: true, fade: 0.5s }]
            """))
        let job = try fixture.job("x")
        #expect(job.composition.tracks(withMediaType: .audio).count == 1)
        let pip = try #require(job.composition.tracks(withMediaType: .video).first)
        // 3 s left in the source: shown from 2 s to 5 s, faded out to 0 as it ends.
        #expect(pip.segments.filter { !$0.isEmpty }.map(\.timeMapping.target) == [TimeRange(start: t(2), end: t(5))])
        let layer = try #require(job.videoComposition?.instructions.first { $0.timeRange.contains(t(3)) }?
            .layerInstructions.first { $0.trackID == pip.trackID })
        #expect(layer.opacity(at: t(5)) == 0 && layer.opacity(at: t(4)) == 1)
    }

    @Test func aVideoOverlaysSoundFadesWithAFadingEntranceAndExit() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [{ source: b.mp4, to: 8s }]
            overlays: [{ video: a.mp4, from: 2s, to: 6s, at: 1s, region: { width: 30% }, enter: fade,
                         exit: { type: zoom, duration: 1s }, motion: [{ at: end, x: 80% }] }]
            """))
        let job = try fixture.job("x")
        let track = try #require(job.composition.tracks(withMediaType: .audio).first { track in
            track.segments.contains { $0.timeMapping.source == TimeRange(start: t(2), end: t(6)) }
        })
        let sound = try #require(job.audioMix.parameters(forTrackID: track.trackID))
        // Shown 1-5 s: in over 0.5 s, out over the last 1 s.
        #expect(sound.volume(at: t(1)) == 0 && sound.volume(at: t(3, 2)) == 1)
        #expect(sound.volume(at: t(4)) == 1 && abs(sound.volume(at: t(9, 2)) - 0.5) < 1e-9 && sound.volume(at: t(5)) == 0)
        let pip = try #require(job.composition.tracks(withMediaType: .video).first)
        let layer = try #require(job.videoComposition?.instructions.first { $0.timeRange.contains(t(3)) }?
            .layerInstructions.first { $0.trackID == pip.trackID })
        #expect(layer.transform(at: t(5)).tx > layer.transform(at: t(2)).tx, "it moves right")
    }

    @Test(arguments: [
        ("overlays: [{ image: logo.png, video: a.mp4, region: { width: 10% } }]",
         "manifest.yaml:6:42: error: an overlay sets both 'image' and 'video'; use 'image' for a picture, 'video' for a clip, 'lottie' for an animation"),
        ("overlays: [{ region: { width: 10% } }]",
         "manifest.yaml:6:16: error: overlay needs 'image' (a picture), 'video' (a clip) or 'lottie' (an animation)"),
        ("overlays: [{ image: logo.png, from: 1s, region: { width: 10% } }]",
         "manifest.yaml:6:41: error: 'from' applies to a clip; write 'video:' instead of 'image:' to play one"),
        ("overlays: [{ video: a.mp4, from: 3s, to: 2s, region: { width: 10% } }]",
         "manifest.yaml:6:46: error: 'to' (2s) must be after 'from' (3s)"),
    ])
    func overlayMistakesAreReportedWhereTheyAreWritten(line: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [a.mp4]\n" + line))
        let first = fixture.firstMessage()
        #expect(first == expected)
    }

    @Test(arguments: [
        ("{ video: a.mp4, from: 8s, to: 12s, region: { width: 10% } }",
         "manifest.yaml:6:25: error: overlay asks for 8s-12s of file 'a.mp4' but it is only 10s long"),
        ("{ video: logo.png, region: { width: 10% } }",
         "manifest.yaml:6:25: error: overlay file 'logo.png' is a still picture; show it with 'image'"),
    ])
    func videoOverlaysOutsideTheirSourceFailTheirOutput(overlay: String, expected: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [a.mp4]\noverlays: [\(overlay)]"))
        let problem = try fixture.problem("x")
        #expect(fixture.relative(problem.description).split(separator: "\n").first.map(String.init) == expected)
    }

    /// The caption layers' placements of an output with a logo `overlay` and bottom captions.
    static func captionPlacements(preset: String, overlay: String, position: String = "bottom") throws -> [TextPlacement] {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips: [a.mp4]
            overlays: [\(overlay)]
            captions: { file: subs.srt, position: \(position) }
            """, preset: preset), files: ["subs.srt": JobBuilderTextTests.srt])
        return try #require(try fixture.job("x").videoComposition?.textLayers.map(\.placement))
    }

    /// 1920x1080: the logo's top is 1080 - 43.2 - 96 = 940.8; captions end 1% of 1080 plus their 0.8% box above it.
    static let wide = Rect(x: 96, y: 54, width: 1728, height: 940.8 - (10.8 + 8.64) - 54)
    /// 1080x1920: 10% of the width is 108 px wide, 54 px tall; its top is at 1920 - 43.2 - 54 = 1822.8.
    static let tall = Rect(x: 54, y: 96, width: 972, height: 1822.8 - (10.8 + 15.36) - 96)

    @Test(arguments: [("{ base: web-1080p, video: { upscale: true } }", wide), ("social-vertical", tall)])
    func bottomCaptionsRiseAboveABottomLogoInEveryAspect(preset: String, free: Rect) throws {
        let placements = try Self.captionPlacements(
            preset: preset, overlay: "{ image: logo.png, anchor: bottom-right, region: { width: 10% } }")
        #expect(placements.count == 3)
        for placement in placements {
            guard case let .anchoredIn(anchor, rect) = placement else { Issue.record("\(placement)"); continue }
            #expect(anchor == .bottom)
            for (value, wanted) in [(rect.x, free.x), (rect.y, free.y), (rect.width, free.width), (rect.height, free.height)] {
                #expect(abs(value - wanted) < 1e-9, "\(rect) vs \(free)")
            }
        }
    }

    @Test func captionsKeepBesideATallPictureInPicture() throws {
        // 20% x 80% at the bottom right: x 1492.8, top 172.8, above the middle; the captions keep to its left.
        let placements = try Self.captionPlacements(
            preset: "{ base: web-1080p, video: { upscale: true } }", overlay: "{ video: a.mp4, anchor: bottom-right, region: { width: 20%, height: 80% } }")
        for placement in placements {
            guard case let .anchoredIn(anchor, rect) = placement else { Issue.record("\(placement)"); continue }
            #expect(anchor == .bottom && rect.x == 96 && rect.y == 54 && rect.height == 972)
            #expect(abs(rect.width - (1492.8 - 19.44 - 96)) < 1e-9, "\(rect)")
        }
    }

    @Test func captionsStayPutBesideOverlaysThatAreElsewhereOrAtOtherTimes() throws {
        let elsewhere = try Self.captionPlacements(
            preset: "{ base: web-1080p, video: { upscale: true } }", overlay: "{ image: logo.png, anchor: top-right, region: { width: 10% } }")
        #expect(elsewhere.allSatisfy { $0 == .anchored(.bottom) })
        // Shown from 6 s on, when the last caption (4.5-6 s) has gone.
        let later = try Self.captionPlacements(
            preset: "{ base: web-1080p, video: { upscale: true } }", overlay: "{ image: logo.png, anchor: bottom-left, at: 6s, region: { width: 10% } }")
        #expect(later.allSatisfy { $0 == .anchored(.bottom) })
        // Top captions move below a logo at the top.
        let top = try Self.captionPlacements(
            preset: "{ base: web-1080p, video: { upscale: true } }", overlay: "{ image: logo.png, anchor: top-left, region: { width: 10% } }", position: "top")
        #expect(top.allSatisfy { $0 != .anchored(.top) })
    }
}
