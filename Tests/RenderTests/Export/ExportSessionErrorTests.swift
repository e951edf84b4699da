import Composition
import Foundation
import MediaCore
import Render
import Testing

/// Failures and cancellation: the stage, the file named, the whole message, and no output file left behind.
@Suite struct ExportSessionErrorTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// Runs `session` and returns its error, recording an issue if it succeeds.
    func failure(of session: ExportSession) -> ExportError? {
        do {
            _ = try session.export()
            Issue.record("the export succeeded")
            return nil
        } catch {
            return error
        }
    }

    /// A one-track video composition of `[0, 1 s)` of `url`.
    func videoComposition(of url: URL, size: Size = Size(width: 320, height: 240)) throws -> MutableComposition {
        var composition = MutableComposition()
        let range = TimeRange(start: .zero, duration: seconds(1))
        try composition.insertTimeRange(range, of: [
            SourceTrack(url: url, trackID: 1, mediaType: .video, timeRange: range, naturalSize: size,
                        frameRate: FrameRate(30)),
        ], at: .invalid)
        return composition
    }

    @Test func missingSourceFailsAtProbeNamingTheFileAndLeavesNoOutput() throws {
        let directory = try fixtures.outputDirectory("missing")
        let missing = directory + "/missing.mp4"
        let output = directory + "/out.mp4"
        let session = ExportSession(composition: try videoComposition(of: URL(fileURLWithPath: missing)),
                                    videoComposition: nil, settings: TestPresets.mp4(), outputPath: output)
        let error = try #require(failure(of: session))
        #expect(error.stage == .probe)
        #expect(error.path == missing)
        #expect(error.description == "probe: '\(missing)': not found")
        #expect(session.status == .failed)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aFailureBeforeWritingKeepsAnExistingFile() throws {
        let directory = try fixtures.outputDirectory("keep")
        let output = directory + "/out.mp4"
        try Data("an earlier good output".utf8).write(to: URL(fileURLWithPath: output))
        let session = ExportSession(
            composition: try videoComposition(of: URL(fileURLWithPath: directory + "/missing.mp4")),
            videoComposition: nil, settings: TestPresets.mp4(), outputPath: output)
        #expect(failure(of: session)?.stage == .probe)
        #expect(FileManager.default.contents(atPath: output) == Data("an earlier good output".utf8))
    }

    @Test func textFileAsSourceFailsAtProbe() throws {
        let directory = try fixtures.outputDirectory("text")
        let text = directory + "/notes.mp4"
        try Data("not a movie at all, just some words\n".utf8).write(to: URL(fileURLWithPath: text))
        let output = directory + "/out.mp4"
        let session = ExportSession(composition: try videoComposition(of: URL(fileURLWithPath: text)),
                                    videoComposition: nil, settings: TestPresets.mp4(), outputPath: output)
        let error = try #require(failure(of: session))
        #expect(error.description == "probe: '\(text)': Invalid data found when processing input (avformat_open_input)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func transformThatIsNotFiniteIsRefusedAtEncodeAndLeavesNoOutput() throws {
        let output = try fixtures.outputDirectory("rotate") + "/out.mp4"
        let composition = try videoComposition(of: URL(fileURLWithPath: fixtures.red))
        var layer = LayerInstruction(trackID: 1)
        try layer.setTransform(AffineTransform2D(a: 0.5, b: 0.25, c: 0, d: .infinity, tx: 0, ty: 0), at: .zero)
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 120), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: seconds(1)),
                                                       layerInstructions: [layer])])
        let session = ExportSession(composition: composition, videoComposition: video, settings: TestPresets.mp4(),
                                    outputPath: output)
        let error = try #require(failure(of: session))
        #expect(error.description == "encode: track 1: transform [0.5 0.25 0 inf 0 0] cannot be drawn; "
                + "hint: every value of a transform must be a finite number")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func unwritableOutputFailsAtMux() throws {
        let output = try fixtures.outputDirectory("mux") + "/no/such/dir/out.mp4"
        let session = ExportSession(composition: try videoComposition(of: URL(fileURLWithPath: fixtures.red)),
                                    videoComposition: nil, settings: TestPresets.mp4(), outputPath: output)
        let error = try #require(failure(of: session))
        #expect(error.description == "mux: '\(output)': No such file or directory (avio_open)")
    }

    @Test func unknownPixelFormatFailsAtProbe() throws {
        let output = try fixtures.outputDirectory("pixfmt") + "/out.mp4"
        var settings = TestPresets.mp4()
        settings.video?.pixelFormat = "yuv999p"
        let session = ExportSession(composition: try videoComposition(of: URL(fileURLWithPath: fixtures.red)),
                                    videoComposition: nil, settings: settings, outputPath: output)
        #expect(failure(of: session)?.description == "setup: preset 'test-mp4': unknown pixel format 'yuv999p'")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func emptyCompositionFailsAtSetup() throws {
        let output = try fixtures.outputDirectory("empty") + "/out.mp4"
        let session = ExportSession(composition: MutableComposition(), videoComposition: nil,
                                    settings: TestPresets.mp4(), outputPath: output)
        #expect(failure(of: session)?.description == "setup: the composition is empty; nothing to export")
    }

    @Test func aSessionRunsOnce() throws {
        let output = try fixtures.outputDirectory("twice") + "/out.mp4"
        let session = ExportSession(composition: try videoComposition(of: URL(fileURLWithPath: fixtures.red)),
                                    videoComposition: nil, settings: TestPresets.mp4(audio: false), outputPath: output)
        _ = try session.export()
        #expect(failure(of: session)?.description
                == "setup: this export session has already run; create a new one")
        #expect(session.status == .completed)
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func cancelBeforeExportLeavesNoOutput() throws {
        let output = try fixtures.outputDirectory("cancel-early") + "/out.mp4"
        let session = ExportSession(composition: try videoComposition(of: URL(fileURLWithPath: fixtures.red)),
                                    videoComposition: nil, settings: TestPresets.mp4(), outputPath: output)
        session.markWaiting()
        #expect(session.status == .waiting)
        session.cancel()
        #expect(failure(of: session) == .cancelled)
        #expect(session.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func cancelFromAnotherThreadStopsPromptlyAndLeavesNoOutput() throws {
        let output = try fixtures.outputDirectory("cancel") + "/out.mp4"
        let composition = try TestPresets.twoMinutesOfPatternAndTone()
        let session = ExportSession(composition: composition, videoComposition: nil,
                                    settings: TestPresets.mp4(width: 320, height: 240), outputPath: output)
        let canceller = Thread {
            while session.progress < 0.01, session.status == .unknown || session.status == .exporting { usleep(500) }
            session.cancel()
        }
        canceller.start()
        let error = failure(of: session)
        #expect(error == .cancelled)
        #expect(error?.description == "cancelled: the export was cancelled")
        #expect(session.status == .cancelled)
        #expect(session.progress < 0.5)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(arguments: [
        (ExportError.decode(path: "media/shoes.mp4", reason: "Invalid data found when processing input (avcodec_send_packet)"),
         "decode: 'media/shoes.mp4': Invalid data found when processing input (avcodec_send_packet)"),
        (ExportError.encode(path: nil, reason: "unknown encoder 'libnothing'"), "encode: unknown encoder 'libnothing'"),
        (ExportError.mux(path: "out/a.mp4", reason: "Permission denied (avio_open)"),
         "mux: 'out/a.mp4': Permission denied (avio_open)"),
        (ExportError.verify(path: "out/a.mp4", reason: "the written file has no streams"),
         "verify: 'out/a.mp4': the written file has no streams"),
        (ExportError.cancelled, "cancelled: the export was cancelled"),
    ])
    func errorDescriptions(error: ExportError, text: String) {
        #expect(error.description == text)
    }
}
