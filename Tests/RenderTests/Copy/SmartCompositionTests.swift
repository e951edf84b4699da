import Composition
import Foundation
import LibAV
import MediaCore
@testable import Render
import Testing

/// Smart rendering inside a composition (a `passthrough` preset on an output that cannot be copied whole): where a
/// single untouched layer shows a source of the output's format, whole groups of pictures are copied from the
/// source and only the rest (the crossfade, the partial groups around it) is rendered and encoded, all in one H.264
/// stream. Checked with ffmpeg: no decode error, every frame at its time, copied pictures bit for bit the source's,
/// encoded ones close to it.
@Suite struct SmartCompositionTests {
    let fixtures: SmartPassthroughFixtures

    init() throws {
        fixtures = try SmartPassthroughFixtures.get()
    }

    /// 320x240 H.264 at 30 fps, x264 veryfast crf 10, with or without passthrough, with `damageLimit`; no audio.
    func settings(passthrough: Bool, damageLimit: Double? = nil) -> ExportSettings {
        var settings = ExportSettings(
            name: "smart", container: .mp4,
            video: ExportSettings.Video(codec: .h264, width: 320, height: 240, frameRate: FrameRate(30), crf: 10,
                                        speed: "veryfast"),
            audio: nil)
        settings.passthrough = passthrough
        settings.damageLimit = damageLimit
        return settings
    }

    /// 3.5 s: the tagged closed-GOP source's 0-2 s on track 1, crossfading over 1.5-2 s into its 2-4 s on track 2 (source
    /// time = output time + 0.5 s); `crop` crops track 2's layer; `path` replaces the source.
    func crossfade(crop: Rect? = nil, source path: String? = nil) throws -> (MutableComposition, VideoComposition) {
        var composition = MutableComposition()
        let path = path ?? fixtures.tagged
        let media = try MediaProbe().probe(path: path)
        let stream = try #require(media.streams.first { $0.mediaType == .video })
        let source = SourceTrack(url: URL(fileURLWithPath: path), stream: stream)
        let firstID = composition.addMutableTrack(withMediaType: .video)
        let secondID = composition.addMutableTrack(withMediaType: .video)
        let first = try #require(firstID), second = try #require(secondID)
        try composition.modifyTrack(first) {
            try $0.insertTimeRange(TimeRange(start: .zero, duration: seconds(2)), of: source, at: .zero)
        }
        try composition.modifyTrack(second) {
            try $0.insertTimeRange(TimeRange(start: seconds(2), duration: seconds(2)), of: source, at: seconds(3, 2))
        }
        let fade = TimeRange(start: seconds(3, 2), duration: seconds(1, 2))
        var fading = LayerInstruction(trackID: first)
        try fading.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: fade)
        var incoming = LayerInstruction(trackID: second)
        if let crop { try incoming.setCropRectangle(crop, at: .zero) }
        let video = VideoComposition(
            renderSize: Size(width: 320, height: 240), frameDuration: seconds(1, 30),
            instructions: [
                VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: seconds(3, 2)),
                                            layerInstructions: [LayerInstruction(trackID: first)]),
                VideoCompositionInstruction(timeRange: fade, layerInstructions: [fading, incoming]),
                VideoCompositionInstruction(timeRange: TimeRange(start: seconds(2), duration: seconds(3, 2)),
                                            layerInstructions: [incoming]),
            ])
        return (composition, video)
    }

    /// Exports `composition` into a new file.
    func export(_ composition: (MutableComposition, VideoComposition), passthrough: Bool = true,
                damageLimit: Double? = nil, configure: (ExportSession) -> Void = { _ in }) throws -> ExportResult {
        let session = ExportSession(composition: composition.0, videoComposition: composition.1,
                                    settings: settings(passthrough: passthrough, damageLimit: damageLimit),
                                    outputPath: fixtures.output("composed"))
        configure(session)
        return try session.export()
    }

    @Test func untouchedStretchesAreCopiedAndTheRestIsEncoded() throws {
        let result = try export(try crossfade())
        // Track 1 copies from the IDR at 0 up to the end of a mini-GOP before 1.5 s; track 2 from the IDR at source
        // 3 s (output 2.5 s, frame 75) to the end.
        #expect(result.copiedFrames >= 36 + 30)
        #expect(result.copiedFrames + result.reencodedFrames == 105)
        #expect(try SmartPassthroughFixtures.decodeErrors(result.outputPath) == "")
        let times = try SmartPassthroughFixtures.frameTimes(result.outputPath)
        #expect(times.count == 105)
        #expect(times.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 30) < 0.0001 })
        for (output, source) in [(0, 0), (35, 35), (75, 90), (104, 119)] {
            #expect(try SmartPassthroughFixtures.frame(result.outputPath, output)
                    == SmartPassthroughFixtures.frame(fixtures.tagged, source), "output frame \(output)")
        }
        for (output, source) in [(44, 44), (60, 75), (74, 89)] {
            let psnr = SmartPassthroughFixtures.psnr(try SmartPassthroughFixtures.frame(result.outputPath, output),
                                                     try SmartPassthroughFixtures.frame(fixtures.tagged, source))
            #expect(psnr >= 40, "encoded output frame \(output) against source frame \(source): \(psnr) dB")
        }
    }

    @Test func anExportedTimeRangeCopiesFromItsOwnStart() throws {
        // 1 s - 3.5 s: track 1 copies from its IDR at 1 s (now output frame 0) up to a mini-GOP end before 1.5 s;
        // track 2 from source 3 s, now output frame 45.
        let result = try export(try crossfade()) { $0.timeRange = TimeRange(start: seconds(1), end: seconds(7, 2)) }
        #expect(result.copiedFrames >= 12 + 30 && result.copiedFrames <= 15 + 30)
        #expect(result.copiedFrames + result.reencodedFrames == 75)
        #expect(try SmartPassthroughFixtures.decodeErrors(result.outputPath) == "")
        let times = try SmartPassthroughFixtures.frameTimes(result.outputPath)
        #expect(times.count == 75)
        #expect(times.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 30) < 0.0001 })
        for (output, source) in [(0, 30), (45, 90), (74, 119)] {
            #expect(try SmartPassthroughFixtures.frame(result.outputPath, output)
                    == SmartPassthroughFixtures.frame(fixtures.tagged, source), "output frame \(output)")
        }
    }

    @Test func aCroppedLayerAStrictRunOrAnUntaggedSDSourceIsEncodedAndWithoutPassthroughNothingIsCopied() throws {
        let cropped = try export(try crossfade(crop: Rect(x: 0, y: 0, width: 160, height: 120)))
        #expect(cropped.copiedFrames >= 36 && cropped.copiedFrames <= 45)
        #expect(try SmartPassthroughFixtures.decodeErrors(cropped.outputPath) == "")
        #expect(try SmartPassthroughFixtures.frameTimes(cropped.outputPath).count == 105)
        let plain = try export(try crossfade(), passthrough: false)
        #expect(plain.copiedFrames == 0)
        // A damage limit of 0 (--strict) decodes every packet: nothing is copied.
        let strict = try export(try crossfade(), damageLimit: 0)
        #expect(strict.copiedFrames == 0)
        #expect(strict.reencodeReason == "passthrough: a damage limit of 0 decodes every source packet to check it; "
                + "nothing is copied")
        // Untagged 320x240 pictures are BT.601 to the renderer, which converts them: nothing is copied.
        let untagged = try export(try crossfade(source: fixtures.closed))
        #expect(untagged.copiedFrames == 0)
    }

    @Test func pipelinedAndLeanRendersWriteTheSerialBytes() throws {
        let composition = try crossfade()
        let serial = try export(composition) { $0.pipelineDepth = 0 }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: serial.outputPath))
        for (depth, sharing) in [(ExportSession.defaultPipelineDepth, false), (ExportSession.defaultPipelineDepth, true)] {
            let other = try export(composition) {
                $0.pipelineDepth = depth
                $0.sharesCores = sharing
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: other.outputPath)) == bytes, "depth \(depth), lean \(sharing)")
        }
    }

    @Test(arguments: [
        // groups, copies, expected runs (start, end, copied)
        ([0..<45, 45..<60, 60..<105], [0..<36, 75..<105],
         [(0, 36, true), (36, 45, false), (45, 60, false), (60, 75, false), (75, 105, true)]),
        ([0..<30], [0..<30], [(0, 30, true)]),
        ([0..<30, 30..<90], [40..<60], [(0, 30, false), (30, 40, false), (40, 60, true), (60, 90, false)]),
    ] as [([Range<Int64>], [Range<Int64>], [(Int64, Int64, Bool)])])
    func copiesCutTheirInstructionGroups(groups: [Range<Int64>], copies: [Range<Int64>], runs: [(Int64, Int64, Bool)]) {
        let split = SegmentPlan.splitting(groups, at: copies)
        #expect(split.map { [$0.frames.lowerBound, $0.frames.upperBound, $0.copied ? 1 : 0] }
                == runs.map { [$0.0, $0.1, $0.2 ? 1 : 0] })
    }
}
