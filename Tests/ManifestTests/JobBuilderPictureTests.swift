import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Job building: crops, fit transforms, overlays, explicit tracks and layers, and the soundtrack's mix.
struct JobBuilderPictureTests {
    static func corners(_ rect: Rect, through transform: AffineTransform2D) -> [Double] {
        let a = transform.apply(x: rect.x, y: rect.y)
        let b = transform.apply(x: rect.x + rect.width, y: rect.y + rect.height)
        return [a.x, a.y, b.x, b.y].map { ($0 * 1000).rounded() / 1000 }
    }

    @Test(arguments: [
        // aspect, crop, fit, the crop used (source pixels), where its corners land on the canvas
        ("16x9", "{ x: 10%, y: 0%, width: 80%, height: 100% }", "stretch", Rect(x: 128, y: 0, width: 1024, height: 720), [0.0, 0, 1920, 1080]),
        ("16x9", "{ x: 10%, y: 0%, width: 80%, height: 100% }", "contain", Rect(x: 128, y: 0, width: 1024, height: 720), [192.0, 0, 1728, 1080]),
        ("16x9", "{ x: 0, y: 0, width: 1280, height: 720 }", "contain", Rect(x: 0, y: 0, width: 1280, height: 720), [0.0, 0, 1920, 1080]),
        ("1x1", "{ x: 0, y: 0, width: 100% }", "contain", Rect(x: 0, y: 0, width: 1280, height: 720), [0.0, 420, 1920, 1500]),
        ("9x16", "{ x: 0, y: 0, width: 100% }", "cover", Rect(x: 437.5, y: 0, width: 405, height: 720), [0.0, 0, 1080, 1920]),
        ("1x1", "{ x: 100px, y: 60, width: 50%, height: 50% }", "cover", Rect(x: 240, y: 60, width: 360, height: 360), [0.0, 0, 1920, 1920]),
    ])
    func cropAndFit(aspect: String, crop: String, fit: String, expectedCrop: Rect, landing: [Double]) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            preset: { base: web-1080p, aspect: "\(aspect)", video: { upscale: true } }
            clips: [{ source: a.mp4, crop: \(crop), fit: \(fit) }]
            """))
        let job = try fixture.job("x")
        let layer = try #require(job.videoComposition?.instructions.first?.layerInstructions.first)
        let used = layer.cropRectangle(at: t(1))
        #expect(used == expectedCrop)
        #expect(Self.corners(used, through: layer.transform(at: t(1))) == landing)
        #expect(job.videoComposition?.renderSize == job.composition.naturalSize)
    }

    @Test func eachClipOnASharedTrackKeepsItsOwnCropAndFit() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            clips:
              - { source: a.mp4, to: 2s, crop: { x: 0, y: 0, width: 50%, height: 50% }, fit: stretch }
              - { source: logo.png, duration: 2s }
            """))
        let job = try fixture.job("x")
        let video = try #require(job.videoComposition)
        #expect(video.instructions.count == 1)
        let layer = try #require(video.instructions.first?.layerInstructions.first)
        #expect(layer.cropRectangle(at: t(1)) == Rect(x: 0, y: 0, width: 640, height: 360))
        #expect(Self.corners(layer.cropRectangle(at: t(1)), through: layer.transform(at: t(1))) == [0, 0, 1920, 1080])
        // The 400x200 still, contained: 2:1 on 16:9 letterboxes top and bottom.
        #expect(layer.cropRectangle(at: t(3)) == Rect(x: 0, y: 0, width: 400, height: 200))
        #expect(Self.corners(layer.cropRectangle(at: t(3)), through: layer.transform(at: t(3))) == [0, 60, 1920, 1020])
    }

    @Test func overlayIsTheTopTrackInItsRegion() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            background: "#204060"
            overlays:
              - { image: logo.png, region: { x: 88%, y: 4%, width: 8% }, opacity: 0.8 }
              - { image: logo.png, region: { x: 10, y: 20, height: 100 }, at: 1s, duration: 4s, fade: 1s }
            transition: { type: crossfade, duration: 1s }
            clips: [{ source: a.mp4, to: 4s }, { source: b.mp4, to: 4s }]
            """))
        let job = try fixture.job("x")
        let tracks = job.composition.tracks(withMediaType: .video)
        #expect(tracks.count == 4)
        let (logo, fading) = (tracks[0], tracks[1])
        #expect(logo.segments.map(\.targetRange) == [TimeRange(start: t(0), end: t(7))])
        #expect(fading.segments.filter { !$0.isEmpty }.map(\.targetRange) == [TimeRange(start: t(1), end: t(5))])
        let video = try #require(job.videoComposition)
        #expect(video.backgroundColor == Color(red: 0x20 / 255, green: 0x40 / 255, blue: 0x60 / 255, alpha: 1))
        for instruction in video.instructions {
            #expect(instruction.layerInstructions.first?.trackID == logo.trackID)
            let layer = try #require(instruction.layerInstructions.first)
            let time = instruction.timeRange.start
            #expect(layer.opacity(at: time) == 0.8)
            #expect(Self.corners(layer.cropRectangle(at: time), through: layer.transform(at: time)) == [1689.6, 43.2, 1843.2, 120])
        }
        let middle = try #require(video.instruction(at: t(2)))
        #expect(middle.trackIDs.prefix(2) == [logo.trackID, fading.trackID])
        let fade = try #require(middle.layerInstruction(forTrackID: fading.trackID))
        #expect(Self.corners(fade.cropRectangle(at: t(2)), through: fade.transform(at: t(2))) == [10, 20, 210, 120])
        #expect(fade.opacity(at: t(3, 2)) == 0.5)
        #expect(fade.opacity(at: t(3)) == 1)
        let late = try #require(video.instruction(at: t(9, 2))?.layerInstruction(forTrackID: fading.trackID))
        #expect(late.opacity(at: t(9, 2)) == 0.5)
    }

    @Test func splitScreenWithExplicitTracksAndLayers() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            tracks:
              - segments: [{ source: a.mp4, from: 0s, to: 4s }]
              - segments: [{ source: b.mp4, from: 2s, to: 4s }, { source: c.mp4, at: 2s, to: 2s }]
            layers:
              - { track: 1, region: { x: 0, y: 0, width: 50%, height: 100% }, fit: cover }
              - track: 2
                region: { x: 50%, y: 0, width: 50%, height: 100% }
                fit: cover
                opacity: [{ from: 0s, to: 1s, start: 0, end: 1 }, { at: 3s, value: 0.25 }]
                volume: 0.5
            """))
        let job = try fixture.job("x")
        #expect(job.expectedDuration == t(4))
        let tracks = job.composition.tracks(withMediaType: .video).map(\.trackID)
        #expect(tracks.count == 2)
        let video = try #require(job.videoComposition)
        #expect(video.instructions.count == 1)
        let instruction = try #require(video.instructions.first)
        #expect(instruction.trackIDs == tracks)
        let left = try #require(instruction.layerInstruction(forTrackID: tracks[0]))
        let right = try #require(instruction.layerInstruction(forTrackID: tracks[1]))
        #expect(Self.corners(left.cropRectangle(at: t(1)), through: .identity) == [320, 0, 960, 720])
        #expect(Self.corners(left.cropRectangle(at: t(1)), through: left.transform(at: t(1))) == [0, 0, 960, 1080])
        #expect(Self.corners(right.cropRectangle(at: t(1)), through: right.transform(at: t(1))) == [960, 0, 1920, 1080])
        #expect(left.opacity(at: t(1, 2)) == 1)
        #expect([right.opacity(at: t(0)), right.opacity(at: t(1, 2)), right.opacity(at: t(2)), right.opacity(at: t(7, 2))] == [0, 0.5, 1, 0.25])
        let audio = job.composition.tracks(withMediaType: .audio).map(\.trackID)
        #expect(job.audioMix.volume(ofTrack: audio[1], at: t(1)) == 0.5)
        #expect(job.audioMix.volume(ofTrack: audio[0], at: t(1)) == 1)
        let second = job.composition.tracks(withMediaType: .video)[1].segments.filter { !$0.isEmpty }
        #expect(second.map(\.targetRange) == [TimeRange(start: t(0), end: t(2)), TimeRange(start: t(2), end: t(4))])
    }

    @Test func overlappingSegmentsOnOneTrack() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            tracks:
              - segments: [{ source: a.mp4, to: 4s }, { source: b.mp4, at: 3s, to: 1s }]
            """))
        let problem = try fixture.problem("x")
        #expect(fixture.relative(problem.description) == """
            manifest.yaml:6:57: error: segment starts at 3s but the track already plays until 4s; segments of one track may not overlap
                  - segments: [{ source: a.mp4, to: 4s }, { source: b.mp4, at: 3s, to: 1s }]
                                                                    ^
            """)
    }

    @Test func soundtrackLoopsToTheFullLengthWithFadesAndDucking() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            soundtrack: { source: bed.m4a, volume: 0.5, fade_in: 1s, fade_out: 2s, duck: 0.25 }
            clips: [{ source: a.mp4, to: 4s, mute: true }, { source: b.mp4, to: 4s }, { source: logo.png, duration: 2s }]
            """))
        let job = try fixture.job("x")
        #expect(job.expectedDuration == t(10))
        let audio = job.composition.tracks(withMediaType: .audio)
        #expect(audio.count == 2)
        let bed = try #require(audio.last)
        #expect(bed.segments.map(\.targetRange) == [TimeRange(start: t(0), end: t(4)), TimeRange(start: t(4), end: t(8)), TimeRange(start: t(8), end: t(10))])
        #expect(bed.segments.map(\.sourceRange) == [TimeRange(start: t(0), end: t(4)), TimeRange(start: t(0), end: t(4)), TimeRange(start: t(0), end: t(2))])
        // The muted clip adds no sound: only b.mp4 (4 s to 8 s) plays on a clip track, and the bed ducks by
        // listening to that track in the mixer; its volume ramps carry the fades alone.
        #expect(audio.first?.segments.filter { !$0.isEmpty }.map(\.targetRange) == [TimeRange(start: t(4), end: t(8))])
        let expected: [(MediaTime, Double)] = [
            (t(0), 0), (t(1, 2), 0.25), (t(1), 0.5), (t(4), 0.5), (t(8), 0.5), (t(9), 0.25), (t(10), 0),
        ]
        for (time, gain) in expected {
            #expect(abs(job.audioMix.volume(ofTrack: bed.trackID, at: time) - gain) < 1e-9, "at \(time.seconds) s")
        }
        let ducking = try #require(job.audioMix.parameters(forTrackID: bed.trackID)?.ducking)
        #expect(ducking == Ducking(sideChainTrackIDs: [try #require(audio.first?.trackID)], depth: 0.25, threshold: -40,
                                   attack: t(1, 20), release: t(3, 10)))
    }

    @Test func soundtrackWithoutLoopStopsAtItsEnd() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            soundtrack: { source: bed.m4a, loop: false, from: 1s }
            clips: [a.mp4]
            """))
        let job = try fixture.job("x")
        let bed = try #require(job.composition.tracks(withMediaType: .audio).last)
        #expect(bed.segments.filter { !$0.isEmpty }.map(\.sourceRange) == [TimeRange(start: t(1), end: t(4))])
        #expect(job.expectedDuration == t(10))
    }

    @Test func soundtrackWithoutSoundIsAProblem() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            soundtrack: logo.png
            clips: [a.mp4]
            """))
        let problem = try fixture.problem("x")
        #expect(problem.stage == "probe")
        #expect(fixture.relative(problem.description) == """
            manifest.yaml:5:17: error: soundtrack file 'logo.png' has no sound
                soundtrack: logo.png
                            ^
            """)
    }
}
