import Foundation
import Testing

/// The shipped example batch is valid and plans readably: what a newcomer runs first.
struct ExampleManifestTests {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func exampleManifestsValidate() throws {
        let result = try CommandRunner.run(["validate", "manifests"], in: Self.repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "valid: 10 outputs in 1 manifest\n")
    }

    @Test func examplePlanShowsEveryOutputWithItsTimeline() throws {
        let result = try CommandRunner.run(["plan", "manifests", "--only", "teaser"], in: Self.repository)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The example media are 640x360: the 960x540 draft preset does not upscale them.
        #expect(lines.first == "promo-shoes-16x9  8.6s  draft (mp4: h264 640x360 30fps crf 28, aac 96k 48000Hz 2ch)")
        #expect(lines.contains("teaser  4s  draft (mp4: h264 640x360 30fps crf 28, aac 96k 48000Hz 2ch)"))
        #expect(lines.contains("  needs:    'promo-shoes-16x9'"))
        // The picture-in-picture is the top video track, on screen from 1 s to 3.5 s.
        #expect(lines.contains("  video 1: 1s-3.5s manifests/media/bag.mp4[1s-3.5s]"))
        #expect(lines.contains("  video 2: 0s-4s out/spring/promo-shoes-16x9.mp4[0s-4s]"))
        #expect(lines.last == "2 outputs planned, 12.6s of media")
    }

    @Test func usageErrorsExitWith64() throws {
        let result = try CommandRunner.run(["run", "--jobs", "zero"], in: Self.repository)
        #expect(result.status == 64)
        #expect(result.stderr == "mediabatch: error: '--jobs' needs a whole number from 1 to 256, not 'zero'\nrun 'mediabatch run --help' for usage\n")
    }
}
