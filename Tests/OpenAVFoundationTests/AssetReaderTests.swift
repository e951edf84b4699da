import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `AVAssetReader` as programs use it: pictures and sound read through track, video composition and audio mix
/// outputs, checked against the ffmpeg CLI's own decoding of the same files
/// (and, for pictures, its exact YUV to RGB conversion).
@Suite struct AssetReaderTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// A second of moving test pattern, 160x120 at 30 fps, with a 440 Hz tone at 48 kHz, made once.
    static let pattern = Result { () throws -> URL in
        let directory = try MediaTool.freshDirectory(prefix: "asset-reader")
        let url = URL(fileURLWithPath: directory).appendingPathComponent("pattern.mp4")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1",
                              "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
                              "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p",
                              "-c:a", "pcm_s16le", "-shortest", url.path.replacingOccurrences(of: ".mp4", with: ".mov")])
        return URL(fileURLWithPath: url.path.replacingOccurrences(of: ".mp4", with: ".mov"))
    }

    /// Every buffer `output` hands out once `reader` starts.
    private func readAll(_ reader: AVAssetReader, _ output: AVAssetReaderOutput) -> [CMSampleBuffer] {
        #expect(reader.startReading(), "\(String(describing: reader.error))")
        var buffers: [CMSampleBuffer] = []
        while let buffer = output.copyNextSampleBuffer() { buffers.append(buffer) }
        return buffers
    }

    /// The pixel bytes of a packed buffer as rgb24 rows without padding, read as a program reads them.
    private func rgb(of buffer: CVPixelBuffer, red: Int, green: Int, blue: Int, size: Int) -> [UInt8] {
        #expect(CVPixelBufferLockBaseAddress(buffer, .readOnly) == kCVReturnSuccess)
        defer { _ = CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
        let width = CVPixelBufferGetWidth(buffer), height = CVPixelBufferGetHeight(buffer)
        let row = CVPixelBufferGetBytesPerRow(buffer)
        let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let pixel = base + y * row + x * size
                out += [pixel[red], pixel[green], pixel[blue]]
            }
        }
        return out
    }

    @Test func aVideoTracksPicturesAreTheFramesFFmpegDecodes() throws {
        let url = try Self.pattern.get()
        let asset = AVURLAsset(url: url)
        let track = try #require(asset.tracks(withMediaType: .video).first)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(
            track: track, outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA])
        #expect(reader.canAdd(output))
        reader.add(output)
        #expect(!reader.canAdd(output))
        let buffers = readAll(reader, output)
        #expect(reader.status == .completed)
        #expect(buffers.count == 30)
        // ffmpeg's exact conversion (its default one takes shortcuts in rounding and chroma).
        let decoded = try MediaTool.ffmpeg(["-i", url.path, "-vf", "scale=flags=accurate_rnd+full_chroma_int",
                                            "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let frameBytes = 160 * 120 * 3
        #expect(decoded.count == 30 * frameBytes)
        for (index, buffer) in buffers.enumerated() {
            #expect(CMSampleBufferGetPresentationTimeStamp(buffer) == CMTime(value: Int64(index), timescale: 30))
            #expect(buffer.duration == CMTime(value: 1, timescale: 30))
            #expect(CMSampleBufferGetNumSamples(buffer) == 1)
            let image = try #require(CMSampleBufferGetImageBuffer(buffer))
            #expect(CVPixelBufferGetPixelFormatType(image) == kCVPixelFormatType_32BGRA)
            #expect(CVPixelBufferGetWidth(image) == 160 && CVPixelBufferGetHeight(image) == 120)
            #expect(CVPixelBufferGetBytesPerRow(image) >= 640)
            let pixels = rgb(of: image, red: 2, green: 1, blue: 0, size: 4)
            // Each picture matches ffmpeg's picture of the same frame closely, and the next frame's less closely.
            func difference(_ frame: Int) -> Double {
                guard (frame + 1) * frameBytes <= decoded.count else { return .infinity }
                let theirs = decoded[(decoded.startIndex + frame * frameBytes)...].prefix(frameBytes)
                return Double(zip(pixels, theirs).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(frameBytes)
            }
            let same = difference(index), next = difference(index + 1)
            #expect(same < 1.5, "frame \(index): mean difference \(same) from ffmpeg's")
            #expect(next > same + 3, "frame \(index) differs from ffmpeg's next frame by \(next), from its own by \(same)")
        }
        let format = try #require(CMSampleBufferGetFormatDescription(buffers[0]))
        #expect(format.description == "video BGRA 160x120")
        #expect(CMVideoFormatDescriptionGetDimensions(format) == CMVideoDimensions(width: 160, height: 120))
    }

    /// A second of moving test pattern, 320x180 at 30 fps, tagged BT.709 (the compositor's working space), made once.
    static let taggedPattern = Result { () throws -> URL in
        let url = URL(fileURLWithPath: try MediaTool.freshDirectory(prefix: "asset-reader-709"))
            .appendingPathComponent("pattern709.mp4")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=1", "-c:v", "libx264",
                              "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-colorspace", "bt709",
                              "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv", url.path])
        return url
    }

    /// Video and full range: the planes are the decoded source's (BT.709 in, BT.709 out), full range its values
    /// stretched; both as ffmpeg decodes (and stretches) them.
    @Test(arguments: [false, true])
    func biPlanarPicturesAreTheDecodedPlanes(fullRange: Bool) throws {
        let url = try Self.taggedPattern.get()
        let asset = AVURLAsset(url: url)
        let reader = try AVAssetReader(asset: asset)
        let format = fullRange ? kCVPixelFormatType_420YpCbCr8BiPlanarFullRange
            : kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange
        let output = AVAssetReaderTrackOutput(track: try #require(asset.tracks(withMediaType: .video).first),
                                              outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: format])
        reader.add(output)
        let buffers = readAll(reader, output)
        #expect(buffers.count == 30)
        let scale = fullRange ? ["-vf", "scale=in_range=tv:out_range=pc"] : []
        let decoded = [UInt8](try MediaTool.ffmpeg(["-i", url.path] + scale + ["-f", "rawvideo", "-pix_fmt", "nv12", "-"]))
        let frameBytes = 320 * 180 * 3 / 2
        #expect(decoded.count == 30 * frameBytes)
        var largest = 0, total = 0
        for (index, buffer) in buffers.enumerated() {
            let image = try #require(buffer.imageBuffer)
            #expect(CVPixelBufferIsPlanar(image) && CVPixelBufferGetPlaneCount(image) == 2)
            #expect(CVPixelBufferGetPixelFormatType(image) == format)
            #expect(CVPixelBufferGetWidthOfPlane(image, 1) == 160 && CVPixelBufferGetHeightOfPlane(image, 1) == 90)
            CVPixelBufferLockBaseAddress(image, .readOnly)
            defer { CVPixelBufferUnlockBaseAddress(image, .readOnly) }
            var ours: [UInt8] = []
            for (plane, rows, columns) in [(0, 180, 320), (1, 90, 320)] {
                let base = try #require(CVPixelBufferGetBaseAddressOfPlane(image, plane)).assumingMemoryBound(to: UInt8.self)
                let stride = CVPixelBufferGetBytesPerRowOfPlane(image, plane)
                for row in 0..<rows { ours += UnsafeBufferPointer(start: base + row * stride, count: columns) }
            }
            for (mine, theirs) in zip(ours, decoded[(index * frameBytes)...].prefix(frameBytes)) {
                let difference = abs(Int(mine) - Int(theirs))
                largest = max(largest, difference)
                total += difference
            }
        }
        let mean = Double(total) / Double(30 * frameBytes)
        #expect(largest <= (fullRange ? 1 : 0) && mean < 0.5, "largest difference \(largest), mean \(mean)")
        #expect(buffers.first?.formatDescription?.description == (fullRange ? "video 420f 320x180" : "video 420v 320x180"))
    }

    /// Interleaved 16-bit stereo decoded from `url` by ffmpeg.
    private func ffmpegSamples(_ url: URL) throws -> [Int16] {
        let data = try MediaTool.ffmpeg(["-i", url.path, "-vn", "-f", "s16le", "-ac", "2", "-ar", "48000", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// The files and starts `anAudioTracksSoundIsTheSamplesFFmpegDecodes` reads: PCM, and AAC from its start (past
    /// the encoder's priming) and from the middle of a packet.
    static let soundReads: [(file: String, startSample: Int64)] = [("pattern", 0), ("red", 0), ("red", 24_100)]

    @Test(arguments: soundReads)
    func anAudioTracksSoundIsTheSamplesFFmpegDecodes(_ file: String, _ startSample: Int64) throws {
        let url = file == "pattern" ? try Self.pattern.get() : fixtures.url(file + ".mp4")
        let asset = AVURLAsset(url: url)
        let track = try #require(asset.tracks(withMediaType: .audio).first)
        let reader = try AVAssetReader(asset: asset)
        let start = CMTime(value: startSample, timescale: 48000)
        reader.timeRange = CMTimeRange(start: start, duration: .positiveInfinity)
        let output = AVAssetReaderTrackOutput(track: track, outputSettings: [
            AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 16, AVLinearPCMIsFloatKey: false,
            AVLinearPCMIsBigEndianKey: false, AVLinearPCMIsNonInterleaved: false, AVNumberOfChannelsKey: 2,
        ])
        reader.add(output)
        let buffers = readAll(reader, output)
        #expect(reader.status == .completed)
        var samples: [Int16] = []
        var next = start
        for buffer in buffers {
            #expect(buffer.presentationTimeStamp == next)
            next = next + buffer.duration
            let block = try #require(CMSampleBufferGetDataBuffer(buffer))
            let length = CMBlockBufferGetDataLength(block)
            #expect(length == CMSampleBufferGetNumSamples(buffer) * 4)
            var chunk = [Int16](repeating: 0, count: length / 2)
            #expect(chunk.withUnsafeMutableBytes {
                CMBlockBufferCopyDataBytes(block, atOffset: 0, dataLength: length, destination: $0.baseAddress!)
            } == kCMBlockBufferNoErr)
            samples += chunk
        }
        #expect(next == CMTime(value: 48000, timescale: 48000), "the track lasts 1 s")
        // ffmpeg decodes the whole file from its first packet; its AAC ends with the last packet's padding.
        let theirs = try ffmpegSamples(url).dropFirst(Int(startSample) * 2).prefix(samples.count)
        #expect(samples.count == theirs.count)
        // Within 4 steps of 16 bits (-78 dBFS): the sound passes the mixer's float stages and a resampler that places it by
        // its timestamps.
        let largest = zip(samples, theirs).map { abs(Int($0) - Int($1)) }.max() ?? .max
        #expect(largest <= 4, "largest difference from ffmpeg's samples: \(largest)")
        let format = try #require(buffers.first?.formatDescription)
        let basic = try #require(CMAudioFormatDescriptionGetStreamBasicDescription(format)).pointee
        #expect(basic == AudioStreamBasicDescription(
            mSampleRate: 48000, mFormatID: kAudioFormatLinearPCM,
            mFormatFlags: kAudioFormatFlagIsSignedInteger | kAudioFormatFlagIsPacked, mBytesPerPacket: 4,
            mFramesPerPacket: 1, mBytesPerFrame: 4, mChannelsPerFrame: 2, mBitsPerChannel: 16, mReserved: 0))
    }

    @Test func anAudioMixOutputReadsTheMixAsFloatsAtItsVolume() throws {
        let composition = AVMutableComposition()
        let source = AVURLAsset(url: try Self.pattern.get())
        let sourceTrack = try #require(source.tracks(withMediaType: .audio).first)
        let track = try #require(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid))
        try track.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)), of: sourceTrack,
                                  at: .zero)
        func peak(volume: Float?) throws -> (peak: Float, frames: Int, format: CMFormatDescription?) {
            let reader = try AVAssetReader(asset: composition)
            let output = AVAssetReaderAudioMixOutput(audioTracks: composition.tracks(withMediaType: .audio), audioSettings: nil)
            if let volume {
                let parameters = AVMutableAudioMixInputParameters(track: track)
                parameters.setVolume(volume, at: .zero)
                let mix = AVMutableAudioMix()
                mix.inputParameters = [parameters]
                output.audioMix = mix
            }
            reader.add(output)
            var peak: Float = 0, frames = 0
            let buffers = readAll(reader, output)
            for buffer in buffers {
                let data = try #require(buffer.dataBuffer).dataBytes()
                frames += buffer.numSamples
                data.withUnsafeBytes { for sample in $0.bindMemory(to: Float.self) { peak = max(peak, abs(sample)) } }
            }
            return (peak, frames, buffers.first?.formatDescription)
        }
        let full = try peak(volume: nil), quarter = try peak(volume: 0.25)
        #expect(full.frames == 24000 && quarter.frames == 24000)
        #expect(abs(full.peak - 0.125) < 0.002, "ffmpeg's sine is at an eighth of full scale: \(full.peak)")
        #expect(abs(quarter.peak - full.peak / 4) < 0.001, "\(quarter.peak) against \(full.peak)")
        let basic = try #require(full.format?.audioStreamBasicDescription)
        #expect(basic.mFormatFlags == kAudioFormatFlagIsFloat | kAudioFormatFlagIsPacked)
        #expect(basic.mBitsPerChannel == 32 && basic.mBytesPerFrame == 4 && basic.mChannelsPerFrame == 1, "the tone is mono")
    }

    @Test func aVideoCompositionOutputDrawsTheCutInTheTimeRangeAsked() throws {
        let composition = AVMutableComposition()
        let video = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        var at = CMTime.zero
        for url in [fixtures.red, fixtures.blue] {
            let source = try #require(AVURLAsset(url: url).tracks(withMediaType: .video).first)
            try video.insertTimeRange(source.timeRange, of: source, at: at)
            at = at + source.timeRange.duration
        }
        let reader = try AVAssetReader(asset: composition)
        reader.timeRange = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))
        let output = AVAssetReaderVideoCompositionOutput(videoTracks: [video], videoSettings: [
            kCVPixelBufferPixelFormatTypeKey as String: NSNumber(value: kCVPixelFormatType_24RGB),
            kCVPixelBufferWidthKey as String: 80, kCVPixelBufferHeightKey as String: 60,
            kCVPixelBufferIOSurfacePropertiesKey as String: [String: Any](),
        ])
        output.videoComposition = AVVideoComposition(propertiesOf: composition)
        reader.add(output)
        let buffers = readAll(reader, output)
        #expect(buffers.count == 30)
        #expect(buffers.first?.presentationTimeStamp == CMTime(value: 15, timescale: 30))
        #expect(buffers.last?.presentationTimeStamp == CMTime(value: 44, timescale: 30))
        for (index, buffer) in buffers.enumerated() {
            let image = try #require(buffer.imageBuffer)
            #expect(CVPixelBufferGetWidth(image) == 80 && CVPixelBufferGetHeight(image) == 60)
            let pixels = rgb(of: image, red: 0, green: 1, blue: 2, size: 3)
            let middle = (30 * 80 + 40) * 3
            let color = (r: Int(pixels[middle]), g: Int(pixels[middle + 1]), b: Int(pixels[middle + 2]))
            #expect(near(color, index < 15 ? (255, 0, 0) : (0, 0, 255)), "frame \(index + 15): \(color)")
        }
    }

    @Test func randomAccessReadsTheRangesGivenUntilTheConfigurationIsFinal() throws {
        let url = try Self.pattern.get()
        let asset = AVURLAsset(url: url)
        let reader = try AVAssetReader(asset: asset)
        reader.timeRange = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 10))
        let output = AVAssetReaderTrackOutput(track: try #require(asset.tracks(withMediaType: .video).first),
                                              outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_24RGB])
        output.supportsRandomAccess = true
        reader.add(output)
        func frames() -> [Int64] {
            var times: [Int64] = []
            while let buffer = output.copyNextSampleBuffer() {
                times.append(buffer.presentationTimeStamp.convertScale(30, method: .default).value)
            }
            return times
        }
        #expect(reader.startReading())
        #expect(frames() == [0, 1, 2])
        #expect(reader.status == .reading, "more ranges may come")
        output.reset(forReadingTimeRanges: [
            NSValue(timeRange: CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 10))),
            NSValue(timeRange: CMTimeRange(start: CMTime(value: 29, timescale: 30), duration: CMTime(value: 1, timescale: 1))),
        ])
        let later = frames()
        #expect(later == [15, 16, 17, 29])
        #expect(reader.status == .reading)
        output.markConfigurationAsFinal()
        #expect(reader.status == .completed)
        #expect(output.copyNextSampleBuffer() == nil)
    }

    @Test func cancellingStopsTheBuffers() throws {
        let asset = AVURLAsset(url: fixtures.red)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: try #require(asset.tracks(withMediaType: .video).first),
                                              outputSettings: [kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32ARGB])
        reader.add(output)
        #expect(reader.startReading())
        let first = try #require(output.copyNextSampleBuffer())
        let pixel = rgb(of: try #require(first.imageBuffer), red: 1, green: 2, blue: 3, size: 4)
        #expect(near((Int(pixel[0]), Int(pixel[1]), Int(pixel[2])), (255, 0, 0)))
        reader.cancelReading()
        #expect(reader.status == .cancelled)
        #expect(output.copyNextSampleBuffer() == nil)
    }

    /// Outputs `startReading()` cannot read, with what it says of each, whole.
    static let refusals: [(Refusal, String)] = [
        (Refusal.storedSamplesOfAComposition,
         "AVAssetReaderTrackOutput of track 1: samples as stored (outputSettings nil) are read from a file's tracks, and this track belongs to a composition; ask for decoded media"),
        (Refusal.trackSettings(["PixelFormatType": 0x7934_3230], audio: false),
         "AVAssetReaderTrackOutput of track 1: pixel format 'y420' is not read here; the formats read are 32BGRA, 32ARGB, 32RGBA, 24RGB, 24BGR, 420v and 420f"),
        (Refusal.trackSettings(["PixelFormatType": kCVPixelFormatType_32BGRA, "Width": 81], audio: false),
         "AVAssetReaderTrackOutput of track 1: pictures are read in even sizes; 81x120 is not"),
        (Refusal.trackSettings(["AVVideoScalingModeKey": "AVVideoScalingModeFit"], audio: false),
         "AVAssetReaderTrackOutput of track 1: the video setting 'AVVideoScalingModeKey' is not read here; the settings read are the pixel format, width and height"),
        (Refusal.trackSettings([AVFormatIDKey: 0x6161_6320], audio: true),
         "AVAssetReaderTrackOutput of track 2: audio is read as linear PCM only; set AVFormatIDKey to kAudioFormatLinearPCM"),
        (Refusal.trackSettings([AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 12], audio: true),
         "AVAssetReaderTrackOutput of track 2: integer samples are 8, 16, 24 or 32 bits, not 12"),
        (Refusal.trackSettings([AVFormatIDKey: kAudioFormatLinearPCM, "AVEncoderBitRateKey": 128_000], audio: true),
         "AVAssetReaderTrackOutput of track 2: the audio setting 'AVEncoderBitRateKey' is not read here; the settings read are the linear PCM keys, the sample rate and the channel count"),
        (Refusal.trackOfAnotherAsset,
         "AVAssetReaderVideoCompositionOutput: track 1 belongs to another asset"),
        (Refusal.emptyTimeRange,
         "AVAssetReader: timeRange from 0/1 lasting 0/1 reads nothing; it needs a numeric start and a positive duration"),
    ]

    @Test(arguments: refusals)
    func startReadingSaysWhyItCannotRead(_ refusal: Refusal, _ message: String) throws {
        let asset = AVURLAsset(url: fixtures.red)
        var reader = try AVAssetReader(asset: asset)
        let video = try #require(asset.tracks(withMediaType: .video).first)
        let audio = try #require(asset.tracks(withMediaType: .audio).first)
        switch refusal {
        case .storedSamplesOfAComposition:
            let composition = AVMutableComposition()
            try composition.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)), of: asset,
                                            at: .zero)
            reader = try AVAssetReader(asset: composition)
            let track = try #require(composition.tracks(withMediaType: .video).first)
            reader.add(AVAssetReaderTrackOutput(track: track, outputSettings: nil))
        case let .trackSettings(settings, isAudio):
            reader.add(AVAssetReaderTrackOutput(track: isAudio ? audio : video, outputSettings: settings))
        case .trackOfAnotherAsset:
            let other = try #require(AVURLAsset(url: fixtures.blue).tracks(withMediaType: .video).first)
            reader.add(AVAssetReaderVideoCompositionOutput(videoTracks: [other], videoSettings: nil))
        case .emptyTimeRange:
            reader.timeRange = CMTimeRange(start: .zero, duration: .zero)
            reader.add(AVAssetReaderTrackOutput(track: video, outputSettings: [:]))
        }
        #expect(!reader.startReading())
        #expect(reader.status == .failed)
        let error = try #require(reader.error as? AVError)
        #expect(error.code == .operationNotSupportedForAsset)
        #expect(error.description == "operationNotSupportedForAsset (-11838): " + message)
        #expect(reader.outputs.first?.copyNextSampleBuffer() == nil)
    }

    /// An output `startReadingSaysWhyItCannotRead` is given.
    enum Refusal: Sendable, CustomStringConvertible {
        case trackSettings([String: any Sendable]?, audio: Bool)
        case trackOfAnotherAsset
        case emptyTimeRange
        case storedSamplesOfAComposition

        var description: String {
            switch self {
            case let .trackSettings(settings, audio): "\(audio ? "audio" : "video") settings \(settings.map { "\($0.keys.sorted())" } ?? "nil")"
            case .trackOfAnotherAsset: "a track of another asset"
            case .emptyTimeRange: "an empty time range"
            case .storedSamplesOfAComposition: "stored samples of a composition's track"
            }
        }
    }

    @Test func blockBufferFunctionsCheckTheirRanges() throws {
        let asset = AVURLAsset(url: fixtures.red)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: try #require(asset.tracks(withMediaType: .audio).first),
                                              outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM, AVLinearPCMBitDepthKey: 32,
                                                               AVLinearPCMIsFloatKey: true, AVLinearPCMIsNonInterleaved: true])
        reader.add(output)
        #expect(reader.startReading())
        let buffer = try #require(output.copyNextSampleBuffer())
        let block = try #require(buffer.dataBuffer)
        #expect(block.dataLength == buffer.numSamples * 8)
        var byte: UInt8 = 0
        #expect(CMBlockBufferCopyDataBytes(block, atOffset: block.dataLength, dataLength: 1, destination: &byte)
            == kCMBlockBufferBadLengthParameterErr)
        #expect(CMBlockBufferCopyDataBytes(block, atOffset: -1, dataLength: 1, destination: &byte)
            == kCMBlockBufferBadOffsetParameterErr)
        var length = 0, total = 0
        var pointer: UnsafeMutablePointer<CChar>?
        #expect(CMBlockBufferGetDataPointer(block, atOffset: 8, lengthAtOffsetOut: &length, totalLengthOut: &total,
                                            dataPointerOut: &pointer) == kCMBlockBufferNoErr)
        #expect(length == total - 8 && total == block.dataLength && pointer != nil)
        // Non-interleaved: the left channel's block, then the right's; both carry the same tone.
        let data = try block.dataBytes()
        let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let half = floats.count / 2
        #expect(floats[1000] != 0 && floats[1000] == floats[half + 1000])
        let basic = try #require(buffer.formatDescription?.audioStreamBasicDescription)
        #expect(basic.mFormatFlags & kAudioFormatFlagIsNonInterleaved != 0 && basic.mBytesPerFrame == 4)
    }
}
