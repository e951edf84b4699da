import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// The frame an output is made at: the preset's, or smaller when every picture that fills it is smaller.
struct FrameSizeTests {
    static func video(_ width: Int, _ height: Int, rotation: Int = 0) -> ProbedMedia {
        ProbedMedia(path: "", formatName: "mov,mp4,m4a,3gp,3g2,mj2", duration: t(10), byteSize: 1000, streams: [
            ProbedStream(index: 0, mediaType: .video, codecName: "h264", duration: t(10),
                         timeBase: MediaTime(value: 1, timescale: 15360), width: width, height: height,
                         frameRate: FrameRate(30), rotation: rotation),
        ])
    }

    static func still(_ width: Int, _ height: Int) -> ProbedMedia {
        ProbedMedia(path: "", formatName: "png_pipe", duration: .indefinite, byteSize: 100, streams: [
            ProbedStream(index: 0, mediaType: .video, codecName: "png", duration: .indefinite, width: width,
                         height: height, pixelFormat: "rgba", isStillImage: true),
        ])
    }

    static let media: [String: ProbedMedia] = FakeProbe.standard.merging([
        "4x3.mp4": video(640, 480), "small.mp4": video(640, 360), "phone.mp4": video(640, 360, rotation: 90),
        "photo.jpg": still(4000, 3000), "small.png": still(320, 240),
    ]) { first, _ in first }

    @Test(arguments: [
        ("web-1080p", "clips: [a.mp4]", [1280, 720]),
        ("{ base: web-1080p, video: { upscale: true } }", "clips: [a.mp4]", [1920, 1080]),
        ("web-720p", "clips: [a.mp4]", [1280, 720]),
        // A 4:3 picture fitted into the preset's 16:9 shape, even-sized.
        ("web-1080p", "clips: [4x3.mp4]", [854, 480]),
        // The largest picture decides; a 4000 px photo is large.
        ("web-1080p", "clips: [small.mp4, 4x3.mp4]", [854, 480]),
        ("web-1080p", "clips: [small.mp4, { source: photo.jpg, duration: 1s }]", [1920, 1080]),
        ("web-1080p", "clips: [{ source: small.png, duration: 1s }]", [426, 240]),
        // Display size: a phone clip coded 640x360 and turned a quarter is 360x640.
        ("social-vertical", "clips: [phone.mp4]", [360, 640]),
        ("{ base: web-1080p, aspect: 9x16 }", "clips: [a.mp4]", [1080, 1920]),
        // A test pattern has no size of its own unless given one, a flat colour never; overlays never decide.
        ("web-1080p", "clips: [{ source: { generate: testpattern, duration: 1s } }]", [1920, 1080]),
        ("web-1080p", "clips: [{ source: { generate: testpattern, duration: 1s, size: 640x360 } }]", [640, 360]),
        ("web-1080p", "clips: [{ source: { generate: color, duration: 1s, size: 640x360 } }]", [1920, 1080]),
        ("web-1080p", "clips: [small.mp4, { source: { generate: testpattern, duration: 1s } }]", [640, 360]),
        ("web-1080p", "clips: [small.mp4]\noverlays: [{ image: photo.jpg, region: { width: 10% } }]", [640, 360]),
        ("web-1080p", "tracks: [{ segments: [{ source: small.mp4, to: 1s }, { source: a.mp4, to: 1s }] }]", [1280, 720]),
    ])
    func frameFollowsTheLargestPicture(preset: String, body: String, expected: [Int]) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest(body, preset: preset))
        let job = try fixture.job("x", media: Self.media)
        let video = try #require(job.settings.video)
        #expect([video.width, video.height] == expected)
        #expect(job.videoComposition?.renderSize == Size(width: Double(expected[0]), height: Double(expected[1])))
    }

    @Test func generatorsWithoutASizeAreDrawnAtTheFrame() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest(
            "clips: [small.mp4, { source: { generate: testpattern, duration: 1s } }]", preset: "web-1080p"))
        let job = try fixture.job("x", media: Self.media)
        let urls = job.composition.tracks(withMediaType: .video).flatMap(\.segments).compactMap(\.sourceURL)
        let generated = try #require(urls.compactMap(GeneratedSource.init(url:)).first)
        #expect((generated.width, generated.height) == (640, 360))
    }

    @Test func anOutputUsedAsASourceBringsItsDecidedFrame() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            defaults: { preset: web-1080p }
            outputs:
              - { name: first, clips: [small.mp4] }
              - { name: second, clips: [ { source: { output: first } } ] }
            """)
        #expect(try fixture.job("second", media: Self.media).settings.video.map { [$0.width, $0.height] } == [640, 360])
    }
}
