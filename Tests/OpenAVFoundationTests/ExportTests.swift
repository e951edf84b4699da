import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// Real exports written as AVFoundation code writes them, in the completion-handler and async styles, checked with
/// ffprobe and ffmpeg.
@Suite struct ExportTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    @Test func concatenationOverAnMP3BedWithACompletionHandler() async throws {
        let editor = SampleEditor()
        let (composition, mix) = try await editor.concatenate([fixtures.red, fixtures.green, fixtures.blue],
                                                              firstSeconds: 0.5, bed: fixtures.bed)
        #expect(composition.duration == CMTime(value: 3, timescale: 2))
        let output = try fixtures.output("concatenation")
        let (status, error) = await editor.exportClassic(composition, preset: AVAssetExportPreset640x480, to: output,
                                                         fileType: .mp4, audioMix: mix)
        #expect(status == .completed)
        #expect(error == nil)
        let probe = try ProbeReport(path: output.path)
        #expect(abs(probe.formatDuration - 1.5) < 0.05)
        #expect(ProbeReport.string(probe.video, "width") == "160", "640x480 never enlarges a 160x120 picture")
        #expect(ProbeReport.string(probe.video, "height") == "120")
        #expect(ProbeReport.string(probe.video, "codec_name") == "h264")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
        #expect(probe.formatTags["title"] == "Made with AVFoundation")
        #expect(near(try color(output, frame: 7), (255, 0, 0)))
        #expect(near(try color(output, frame: 22), (0, 255, 0)))
        #expect(near(try color(output, frame: 37), (0, 0, 255)))
        #expect(try audioRMS(output.path, from: 0.1, duration: 0.3) > 0.05, "clip tone plus bed")
        // shouldOptimizeForNetworkUse: the index comes before the media.
        let bytes = try Data(contentsOf: output)
        let moov = try #require(bytes.range(of: Data("moov".utf8))), mdat = try #require(bytes.range(of: Data("mdat".utf8)))
        #expect(moov.lowerBound < mdat.lowerBound)
    }

    @Test func crossfadeIsHalfwayAtItsMidpointWithAsyncExport() async throws {
        let (composition, videoComposition) = try await SampleEditor().crossfade(
            fixtures.red, fixtures.blue, overlap: CMTime(value: 1, timescale: 2))
        #expect(videoComposition.renderSize == CGSize(width: 160, height: 120))
        #expect(videoComposition.frameDuration == CMTime(value: 1, timescale: 30))
        let session = try #require(AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
        session.outputURL = try fixtures.output("crossfade")
        session.outputFileType = .mov
        session.videoComposition = videoComposition
        #expect(session.status == .unknown)
        await session.export()
        #expect(session.status == .completed, "\(String(describing: session.error))")
        #expect(session.progress == 1)
        let output = try #require(session.outputURL)
        #expect(abs(try ProbeReport(path: output.path).formatDuration - 1.5) < 0.05)
        #expect(near(try color(output, frame: 7), (255, 0, 0)))
        // Frame 22 is at 0.733 s, 0.467 into the half-second fade: red at opacity 0.533 over blue.
        let midpoint = try color(output, frame: 22)
        #expect(near(midpoint, (136, 0, 119), tolerance: 16), "\(midpoint)")
        #expect(near(try color(output, frame: 40), (0, 0, 255)))
    }

    @Test func volumeRampFadesTheSoundWithExportToAs() async throws {
        let asset = AVURLAsset(url: fixtures.red)
        let composition = AVMutableComposition()
        try composition.insertTimeRange(CMTimeRange(start: .zero, duration: try await asset.load(.duration)), of: asset, at: .zero)
        let sound = try #require(composition.tracks(withMediaType: .audio).first)
        let fade = AVMutableAudioMixInputParameters(track: sound)
        fade.setVolume(1, at: .zero)
        fade.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0,
                           timeRange: CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 2)))
        let mix = AVMutableAudioMix()
        mix.inputParameters = [fade]
        let output = try fixtures.output("volume")
        let progress = try await SampleEditor().exportModern(composition, preset: AVAssetExportPresetMediumQuality, to: output,
                                                             fileType: .mp4, audioMix: mix)
        #expect((0...1).contains(progress))
        let full = try audioRMS(output.path, from: 0.1, duration: 0.3)
        let halfway = try audioRMS(output.path, from: 0.7, duration: 0.1)
        let end = try audioRMS(output.path, from: 0.9, duration: 0.08)
        #expect(full > 0.05, "the tone at full volume: \(full)")
        #expect(abs(halfway / full - 0.5) < 0.12, "about half volume at 0.75 s: \(halfway / full)")
        #expect(end < full * 0.2, "faded at the end: \(end / full)")
    }

    @Test func passthroughTrimCopiesTheSamples() async throws {
        let asset = AVURLAsset(url: fixtures.red)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetPassthrough))
        #expect(session.supportedFileTypes.contains(.mp4))
        // Frames 10 to 19: the clip has a keyframe every 10 frames.
        session.timeRange = CMTimeRange(start: CMTime(value: 10, timescale: 30), duration: CMTime(value: 10, timescale: 30))
        let output = try fixtures.output("passthrough")
        try await session.export(to: output, as: .mp4)
        let probe = try ProbeReport(path: output.path)
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "10")
        #expect(abs(probe.formatDuration - 1.0 / 3) < 0.03)
        #expect(probe.audio != nil)
        let copied = try packetHashes(output, stream: "v")
        let source = try packetHashes(fixtures.red, stream: "v")
        #expect(copied.count == 10)
        #expect(copied == Array(source[10..<20]), "the copied packets are the source's, byte for byte")
        // The sound starts with the samples the source holds at 1/3 s: the packets before the cut are copied too,
        // before zero, so the first one decodes right, and the edit list trims them.
        try expectSound(of: output, startsAtSample: 16_000)
    }

    /// The samples of `url`'s sound, decoded by ffmpeg as 16-bit mono.
    private func samples(_ url: URL) throws -> [Int16] {
        let data = try MediaTool.ffmpeg(["-i", url.path, "-vn", "-f", "s16le", "-ac", "1", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Expects `output`'s sound to be `fixtures.red`'s from `first` on, sample for sample.
    private func expectSound(of output: URL, startsAtSample first: Int) throws {
        let trimmed = try samples(output), whole = try samples(fixtures.red)
        #expect(trimmed.count >= 15_000, "\(trimmed.count) samples")
        let largest = zip(trimmed.prefix(15_000), whole.dropFirst(first)).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(largest <= 1, "largest difference from the source's samples: \(largest)")
    }

    @Test func passthroughFromBetweenKeyframesStartsWithTheSourcesSound() async throws {
        let asset = AVURLAsset(url: fixtures.red)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetPassthrough))
        // Frames 5 to 14: frames 5 to 9 are encoded, 10 to 14 copied; the sound is copied from 1/6 s.
        session.timeRange = CMTimeRange(start: CMTime(value: 5, timescale: 30), duration: CMTime(value: 10, timescale: 30))
        let output = try fixtures.output("smart-passthrough")
        try await session.export(to: output, as: .mp4)
        #expect(ProbeReport.string(try ProbeReport(path: output.path).video, "nb_read_frames") == "10")
        try expectSound(of: output, startsAtSample: 8_000)
    }

    @Test func splitScreenSlidesTheRightHalfIn() async throws {
        let editor = SampleEditor()
        let (composition, videoComposition) = try await editor.splitScreen(fixtures.green)
        let output = try fixtures.output("split")
        let (status, error) = await editor.exportClassic(composition, preset: AVAssetExportPresetHighestQuality, to: output,
                                                         fileType: .mp4, videoComposition: videoComposition)
        #expect(status == .completed, "\(String(describing: error))")
        #expect(near(try color(output, frame: 0, x: 40), (0, 255, 0)))
        #expect(near(try color(output, frame: 0, x: 120), (0, 0, 0)), "the right layer starts off the picture")
        #expect(near(try color(output, frame: 20, x: 120), (0, 255, 0)), "and has slid in by 0.5 s")
    }

    @Test func anInstructionsBackgroundColourShowsWhereNoLayerCovers() async throws {
        // The split screen's right half is empty for its first frames: the instruction's colour there, opaque (the
        // pictures have no alpha), and black again without one.
        let editor = SampleEditor()
        let (composition, videoComposition) = try await editor.splitScreen(fixtures.green)
        let instruction = try #require(videoComposition.instructions.first as? AVMutableVideoCompositionInstruction)
        instruction.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(instruction.backgroundColor?.components == [0, 0, 1, 0.5])
        let output = try fixtures.output("background")
        let (status, error) = await editor.exportClassic(composition, preset: AVAssetExportPresetHighestQuality, to: output,
                                                         fileType: .mp4, videoComposition: videoComposition)
        #expect(status == .completed, "\(String(describing: error))")
        #expect(near(try color(output, frame: 0, x: 120), (0, 0, 255)))
        #expect(near(try color(output, frame: 0, x: 40), (0, 255, 0)))
        instruction.backgroundColor = nil
        let plain = try fixtures.output("background")
        _ = await editor.exportClassic(composition, preset: AVAssetExportPresetHighestQuality, to: plain, fileType: .mp4,
                                       videoComposition: videoComposition)
        #expect(near(try color(plain, frame: 0, x: 120), (0, 0, 0)))
    }

    @Test func rotatedVideoLooksUprightEverywhere() async throws {
        // A phone's portrait video: Apple reports its coded size and a rotating preferredTransform; here it is
        // already upright, so code that applies preferredTransform (the identity) gets the same picture.
        let asset = AVURLAsset(url: fixtures.rotated)
        let source = try #require(try await asset.loadTracks(withMediaType: .video).first)
        let (size, transform) = try await source.load(.naturalSize, .preferredTransform)
        #expect(size == CGSize(width: 120, height: 160) && transform.isIdentity)
        let composition = AVMutableComposition()
        try composition.insertTimeRange(try await source.load(.timeRange), of: asset, at: .zero)
        let track = try #require(composition.tracks(withMediaType: .video).first)
        #expect(track.preferredTransform.isIdentity && composition.naturalSize == size)
        let session = try #require(AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
        let output = try fixtures.output("rotated")
        try await session.export(to: output, as: .mp4)
        #expect(near(try color(output, frame: 5, x: 30, y: 80, width: 120, height: 160), (0, 0, 255)))
        #expect(near(try color(output, frame: 5, x: 90, y: 80, width: 120, height: 160), (255, 0, 0)))
    }

    @Test func aMissingSourceFailsCleanly() async throws {
        let editor = SampleEditor()
        let missing = fixtures.url("gone.mp4")
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        track.segments = [AVCompositionTrackSegment(url: missing, trackID: 1,
                                                    sourceTimeRange: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)),
                                                    targetTimeRange: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)))]
        let output = try fixtures.output("missing")
        let (status, error) = await editor.exportClassic(composition, preset: AVAssetExportPresetHighestQuality, to: output,
                                                         fileType: .mp4)
        #expect(status == .failed)
        let failure = try #require(error as? AVError)
        #expect(failure.code == .invalidSourceMedia)
        #expect(failure.localizedDescription.hasPrefix("invalidSourceMedia (-11822): probe: '\(missing.path)': "))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: missing), presetName: AVAssetExportPresetLowQuality))
        await #expect(throws: URLError.self) { try await session.export(to: output, as: .mp4) }
        #expect(session.status == .failed)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func settingsThatKeepAnExportFromStarting() async throws {
        let asset = AVURLAsset(url: fixtures.red)
        #expect(AVAssetExportSession(asset: asset, presetName: "NoSuchPreset") == nil)
        let occupied = try fixtures.output("occupied")
        try Data("keep me".utf8).write(to: occupied)
        let cases: [(URL?, AVFileType?, AVError.Code, String)] = [
            (occupied, .mp4, .fileAlreadyExists,
             "fileAlreadyExists (-11823): a file already exists at '\(occupied.path)'; remove it or choose another URL"),
            (nil, .mp4, .exportFailed, "exportFailed (-11820): 'outputURL' is not set; set it before exporting"),
            (try fixtures.output("no-type"), nil, .exportFailed,
             "exportFailed (-11820): 'outputFileType' is not set; set it before exporting"),
            (try fixtures.output("m4a", "m4a"), .m4a, .operationNotSupportedForPreset,
             "operationNotSupportedForPreset (-11871): file type 'com.apple.m4a-audio' is not supported by preset "
                + "'AVAssetExportPresetLowQuality'; see 'supportedFileTypes'"),
        ]
        for (url, fileType, code, message) in cases {
            let session = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetLowQuality))
            session.outputURL = url
            session.outputFileType = fileType
            // Preparation fails before the handler returns, so the status is already final here.
            session.exportAsynchronously {}
            #expect(session.status == .failed)
            #expect((session.error as? AVError)?.code == code)
            #expect(session.error?.localizedDescription == message)
        }
        #expect(try String(contentsOf: occupied, encoding: .utf8) == "keep me")
    }

    @Test func cancellingStopsTheExportAndRemovesTheFile() async throws {
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: fixtures.blue),
                                                        presetName: AVAssetExportPresetHighestQuality))
        let output = try fixtures.output("cancelled")
        session.cancelExport()
        await #expect(throws: CancellationError.self) { try await session.export(to: output, as: .mp4) }
        #expect(session.status == .cancelled)
        #expect(session.error == nil)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func thumbnailsAreExactPictures() async throws {
        let composition = AVMutableComposition()
        let second = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))
        try composition.insertTimeRange(second, of: AVURLAsset(url: fixtures.red), at: .invalid)
        try composition.insertTimeRange(second, of: AVURLAsset(url: fixtures.blue), at: .invalid)
        let image = try await SampleEditor().thumbnail(of: composition, at: 1.5, maximumSize: CGSize(width: 80, height: 80))
        #expect(image.width == 80 && image.height == 60)
        let png = fixtures.url("thumbnail-\(UUID().uuidString.prefix(8)).png")
        try image.pngData().write(to: png)
        #expect(near(try color(png, frame: 0, x: 40, y: 30, width: 80, height: 60), (0, 0, 255)))
        #expect(try image.jpegData().prefix(2) == Data([0xFF, 0xD8]))

        let generator = AVAssetImageGenerator(asset: composition)
        var actual = CMTime.invalid
        let first = try generator.copyCGImage(at: CMTime(value: 1, timescale: 2), actualTime: &actual)
        #expect(first.width == 160 && actual == CMTime(value: 1, timescale: 2))
        var results: [AVError.Code?] = []
        for await element in generator.images(for: [.zero, CMTime(value: 3, timescale: 1)]) {
            do {
                _ = try element.image
                results.append(nil)
            } catch {
                results.append((error as? AVError)?.code)
            }
        }
        #expect(results == [nil, .noImageAtTime])
    }

    /// The size and MD5 of every packet of the first `stream` (`v` or `a`) of `url`, as ffmpeg reads them.
    func packetHashes(_ url: URL, stream: String) throws -> [String] {
        let text = String(decoding: try MediaTool.ffmpeg(["-i", url.path, "-map", "0:\(stream):0", "-c", "copy",
                                                          "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            line.split(separator: ",").suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
    }
}
