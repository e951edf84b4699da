import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `AVAssetWriter` as programs use it: pictures drawn into pixel buffers, and a reader's samples transcoded, checked
/// with ffprobe and ffmpeg's decoding of what was written.
@Suite struct AssetWriterTests {
    /// A fresh path for a file called `name`.
    private func path(_ name: String) throws -> URL {
        URL(fileURLWithPath: try MediaTool.freshDirectory(prefix: "asset-writer")).appendingPathComponent(name)
    }

    /// H.264 at `width` x `height`.
    private func videoSettings(width: Int = 160, height: Int = 120) -> [String: Any] {
        [AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: width, AVVideoHeightKey: height]
    }

    /// The colour of frame `index`: red, green, blue in turn.
    private static func color(_ index: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        [(220, 30, 30), (30, 220, 30), (30, 30, 220)][index % 3]
    }

    /// Writes `count` frames at 30 fps of `format` pixel buffers from the adaptor's pool, each filled with
    /// `color(index)` (`offsets` place red, green and blue in a pixel of `size` bytes), into `url`.
    private func writeColors(to url: URL, format: OSType, size: Int, offsets: (Int, Int, Int), count: Int,
                             session: (start: CMTime, end: CMTime?) = (.zero, nil),
                             endingAfterwards: CMTime? = nil,
                             settings: [String: Any]? = nil) async throws -> AVAssetWriter {
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: settings ?? videoSettings())
        let adaptor = AVAssetWriterInputPixelBufferAdaptor(
            assetWriterInput: input, sourcePixelBufferAttributes: [kCVPixelBufferPixelFormatTypeKey as String: format])
        #expect(writer.canAdd(input))
        writer.add(input)
        #expect(adaptor.pixelBufferPool == nil)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: session.start)
        if let end = session.end { writer.endSession(atSourceTime: end) }
        let pool = try #require(adaptor.pixelBufferPool)
        for index in 0..<count {
            var made: CVPixelBuffer?
            #expect(CVPixelBufferPoolCreatePixelBuffer(kCFAllocatorDefault, pool, &made) == kCVReturnSuccess)
            let buffer = try #require(made)
            CVPixelBufferLockBaseAddress(buffer, [])
            let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
            let row = CVPixelBufferGetBytesPerRow(buffer)
            let color = Self.color(index)
            for y in 0..<CVPixelBufferGetHeight(buffer) {
                for x in 0..<CVPixelBufferGetWidth(buffer) {
                    let pixel = base + y * row + x * size
                    (pixel[offsets.0], pixel[offsets.1], pixel[offsets.2]) = (color.r, color.g, color.b)
                    if size == 4 { pixel[6 - offsets.0 - offsets.1 - offsets.2] = 255 }
                }
            }
            CVPixelBufferUnlockBaseAddress(buffer, [])
            #expect(input.isReadyForMoreMediaData)
            #expect(adaptor.append(buffer, withPresentationTime: CMTime(value: Int64(index), timescale: 30)))
        }
        input.markAsFinished()
        #expect(!input.isReadyForMoreMediaData)
        if let endingAfterwards { writer.endSession(atSourceTime: endingAfterwards) }
        await writer.finishWriting()
        return writer
    }

    /// A writer of one video input with `settings` (H.264 at 160x120 by default), turned by `transform`, writing and in
    /// its session from zero, and the input's pixel buffer adaptor with `attributes`.
    private func videoWriter(_ url: URL, fileType: AVFileType = .mp4, settings: [String: Any]? = nil,
                             transform: CGAffineTransform = .identity, attributes: [String: Any]? = nil)
        throws -> (AVAssetWriter, AVAssetWriterInputPixelBufferAdaptor) {
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        let input = AVAssetWriterInput(mediaType: .video, outputSettings: settings ?? videoSettings())
        input.transform = transform
        let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: attributes)
        writer.add(input)
        #expect(writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        return (writer, adaptor)
    }

    /// A new buffer from `adaptor`'s pool.
    private func pooledBuffer(_ adaptor: AVAssetWriterInputPixelBufferAdaptor) throws -> CVPixelBuffer {
        var made: CVPixelBuffer?
        #expect(CVPixelBufferPoolCreatePixelBuffer(kCFAllocatorDefault, try #require(adaptor.pixelBufferPool), &made)
                == kCVReturnSuccess)
        return try #require(made)
    }

    /// The rgb24 pictures ffmpeg decodes from `url`, `width` x `height`.
    private func decoded(_ url: URL, width: Int = 160, height: Int = 120) throws -> RGBVideo {
        try RGBVideo(path: url.path, width: width, height: height)
    }

    @Test(arguments: [
        ("32BGRA", kCVPixelFormatType_32BGRA, 4, (2, 1, 0)), ("32ARGB", kCVPixelFormatType_32ARGB, 4, (1, 2, 3)),
        ("32RGBA", kCVPixelFormatType_32RGBA, 4, (0, 1, 2)), ("24RGB", kCVPixelFormatType_24RGB, 3, (0, 1, 2)),
        ("24BGR", kCVPixelFormatType_24BGR, 3, (2, 1, 0)),
    ])
    func pixelBuffersAProgramFillsAreTheFramesOfTheFile(name: String, format: OSType, size: Int,
                                                        offsets: (Int, Int, Int)) async throws {
        let url = try path("\(name).mp4")
        let writer = try await writeColors(to: url, format: format, size: size, offsets: offsets, count: 45)
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let probe = try ProbeReport(path: url.path)
        #expect(ProbeReport.string(probe.video, "codec_name") == "h264")
        #expect(ProbeReport.string(probe.video, "pix_fmt") == "yuv420p")
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "45")
        #expect(abs(probe.formatDuration - 1.5) < 0.001, "\(probe.formatDuration)")
        let video = try decoded(url)
        #expect(video.frameCount == 45)
        for frame in 0..<45 {
            let (r, g, b) = video.rgb(frame, 80, 60)
            let color = Self.color(frame)
            #expect(abs(r - Int(color.r)) <= 6 && abs(g - Int(color.g)) <= 6 && abs(b - Int(color.b)) <= 6,
                    "frame \(frame) of \(name): \(r), \(g), \(b) for \(color)")
        }
    }

    @Test func yCbCrBuffersAreWrittenAsTheirLevels() async throws {
        let url = try path("planes.mp4")
        let (writer, adaptor) = try videoWriter(url, fileType: .mov)
        // Luma levels 40, 120 and 200 with neutral chroma, made without the pool.
        for (index, level) in [40, 120, 200].enumerated() {
            var made: CVPixelBuffer?
            #expect(CVPixelBufferCreate(kCFAllocatorDefault, 160, 120, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
                                        nil, &made) == kCVReturnSuccess)
            let buffer = try #require(made)
            #expect(CVPixelBufferGetPlaneCount(buffer) == 2)
            let luma = CVPixelBufferGetBaseAddressOfPlane(buffer, 0)!.assumingMemoryBound(to: UInt8.self)
            for y in 0..<120 {
                for x in 0..<160 { luma[y * CVPixelBufferGetBytesPerRowOfPlane(buffer, 0) + x] = UInt8(level) }
            }
            #expect(adaptor.append(buffer, withPresentationTime: CMTime(value: Int64(index), timescale: 10)))
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let planes = try MediaTool.ffmpeg(["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        let frameBytes = 160 * 120 * 3 / 2
        #expect(planes.count == 3 * frameBytes)
        for (index, level) in [40, 120, 200].enumerated() {
            #expect(abs(Int(planes[index * frameBytes + 60 * 160 + 80]) - level) <= 1, "frame \(index)")
            #expect(abs(Int(planes[index * frameBytes + 160 * 120 + 30 * 80 + 40]) - 128) <= 1, "frame \(index)")
        }
        #expect(abs(try ProbeReport(path: url.path).formatDuration - 0.3) < 0.001)
    }

    @Test func theSessionsStartAndEndCutThePictures() async throws {
        let url = try path("session.mp4")
        let writer = try await writeColors(to: url, format: kCVPixelFormatType_32BGRA, size: 4, offsets: (2, 1, 0),
                                           count: 30, session: (CMTime(value: 1, timescale: 5), CMTime(value: 1, timescale: 2)))
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let probe = try ProbeReport(path: url.path)
        // Frames 6 (0.2 s) to 14 (ends at 0.5 s): nine pictures lasting 0.3 s, the first one frame 6's.
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "9")
        #expect(abs(probe.formatDuration - 0.3) < 0.001, "\(probe.formatDuration)")
        let (r, g, b) = try decoded(url).rgb(0, 80, 60)
        // Frame 6 is red; frame 5, before the start, was blue.
        #expect(r > 180 && g < 60 && b < 60, "\(r) \(g) \(b)")
    }

    @Test func anInputsTransformTurnsThePicturesAsPlayersShowThem() async throws {
        let url = try path("portrait.mp4")
        // A quarter turn clockwise, as a phone held upright records.
        let (writer, adaptor) = try videoWriter(url, transform: CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 120, ty: 0))
        let buffer = try pooledBuffer(adaptor)
        // The top half red, the bottom half blue.
        let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<120 {
            for x in 0..<160 {
                let pixel = base + y * CVPixelBufferGetBytesPerRow(buffer) + x * 4
                (pixel[0], pixel[1], pixel[2], pixel[3]) = y < 60 ? (0, 0, 255, 255) : (255, 0, 0, 255)
            }
        }
        #expect(adaptor.append(buffer, withPresentationTime: .zero))
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let probe = try MediaTool.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries",
                                                  "stream_side_data=rotation", "-of", "csv=p=0", url.path])
        #expect(String(decoding: probe, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "-90")
        // Read back upright: 120 wide and 160 high, the red half on the right.
        let track = try #require(AVURLAsset(url: url).tracks(withMediaType: .video).first)
        #expect(track.naturalSize == CGSize(width: 120, height: 160))
        let upright = try RGBVideo(path: url.path, width: 120, height: 160)
        let (right, left) = (upright.rgb(0, 100, 80), upright.rgb(0, 20, 80))
        #expect(right.r > 180 && right.b < 60 && left.b > 180 && left.r < 60, "\(right) \(left)")
    }

    @Test func aSessionEndSetAfterTheSoundCutsItWhereThePicturesEnd() async throws {
        // A second of sound under half a second of pictures, the end set after both were appended.
        let asset = AVURLAsset(url: try AssetReaderTests.pattern.get())
        let reader = try AVAssetReader(asset: asset)
        let sound = AVAssetReaderAudioMixOutput(audioTracks: asset.tracks(withMediaType: .audio), audioSettings: nil)
        reader.add(sound)
        let url = try path("cut.mp4")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        let videoInput = AVAssetWriterInput(mediaType: .video, outputSettings: videoSettings())
        let audioInput = AVAssetWriterInput(mediaType: .audio, outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC,
                                                                                AVSampleRateKey: 48000])
        let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: videoInput, sourcePixelBufferAttributes: nil)
        writer.add(videoInput)
        writer.add(audioInput)
        #expect(reader.startReading() && writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        for index in 0..<15 {
            #expect(adaptor.append(try pooledBuffer(adaptor), withPresentationTime: CMTime(value: Int64(index), timescale: 30)))
        }
        while let buffer = sound.copyNextSampleBuffer() { #expect(audioInput.append(buffer)) }
        writer.endSession(atSourceTime: CMTime(value: 1, timescale: 2))
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        // AAC's last packet carries padding past the cut, which the stream's duration leaves out.
        let probe = try ProbeReport(path: url.path)
        #expect(abs((ProbeReport.number(probe.audio, "duration") ?? 0) - 0.5) < 0.022, "\(probe.streams)")
        #expect(abs((ProbeReport.number(probe.video, "duration") ?? 0) - 0.5) < 0.001)
    }

    @Test func inputsFedInAnyOrderWriteTheSameBytes() async throws {
        // 25 seconds: well past libavformat's usual ten-second wait for a stream that lags, after which it would mux
        // what it holds in the order it came.
        let source = try path("long.mov")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=10:duration=25",
                              "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=25",
                              "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "pcm_s16le", source.path])
        let interleaved = try path("interleaved.mp4"), oneThenOther = try path("one-then-other.mp4")
        try await transcode(source, to: interleaved)
        try await transcode(source, to: oneThenOther, sequentially: true)
        #expect(try MediaTool.sha256(interleaved.path) == MediaTool.sha256(oneThenOther.path))
    }

    @Test(arguments: [
        // Mode, then (x, y, expected colour) in the 160x120 picture of a 320x120 source banded green, red, blue, green.
        ("AVVideoScalingModeResize", [(20, 60, "green"), (60, 60, "red"), (100, 60, "blue"), (140, 60, "green")]),
        ("AVVideoScalingModeResizeAspectFill", [(20, 60, "red"), (60, 60, "red"), (100, 60, "blue"), (140, 60, "blue")]),
        ("AVVideoScalingModeResizeAspect", [(20, 60, "green"), (60, 60, "red"), (80, 10, "black"), (80, 110, "black")]),
    ])
    func scalingModesPlacePicturesOfAnotherShape(mode: String, points: [(Int, Int, String)]) async throws {
        let url = try path("scaled.mp4")
        let (writer, adaptor) = try videoWriter(url, settings: videoSettings().merging([
            AVVideoScalingModeKey: mode,
            AVVideoColorPropertiesKey: [AVVideoColorPrimariesKey: AVVideoColorPrimaries_ITU_R_709_2,
                                        AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2,
                                        AVVideoYCbCrMatrixKey: AVVideoYCbCrMatrix_ITU_R_709_2],
        ]) { $1 }, attributes: [kCVPixelBufferWidthKey as String: 320, kCVPixelBufferHeightKey as String: 120])
        let buffer = try pooledBuffer(adaptor)
        #expect(CVPixelBufferGetWidth(buffer) == 320)
        let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
        for y in 0..<120 {
            for x in 0..<320 {
                let pixel = base + y * CVPixelBufferGetBytesPerRow(buffer) + x * 4
                let (r, g, b): (UInt8, UInt8, UInt8) = x < 80 || x >= 240 ? (0, 255, 0) : x < 160 ? (255, 0, 0) : (0, 0, 255)
                (pixel[0], pixel[1], pixel[2], pixel[3]) = (b, g, r, 255)
            }
        }
        #expect(adaptor.append(buffer, withPresentationTime: .zero))
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        let video = try decoded(url)
        let colors = ["green": (0, 255, 0), "red": (255, 0, 0), "blue": (0, 0, 255), "black": (0, 0, 0)]
        for (x, y, name) in points {
            let (r, g, b) = video.rgb(0, x, y), expected = colors[name]!
            #expect(abs(r - expected.0) < 40 && abs(g - expected.1) < 40 && abs(b - expected.2) < 40,
                    "\(mode) at \(x), \(y): \(r), \(g), \(b), not \(name)")
        }
    }

    @Test func keyframesComeAsOftenAsTheSettingsSayInFramesOrSeconds() async throws {
        for (name, properties) in [("frames", [AVVideoMaxKeyFrameIntervalKey: 15] as [String: Any]),
                                   ("seconds", [AVVideoMaxKeyFrameIntervalDurationKey: 0.5,
                                                AVVideoExpectedSourceFrameRateKey: 30])] {
            let url = try path("keyframes-\(name).mp4")
            // The older codec constant, as programs written before AVVideoCodecType say it.
            let settings: [String: Any] = [AVVideoCodecKey: AVVideoCodecH264, AVVideoWidthKey: 160, AVVideoHeightKey: 120,
                                           AVVideoCompressionPropertiesKey: properties]
            // One still picture throughout, so no change of scene adds keyframes of its own.
            let (writer, adaptor) = try videoWriter(url, settings: settings)
            let buffer = try pooledBuffer(adaptor)
            for index in 0..<45 {
                #expect(adaptor.append(buffer, withPresentationTime: CMTime(value: Int64(index), timescale: 30)))
            }
            await writer.finishWriting()
            #expect(writer.status == .completed, "\(String(describing: writer.error))")
            let keyframes = try packets(url, "v").enumerated().filter { $0.element.hasSuffix("K_") }.map(\.offset)
            #expect(keyframes == [0, 15, 30], "\(name)")
        }
    }

    @Test func theSameProgramWritesTheSameBytes() async throws {
        let first = try path("a.mp4"), second = try path("b.mp4")
        _ = try await writeColors(to: first, format: kCVPixelFormatType_32BGRA, size: 4, offsets: (2, 1, 0), count: 20)
        _ = try await writeColors(to: second, format: kCVPixelFormatType_32BGRA, size: 4, offsets: (2, 1, 0), count: 20)
        #expect(try MediaTool.sha256(first.path) == MediaTool.sha256(second.path))
    }

    /// Reads `source`'s pictures (BGRA) and sound (16-bit) and writes them as H.264 and AAC to `url`, each input fed
    /// from its own queue as programs transcode, or `sequentially`: all pictures, then all sound.
    private func transcode(_ source: URL, to url: URL, sequentially: Bool = false) async throws {
        let asset = AVURLAsset(url: source)
        let reader = try AVAssetReader(asset: asset)
        let pictures = AVAssetReaderTrackOutput(
            track: try #require(asset.tracks(withMediaType: .video).first),
            outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
        let sound = AVAssetReaderTrackOutput(
            track: try #require(asset.tracks(withMediaType: .audio).first),
            outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16])
        reader.add(pictures)
        reader.add(sound)
        let writer = try AVAssetWriter(outputURL: url, fileType: .mp4)
        writer.shouldOptimizeForNetworkUse = true
        let title = AVMutableMetadataItem()
        title.identifier = .commonIdentifierTitle
        title.value = "Transcoded" as NSString
        writer.metadata = [title]
        let videoInput = AVAssetWriterInput(mediaType: .video, outputSettings: videoSettings())
        let audioInput = AVAssetWriterInput(mediaType: .audio, outputSettings: [
            AVFormatIDKey: kAudioFormatMPEG4AAC, AVSampleRateKey: 44_100, AVNumberOfChannelsKey: 2,
            AVEncoderBitRatePerChannelKey: 48_000,
        ])
        writer.add(videoInput)
        writer.add(audioInput)
        #expect(reader.startReading())
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        if sequentially {
            for (input, output) in [(videoInput, pictures), (audioInput, sound)] {
                while let buffer = output.copyNextSampleBuffer() { #expect(input.append(buffer)) }
                input.markAsFinished()
            }
        } else {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let group = DispatchGroup()
                for (input, output, label) in [(videoInput, pictures, "video"), (audioInput, sound, "audio")] {
                    group.enter()
                    input.requestMediaDataWhenReady(on: DispatchQueue(label: label)) {
                        while input.isReadyForMoreMediaData {
                            guard let buffer = output.copyNextSampleBuffer() else {
                                input.markAsFinished()
                                group.leave()
                                return
                            }
                            input.append(buffer)
                        }
                    }
                }
                group.notify(queue: .global()) { done.resume() }
            }
        }
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
    }

    @Test func aReaderToWriterTranscodeKeepsPicturesAndSound() async throws {
        let source = try AssetReaderTests.pattern.get()
        let url = try path("transcode.mp4")
        try await transcode(source, to: url)
        let probe = try ProbeReport(path: url.path)
        #expect(probe.formatTags["title"] == "Transcoded")
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "30")
        #expect(ProbeReport.string(probe.audio, "codec_name") == "aac")
        #expect(ProbeReport.string(probe.audio, "sample_rate") == "44100")
        #expect(ProbeReport.number(probe.audio, "channels") == 2)
        // 48 kb/s per channel asked for: AAC's rate control lands near 96 kb/s.
        let bitRate = try #require(ProbeReport.number(probe.audio, "bit_rate"))
        #expect(bitRate > 70_000 && bitRate < 120_000, "\(bitRate)")
        #expect(abs((ProbeReport.number(probe.video, "duration") ?? 0) - 1.0) < 0.001)
        #expect(abs((ProbeReport.number(probe.audio, "duration") ?? 0) - 1.0) < 0.03)
        // Pictures: each within coding loss of ffmpeg's decoding of the source's same frame.
        let written = try decoded(url), original = try decoded(source)
        for frame in [0, 10, 29] {
            var total = 0
            for y in stride(from: 0, to: 120, by: 4) {
                for x in stride(from: 0, to: 160, by: 4) {
                    let (a, b) = (written.rgb(frame, x, y), original.rgb(frame, x, y))
                    total += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
                }
            }
            #expect(Double(total) / Double(40 * 30 * 3) < 8, "frame \(frame)")
        }
        // Sound: ffmpeg's 440 Hz tone (amplitude 1/8) through the middle, the mono source in each channel at -3 dB.
        let (rms, crossings) = try tone(url)
        #expect(abs(rms - 0.125 / 2) < 0.004, "rms \(rms)")
        #expect(abs(crossings - 352) <= 2, "\(crossings) rising zero crossings in 0.8 s")
    }

    /// The level and rising zero crossings of the first channel of the sound ffmpeg decodes from `url`, at 44.1 kHz,
    /// from 0.1 s to 0.9 s.
    private func tone(_ url: URL) throws -> (rms: Double, crossings: Int) {
        // The first channel only: ffmpeg's own downmix would add its matrix to the one under test.
        let samples = try MediaTool.ffmpeg(["-v", "error", "-i", url.path, "-af", "pan=mono|c0=c0", "-f", "s16le",
                                            "-ar", "44100", "-"])
        let values = samples.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let middle = values[4410..<39690].map { Double($0) / 32768 }
        let rms = (middle.map { $0 * $0 }.reduce(0, +) / Double(middle.count)).squareRoot()
        return (rms, zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count)
    }

    /// A linear PCM layout an audio reader output is asked for.
    struct SoundLayout: Sendable, CustomTestStringConvertible {
        var name: String
        var bits: Int
        var isFloat = false
        var isBigEndian = false
        var isNonInterleaved = false
        var rate: Int?
        var channels: Int?

        var testDescription: String { name }

        /// The reader's audio settings.
        var settings: [String: Any] {
            var settings: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: bits,
                                           AVLinearPCMIsFloatKey: isFloat, AVLinearPCMIsBigEndianKey: isBigEndian,
                                           AVLinearPCMIsNonInterleaved: isNonInterleaved]
            if let rate { settings[AVSampleRateKey] = rate }
            if let channels { settings[AVNumberOfChannelsKey] = channels }
            return settings
        }
    }

    @Test(arguments: [
        SoundLayout(name: "8-bit", bits: 8),
        SoundLayout(name: "24-bit big-endian", bits: 24, isBigEndian: true),
        SoundLayout(name: "32-bit float in planes", bits: 32, isFloat: true, isNonInterleaved: true),
        SoundLayout(name: "64-bit float at 22050 Hz", bits: 64, isFloat: true, rate: 22050),
    ])
    func everyPCMLayoutAReaderHandsOutIsWritten(layout: SoundLayout) async throws {
        let name = layout.name
        let asset = AVURLAsset(url: try AssetReaderTests.pattern.get())
        let reader = try AVAssetReader(asset: asset)
        let sound = AVAssetReaderAudioMixOutput(audioTracks: asset.tracks(withMediaType: .audio),
                                                audioSettings: layout.settings)
        reader.add(sound)
        let url = try path("sound.m4a")
        let writer = try AVAssetWriter(outputURL: url, fileType: .m4a)
        #expect(writer.availableMediaTypes == [.audio])
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC,
                                                                           AVNumberOfChannelsKey: 1])
        writer.add(input)
        #expect(reader.startReading() && writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        while let buffer = sound.copyNextSampleBuffer() { #expect(input.append(buffer), "\(name)") }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(name): \(String(describing: writer.error))")
        let (rms, crossings) = try tone(url)
        #expect(abs(rms - 0.125 / 2.squareRoot()) < 0.004, "\(name): rms \(rms)")
        #expect(abs(crossings - 352) <= 2, "\(name): \(crossings) rising zero crossings in 0.8 s")
        #expect(abs(try ProbeReport(path: url.path).formatDuration - 1.0) < 0.03, "\(name)")
    }

    /// The pattern's sound written as `format` in `fileType` with `quality` (none when nil); its packets.
    private func encoded(_ format: AudioFormatID, in fileType: AVFileType, quality: Any?) async throws -> [String] {
        let asset = AVURLAsset(url: try AssetReaderTests.pattern.get())
        let reader = try AVAssetReader(asset: asset)
        let sound = AVAssetReaderAudioMixOutput(audioTracks: asset.tracks(withMediaType: .audio),
                                                audioSettings: SoundLayout(name: "16-bit", bits: 16).settings)
        reader.add(sound)
        let url = try path("quality." + (fileType == .mkv ? "mkv" : "m4a"))
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        var settings: [String: Any] = [AVFormatIDKey: format, AVNumberOfChannelsKey: 2, AVEncoderBitRateKey: 96_000]
        if let quality { settings[AVEncoderAudioQualityKey] = quality }
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: settings)
        writer.add(input)
        #expect(reader.startReading() && writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        while let buffer = sound.copyNextSampleBuffer() { #expect(input.append(buffer)) }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(abs(try ProbeReport(path: url.path).formatDuration - 1.0) < 0.05)
        return try packets(url, "a")
    }

    @Test func audioQualitySetsHowHardAACAndOpusEncodersWork() async throws {
        for (format, fileType) in [(kAudioFormatMPEG4AAC, AVFileType.m4a), (kAudioFormatOpus, .mkv)] {
            let plain = try await encoded(format, in: fileType, quality: nil)
            // The best is each encoder's default; the least is a faster search (AAC) or complexity 0 (Opus).
            #expect(try await encoded(format, in: fileType, quality: AVAudioQuality.max.rawValue) == plain)
            let least = try await encoded(format, in: fileType, quality: AVAudioQuality.min.rawValue)
            #expect(least.count == plain.count && least != plain, "\(fileType)")
        }
    }

    /// Each packet of `url`'s stream `stream` (`v` or `a`) as ffprobe lists it: presentation and decode time,
    /// size, and whether it is a keyframe.
    private func packets(_ url: URL, _ stream: String) throws -> [String] {
        let text = try MediaTool.run("ffprobe", ["-v", "error", "-select_streams", stream, "-show_entries",
                                                 "packet=pts_time,dts_time,size,flags", "-of", "csv=p=0", url.path])
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func storedSamplesAreReadAndCopiedAsTheFileHoldsThem() async throws {
        let source = try AssetReaderTests.pattern.get()
        let asset = AVURLAsset(url: source)
        let videoTrack = try #require(asset.tracks(withMediaType: .video).first)
        let audioTrack = try #require(asset.tracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let pictures = AVAssetReaderTrackOutput(track: videoTrack, outputSettings: nil)
        let sound = AVAssetReaderTrackOutput(track: audioTrack, outputSettings: nil)
        reader.add(pictures)
        reader.add(sound)
        let url = try path("remux.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let videoFormat = try #require(videoTrack.formatDescriptions.first as? CMFormatDescription)
        let audioFormat = try #require(audioTrack.formatDescriptions.first as? CMFormatDescription)
        let videoInput = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: videoFormat)
        let audioInput = AVAssetWriterInput(mediaType: .audio, outputSettings: nil, sourceFormatHint: audioFormat)
        #expect(writer.canAdd(videoInput) && writer.canAdd(audioInput))
        writer.add(videoInput)
        writer.add(audioInput)
        #expect(reader.startReading() && writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        // The samples as ffprobe lists the file's packets: times, sizes and keyframes.
        var listed: [String] = []
        while let sample = pictures.copyNextSampleBuffer() {
            let attachments = CMSampleBufferGetSampleAttachmentsArray(sample, createIfNecessary: false) as? [[CFString: Any]]
            let notSync = attachments?.first?[kCMSampleAttachmentKey_NotSync] as? Bool ?? false
            let flags = notSync ? "__" : "K_"
            listed.append(String(format: "%.6f,%.6f,%d,", sample.presentationTimeStamp.seconds,
                                 CMSampleBufferGetDecodeTimeStamp(sample).seconds, CMSampleBufferGetTotalSampleSize(sample))
                          + flags)
            #expect(videoInput.append(sample))
        }
        #expect(listed == (try packets(source, "v")))
        while let sample = sound.copyNextSampleBuffer() { #expect(audioInput.append(sample)) }
        videoInput.markAsFinished()
        audioInput.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        // The same stored samples, so the same pictures and sound once decoded.
        for stream in ["0:v", "0:a"] {
            let hashes = try [source, url].map { file in
                String(decoding: try MediaTool.ffmpeg(["-v", "error", "-i", file.path, "-map", stream, "-f", "framemd5",
                                                       "-"]), as: UTF8.self)
                    .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",").last ?? "" }
            }
            #expect(hashes[0].count > 0 && hashes[0] == hashes[1], "\(stream)")
        }
        #expect(try packets(url, "v").map { $0.split(separator: ",")[2] } == (try packets(source, "v")).map { $0.split(separator: ",")[2] })
    }

    @Test func writersRefuseWhatTheyCannotWrite() async throws {
        let cases: [(String, AVMediaType, [String: Any]?, String)] = [
            ("no codec", .video, [AVVideoWidthKey: 160, AVVideoHeightKey: 120],
             "AVAssetWriterInput 1 (video): AVVideoCodecKey is not set; set it to AVVideoCodecType.h264 or .hevc"),
            ("odd width", .video, videoSettings(width: 161),
             "AVAssetWriterInput 1 (video): AVVideoWidthKey must be even for 4:2:0 pictures, not 161"),
            ("unknown key", .video, videoSettings().merging(["AVVideoPixelAspectRatioKey": [:] as [String: Any]]) { $1 },
             "AVAssetWriterInput 1 (video): the video setting 'AVVideoPixelAspectRatioKey' is not read here; the "
                + "settings read are the codec, width, height, scaling mode, colour properties and compression "
                + "properties"),
            ("fit", .video, videoSettings().merging([AVVideoScalingModeKey: "AVVideoScalingModeFit"]) { $1 },
             "AVAssetWriterInput 1 (video): scaling mode AVVideoScalingModeFit is not written here; the modes are "
                + "AVVideoScalingModeResize, AVVideoScalingModeResizeAspect and AVVideoScalingModeResizeAspectFill"),
            ("wide gamut", .video, videoSettings().merging([
                AVVideoColorPropertiesKey: [AVVideoColorPrimariesKey: "ITU_R_2020"]]) { $1 },
             "AVAssetWriterInput 1 (video): colour properties [\"ColorPrimaries\": \"ITU_R_2020\"] are not written "
                + "here; pictures are written in BT.709 (ITU_R_709_2 primaries, transfer function and matrix)"),
            ("prores", .video, [AVVideoCodecKey: "apcn", AVVideoWidthKey: 160, AVVideoHeightKey: 120],
             "AVAssetWriterInput 1 (video): codec 'apcn' is not written here; the codecs are avc1 and hvc1"),
            ("linear PCM", .audio, [AVFormatIDKey: kAudioFormatLinearPCM],
             "AVAssetWriterInput 1 (audio): linear PCM is not stored in MPEG-4 files here; write it to a WAVE, AIFF, "
                + "CAF or QuickTime file, or encode AAC"),
            ("MP3", .audio, [AVFormatIDKey: 0x2E6D_7033],
             "AVAssetWriterInput 1 (audio): AVFormatIDKey must be kAudioFormatMPEG4AAC, kAudioFormatOpus, "
                + "kAudioFormatAppleLossless or kAudioFormatLinearPCM"),
            ("nil settings", .audio, nil,
             "AVAssetWriterInput 1 (audio): nil output settings copy stored samples, which needs a sourceFormatHint "
                + "from the audio track of a file they come from; give it, or the codec settings to encode with"),
        ]
        for (name, type, settings, message) in cases {
            let writer = try AVAssetWriter(outputURL: try path("refused.mp4"), fileType: .mp4)
            let input = AVAssetWriterInput(mediaType: type, outputSettings: settings)
            #expect(!writer.canAdd(input), "\(name)")
            writer.add(input)
            #expect(!writer.startWriting(), "\(name)")
            #expect(writer.status == .failed)
            #expect("\(writer.error.map { "\($0)" } ?? "")" == "operationNotSupportedForAsset (-11838): \(message)",
                    "\(name)")
        }
    }

    @Test func aFailedOrCancelledWriterLeavesNoFile() async throws {
        let existing = try path("existing.mp4")
        try Data([1, 2, 3]).write(to: existing)
        let blocked = try AVAssetWriter(outputURL: existing, fileType: .mp4)
        blocked.add(AVAssetWriterInput(mediaType: .video, outputSettings: videoSettings()))
        #expect(!blocked.startWriting())
        #expect("\(blocked.error!)" == "fileAlreadyExists (-11823): a file already exists at '\(existing.path)'; "
                + "remove it or choose another URL")
        #expect(try Data(contentsOf: existing) == Data([1, 2, 3]))

        let url = try path("backwards.mp4")
        let (writer, adaptor) = try videoWriter(url)
        let buffer = try pooledBuffer(adaptor)
        #expect(adaptor.append(buffer, withPresentationTime: CMTime(value: 2, timescale: 10)))
        #expect(!adaptor.append(buffer, withPresentationTime: CMTime(value: 1, timescale: 10)))
        #expect(writer.status == .failed)
        #expect("\(writer.error!)" == "unknown (-11800): AVAssetWriterInput 1 (video): a picture at 0.1 s follows "
                + "one at 0.2 s; pictures are appended in presentation order")
        #expect(!FileManager.default.fileExists(atPath: url.path))

        // A session's end set after pictures past it were encoded cannot cut them.
        let late = try path("late.mp4")
        let lateWriter = try await writeColors(to: late, format: kCVPixelFormatType_32BGRA, size: 4, offsets: (2, 1, 0),
                                               count: 3, endingAfterwards: CMTime(value: 1, timescale: 30))
        #expect(lateWriter.status == .failed)
        #expect("\(lateWriter.error!)" == "unknown (-11800): AVAssetWriterInput 1 (video): video was encoded until "
                + "0.067 s, past the session's end at 0.033 s; call endSession(atSourceTime:) before appending beyond "
                + "it, or append nothing past it")
        #expect(!FileManager.default.fileExists(atPath: late.path))

        let cancelled = try path("cancelled.mp4")
        let other = try AVAssetWriter(outputURL: cancelled, fileType: .mp4)
        other.add(AVAssetWriterInput(mediaType: .video, outputSettings: videoSettings()))
        #expect(other.startWriting())
        #expect(FileManager.default.fileExists(atPath: cancelled.path))
        other.cancelWriting()
        #expect(other.status == .cancelled)
        #expect(!FileManager.default.fileExists(atPath: cancelled.path))
    }
}
