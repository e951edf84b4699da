import Composition
import Foundation
import LibAV
import MediaCore
@testable import Render
import Synchronization
import Testing

/// The pipelined export (render and audio threads ahead of the encoder) against the serial one (`pipelineDepth` 0):
/// the same bytes, the same errors, cancellation and deletion of the partial output.
@Suite struct ExportSessionPipelineTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// 2.5 s at 320x240: testsrc2 with its tone, crossfading over 1.5...2 s into the quadrants clip with its own
    /// (44.1 kHz mono) sound under a volume ramp, and a title over 0.5...2 s.
    func crossfadeWithTextAndAudio() throws -> (MutableComposition, VideoComposition, AudioMix) {
        var composition = MutableComposition()
        let first = TimeRange(start: .zero, duration: seconds(2))
        let second = TimeRange(start: .zero, duration: seconds(1))
        let topID = composition.addMutableTrack(withMediaType: .video)
        let bottomID = composition.addMutableTrack(withMediaType: .video)
        let toneID = composition.addMutableTrack(withMediaType: .audio)
        let voiceID = composition.addMutableTrack(withMediaType: .audio)
        let top = try #require(topID), bottom = try #require(bottomID)
        let tone = try #require(toneID), voice = try #require(voiceID)
        try composition.modifyTrack(top) { try $0.insertTimeRange(first, of: try fixtures.videoTrack(fixtures.longer), at: .zero) }
        try composition.modifyTrack(bottom) {
            try $0.insertTimeRange(second, of: try fixtures.videoTrack(fixtures.quadrants), at: seconds(3, 2))
        }
        try composition.modifyTrack(tone) { try $0.insertTimeRange(first, of: try fixtures.audioTrack(fixtures.longer), at: .zero) }
        try composition.modifyTrack(voice) {
            try $0.insertTimeRange(second, of: try fixtures.audioTrack(fixtures.quadrants), at: seconds(3, 2))
        }
        var fading = LayerInstruction(trackID: top)
        try fading.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0,
                                  timeRange: TimeRange(start: seconds(3, 2), duration: seconds(1, 2)))
        var video = VideoComposition(
            renderSize: Size(width: 320, height: 240), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: seconds(5, 2)),
                                                       layerInstructions: [fading, LayerInstruction(trackID: bottom)])])
        video.textLayers = [TextLayer(text: "Pipelined", timeRange: TimeRange(start: seconds(1, 2), duration: seconds(3, 2)),
                                      style: TextStyle(size: 0.1, color: .white))]
        var ramp = AudioMixInputParameters(trackID: tone)
        try ramp.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0.2,
                               timeRange: TimeRange(start: seconds(1), duration: seconds(1)))
        return (composition, video, AudioMix(inputParameters: [ramp]))
    }

    /// Exports the crossfade with `depth` frames of pipelining into a new file and returns its bytes.
    func export(depth: Int, name: String) throws -> Data {
        let (composition, video, mix) = try crossfadeWithTextAndAudio()
        let output = try fixtures.outputDirectory("pipeline-" + name) + "/out.mp4"
        let session = ExportSession(composition: composition, videoComposition: video, audioMix: mix,
                                    settings: TestPresets.mp4(width: 320, height: 240), outputPath: output)
        session.pipelineDepth = depth
        let result = try session.export()
        #expect(result.framesWritten == 75)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @Test func pipelinedBytesAreTheSerialBytes() throws {
        let serial = try export(depth: 0, name: "serial")
        #expect(serial.count > 10_000)
        for (depth, name) in [(ExportSession.defaultPipelineDepth, "default"), (1, "one"), (4, "four")] {
            let pipelined = try export(depth: depth, name: name)
            #expect(pipelined == serial, "depth \(depth): \(pipelined.count) bytes against \(serial.count) serial")
        }
        // Independent check that the file is what it claims: every frame and both kinds of stream are there.
        let directory = try fixtures.outputDirectory("pipeline-probe")
        try serial.write(to: URL(fileURLWithPath: directory + "/out.mp4"))
        let probe = try ProbeReport(path: directory + "/out.mp4")
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "75")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
    }

    /// An export that shares the cores with other renders (one frame ahead, no early decoding) writes the bytes of one
    /// that has them to itself, with B-frames and a rate-control lookahead.
    @Test func sharingTheCoresKeepsTheBytes() throws {
        let (composition, video, mix) = try crossfadeWithTextAndAudio()
        var settings = TestPresets.mp4(width: 320, height: 240)
        settings.video?.speed = "veryfast"
        settings.video?.maxBitRate = 2_000_000
        func export(sharing: Bool) throws -> Data {
            let output = try fixtures.outputDirectory("pipeline-shares-\(sharing)") + "/out.mp4"
            let session = ExportSession(composition: composition, videoComposition: video, audioMix: mix,
                                        settings: settings, outputPath: output)
            session.sharesCores = sharing
            #expect(session.framesAhead == (sharing ? 1 : ExportSession.defaultPipelineDepth))
            #expect(session.warmsUpEarly == !sharing)
            #expect(try session.export().framesWritten == 75)
            return try Data(contentsOf: URL(fileURLWithPath: output))
        }
        let alone = try export(sharing: false)
        #expect(alone.count > 10_000)
        #expect(try export(sharing: true) == alone)
    }

    /// `onTail` is called once, after the last picture went to the encoder and before the file is finished (the
    /// export still running, every frame counted in its progress), pipelined or not, and changes no byte.
    @Test(arguments: [0, ExportSession.defaultPipelineDepth])
    func theTailIsAnnouncedOnceAfterTheLastPicture(depth: Int) throws {
        let (composition, video, mix) = try crossfadeWithTextAndAudio()
        let output = try fixtures.outputDirectory("pipeline-tail-\(depth)") + "/out.mp4"
        let session = ExportSession(composition: composition, videoComposition: video, audioMix: mix,
                                    settings: TestPresets.mp4(width: 320, height: 240), outputPath: output)
        session.pipelineDepth = depth
        let seen = Mutex<[(progress: Double, status: ExportStatus)]>([])
        session.onTail = { [weak session] in
            guard let session else { return }
            seen.withLock { $0.append((session.progress, session.status)) }
        }
        #expect(try session.export().framesWritten == 75)
        let calls = seen.withLock { $0 }
        #expect(calls.count == 1 && calls.first?.progress == 1 && calls.first?.status == .exporting, "\(calls)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == export(depth: depth, name: "tail-plain-\(depth)"))
    }

    @Test func cancellingMidRenderStopsAndDeletesTheOutput() throws {
        let output = try fixtures.outputDirectory("pipeline-cancel") + "/out.mp4"
        let composition = try TestPresets.twoMinutesOfPatternAndTone()
        let session = ExportSession(composition: composition, videoComposition: nil,
                                    settings: TestPresets.mp4(width: 320, height: 240), outputPath: output)
        session.pipelineDepth = 4
        let canceller = Thread {
            while session.progress < 0.02, session.status == .unknown || session.status == .exporting { usleep(500) }
            session.cancel()
        }
        canceller.start()
        #expect(throws: ExportError.cancelled) { try session.export() }
        #expect(session.status == .cancelled)
        #expect(session.progress >= 0.02 && session.progress < 0.5)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anErrorMidRenderIsTheSerialPathsErrorAndDeletesTheOutput() throws {
        var errors: [ExportError] = []
        for depth in [0, 3] {
            let output = try fixtures.outputDirectory("pipeline-error-\(depth)") + "/out.mp4"
            var composition = MutableComposition()
            let range = TimeRange(start: .zero, duration: seconds(1))
            try composition.insertTimeRange(range, of: [try fixtures.videoTrack(fixtures.longer)], at: .invalid)
            // A transform that cannot be drawn from the middle on: frames 0...14 render, frame 15 fails.
            var layer = LayerInstruction(trackID: 1)
            try layer.setTransform(AffineTransform2D(a: 0.5, b: 0, c: 0, d: .infinity, tx: 0, ty: 0), at: seconds(1, 2))
            let video = VideoComposition(
                renderSize: Size(width: 160, height: 120), frameDuration: seconds(1, 30),
                instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: [layer])])
            let session = ExportSession(composition: composition, videoComposition: video, settings: TestPresets.mp4(),
                                        outputPath: output)
            session.pipelineDepth = depth
            do {
                _ = try session.export()
                Issue.record("depth \(depth): the export succeeded")
            } catch {
                errors.append(error)
            }
            #expect(session.status == .failed)
            #expect(abs(session.progress - 15.0 / 30) < 1e-9, "depth \(depth): progress \(session.progress)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        #expect(errors.count == 2 && errors[0] == errors[1], "\(errors)")
        #expect(errors.first?.stage == .encode)
    }

    /// Pictures numbered by their time (frame n is grey level n), failing with a source's decode error at one time.
    final class NumberedRenderer: PictureRenderer {
        let failing: MediaTime
        let frame: Frame

        init(failing: MediaTime) throws {
            self.failing = failing
            frame = try Frame(width: 16, height: 16, pixelFormat: .yuv420p)
        }

        func render(at time: MediaTime) throws(ExportError) -> Frame {
            if time == failing { throw .decode(path: "media/broken.mp4", reason: "Input/output error (av_read_frame)") }
            let level = UInt8(time.convertScale(30, method: .roundHalfAwayFromZero).value)
            try? frame.withMutablePlanes { planes in planes[0].base.storeBytes(of: level, as: UInt8.self) }
            return frame
        }
    }

    @Test(arguments: [0, 1, 3])
    func aSourceErrorOnTheRenderThreadComesAfterTheFramesBeforeIt(depth: Int) throws {
        let renderer = try NumberedRenderer(failing: seconds(10, 30))
        let pipeline = FramePipeline(renderer: renderer, frames: 0..<30, depth: depth) { seconds($0, 30) }
        defer { pipeline.close() }
        for index in 0..<10 {
            let frame = try pipeline.next()
            let level = frame.withPlanes { planes in planes[0].base.load(as: UInt8.self) }
            #expect(Int(level) == index)
        }
        #expect(throws: ExportError.decode(path: "media/broken.mp4", reason: "Input/output error (av_read_frame)")) {
            try pipeline.next()
        }
    }
}

/// The decoder thread count chosen from a source's size and codec and how far its first cut is from a keyframe.
@Suite struct DecoderThreadsTests {
    static func stream(_ codec: String, _ width: Int, _ height: Int, still: Bool = false) -> ProbedStream {
        ProbedStream(index: 0, mediaType: .video, codecName: codec, duration: seconds(1), width: width, height: height,
                     isStillImage: still)
    }

    @Test(arguments: [
        // 4K gets more threads than HD, HEVC more than H.264; the session's count is a floor; 0 is libav's choice.
        (2, stream("hevc", 3840, 2160), 0, 4), (2, stream("h264", 4096, 2160), 0, 3),
        (2, stream("hevc", 1920, 1080), 0, 2), (6, stream("hevc", 3840, 2160), 0, 6),
        (0, stream("hevc", 3840, 2160), 0, 0), (2, stream("mjpeg", 6000, 4000, still: true), 0, 2),
        // A session on one thread decodes a first cut more than 2 s after its keyframe on two.
        (1, stream("h264", 1920, 1080), 2000, 1), (1, stream("h264", 1920, 1080), 7500, 2),
        (2, stream("h264", 1920, 1080), 7500, 2), (1, stream("hevc", 3840, 2160), 7500, 4),
        (1, stream("mjpeg", 6000, 4000, still: true), 7500, 1),
    ])
    func threads(base: Int, stream: ProbedStream, preRollMilliseconds: Int64, expected: Int) {
        #expect(DecoderThreads.count(base: base, stream: stream, preRoll: seconds(preRollMilliseconds, 1000)) == expected)
    }
}
