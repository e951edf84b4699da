import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `AVAssetWriter` storing linear PCM in WAVE, AIFF, CAF and QuickTime files, and Apple Lossless in M4A, CAF and
/// QuickTime files, checked with ffprobe and ffmpeg's decoding of what was written.
@Suite struct PCMWriterTests {
    /// A linear PCM file a writer is asked for, and what ffprobe must find in it.
    struct StoredSound: Sendable, CustomTestStringConvertible {
        var fileType: AVFileType
        var fileExtension: String
        var bits: Int
        var isFloat = false
        var isBigEndian = false
        /// ffprobe's codec and format names for the file.
        var codec: String
        var format: String

        var testDescription: String { "\(codec) in .\(fileExtension)" }

        /// The writer input's settings: one channel at 48 kHz, as the source.
        var settings: [String: Any] {
            [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 48000, AVNumberOfChannelsKey: 1,
             AVLinearPCMBitDepthKey: bits, AVLinearPCMIsFloatKey: isFloat, AVLinearPCMIsBigEndianKey: isBigEndian,
             AVLinearPCMIsNonInterleaved: false]
        }
    }

    /// The samples ffmpeg decodes from `url`, as doubles.
    private func samples(_ url: URL) throws -> [Double] {
        let bytes = try MediaTool.ffmpeg(["-v", "error", "-i", url.path, "-map", "0:a", "-f", "f64le", "-"])
        return bytes.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    }

    @Test(arguments: [
        StoredSound(fileType: .wav, fileExtension: "wav", bits: 16, codec: "pcm_s16le", format: "wav"),
        StoredSound(fileType: .wav, fileExtension: "wav", bits: 24, codec: "pcm_s24le", format: "wav"),
        StoredSound(fileType: .wav, fileExtension: "wav", bits: 32, isFloat: true, codec: "pcm_f32le", format: "wav"),
        StoredSound(fileType: .aiff, fileExtension: "aiff", bits: 16, isBigEndian: true, codec: "pcm_s16be",
                    format: "aiff"),
        StoredSound(fileType: .aiff, fileExtension: "aiff", bits: 32, isBigEndian: true, codec: "pcm_s32be",
                    format: "aiff"),
        StoredSound(fileType: .caf, fileExtension: "caf", bits: 64, isFloat: true, isBigEndian: true,
                    codec: "pcm_f64be", format: "caf"),
        StoredSound(fileType: .caf, fileExtension: "caf", bits: 24, codec: "pcm_s24le", format: "caf"),
        StoredSound(fileType: .mov, fileExtension: "mov", bits: 16, codec: "pcm_s16le",
                    format: "mov,mp4,m4a,3gp,3g2,mj2"),
    ])
    func linearPCMIsStoredSampleForSample(_ stored: StoredSound) async throws {
        let (url, given) = try await write(stored.fileType, stored.fileExtension, stored.settings)
        let probe = try ProbeReport(path: url.path)
        #expect(ProbeReport.string(probe.audio, "codec_name") == stored.codec)
        #expect(ProbeReport.string(probe.audio, "sample_rate") == "48000")
        #expect(ProbeReport.number(probe.audio, "channels") == 1)
        #expect(probe.formatName == stored.format)
        // Floats are stored as given; integers within half a step of their depth.
        let written = try samples(url)
        let tolerance = stored.isFloat ? 0 : 0.5 / Double(1 << (stored.bits - 1))
        let largest = zip(written, given).map { abs($0 - Double($1)) }.max() ?? .infinity
        #expect(given.count == 48000 && written.count == given.count && largest <= tolerance,
                "\(written.count) samples of \(given.count); largest difference \(largest)")
    }

    @Test(arguments: [(AVFileType.m4a, "m4a", 16, "mov,mp4,m4a,3gp,3g2,mj2"), (.caf, "caf", 24, "caf"),
                      (.mov, "mov", 16, "mov,mp4,m4a,3gp,3g2,mj2")] as [(AVFileType, String, Int, String)])
    func appleLosslessKeepsEverySample(fileType: AVFileType, fileExtension: String, bits: Int,
                                       format: String) async throws {
        let (url, given) = try await write(fileType, fileExtension, [
            AVFormatIDKey: kAudioFormatAppleLossless, AVSampleRateKey: 48000, AVNumberOfChannelsKey: 1,
            AVEncoderBitDepthHintKey: bits,
        ])
        let probe = try ProbeReport(path: url.path)
        #expect(ProbeReport.string(probe.audio, "codec_name") == "alac")
        #expect(ProbeReport.string(probe.audio, "bits_per_raw_sample") == "\(bits)")
        #expect(probe.formatName == format)
        // Lossless: what ffmpeg decodes is the samples given, rounded to the depth (within half a step).
        let written = try samples(url)
        let largest = zip(written, given).map { abs($0 - Double($1)) }.max() ?? .infinity
        #expect(given.count == 48000 && written.count == given.count && largest <= 0.5 / Double(1 << (bits - 1)),
                "\(written.count) samples of \(given.count); largest difference \(largest)")
    }

    @Test func theSameProgramWritesTheSameSoundFileBytes() async throws {
        for stored in [
            StoredSound(fileType: .wav, fileExtension: "wav", bits: 24, codec: "pcm_s24le", format: "wav"),
            StoredSound(fileType: .aiff, fileExtension: "aiff", bits: 16, isBigEndian: true, codec: "pcm_s16be",
                        format: "aiff"),
            StoredSound(fileType: .caf, fileExtension: "caf", bits: 32, isFloat: true, codec: "pcm_f32le",
                        format: "caf"),
        ] {
            let first = try Data(contentsOf: try await write(stored.fileType, stored.fileExtension, stored.settings).url)
            let second = try Data(contentsOf: try await write(stored.fileType, stored.fileExtension, stored.settings).url)
            #expect(first.count > 48000 && first == second, "\(stored.testDescription)")
        }
    }

    /// Writes the pattern's sound, read as 32-bit floats, to a `fileType` file with the input's `settings`; returns
    /// the file and the samples given.
    private func write(_ fileType: AVFileType, _ fileExtension: String,
                       _ settings: [String: Any]) async throws -> (url: URL, given: [Float]) {
        let source = try AssetReaderTests.pattern.get()
        let asset = AVURLAsset(url: source)
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderTrackOutput(track: try #require(asset.tracks(withMediaType: .audio).first),
                                              outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM,
                                                               AVLinearPCMIsFloatKey: true, AVLinearPCMBitDepthKey: 32])
        reader.add(output)
        let url = URL(fileURLWithPath: try MediaTool.freshDirectory(prefix: "pcm-writer"))
            .appendingPathComponent("sound.\(fileExtension)")
        let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: settings)
        #expect(writer.canAdd(input), "\(fileExtension): \(settings)")
        writer.add(input)
        #expect(reader.startReading() && writer.startWriting(), "\(String(describing: writer.error))")
        writer.startSession(atSourceTime: .zero)
        var given: [Float] = []
        while let buffer = output.copyNextSampleBuffer() {
            let data = try #require(buffer.dataBuffer)
            var chunk = [Float](repeating: 0, count: CMBlockBufferGetDataLength(data) / 4)
            _ = chunk.withUnsafeMutableBytes {
                CMBlockBufferCopyDataBytes(data, atOffset: 0, dataLength: $0.count, destination: $0.baseAddress!)
            }
            given += chunk
            #expect(input.append(buffer))
        }
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        return (url, given)
    }

    @Test func soundFilesRefuseWhatTheyDoNotStore() throws {
        let pcm: [String: Any] = [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 44100, AVNumberOfChannelsKey: 2,
                                  AVLinearPCMBitDepthKey: 16]
        func with(_ extra: [String: Any]) -> [String: Any] { pcm.merging(extra) { $1 } }
        var stereo = AudioChannelLayout()
        stereo.mChannelLayoutTag = kAudioChannelLayoutTag_Stereo
        let stereoBytes = NSData(bytes: &stereo, length: MemoryLayout<AudioChannelLayout>.size)
        let cases: [(String, AVFileType, AVMediaType, [String: Any], String)] = [
            ("AAC in WAVE", .wav, .audio, [AVFormatIDKey: kAudioFormatMPEG4AAC],
             "WAVE and AIFF files are written with linear PCM here; set AVFormatIDKey to kAudioFormatLinearPCM"),
            ("AAC in CAF", .caf, .audio, [AVFormatIDKey: kAudioFormatMPEG4AAC],
             "CAF files are written with linear PCM or Apple Lossless here; set AVFormatIDKey to kAudioFormatLinearPCM "
                + "or kAudioFormatAppleLossless"),
            ("20-bit lossless", .m4a, .audio, [AVFormatIDKey: kAudioFormatAppleLossless, AVEncoderBitDepthHintKey: 20],
             "Apple Lossless is written with 16 or 24 bits here, not 20"),
            ("lossless bit rate", .m4a, .audio, [AVFormatIDKey: kAudioFormatAppleLossless, AVEncoderBitRateKey: 500_000],
             "'AVEncoderBitRateKey' sets the bit rate of AAC and Opus; linear PCM and Apple Lossless take what the "
                + "sound needs; remove it"),
            ("depth hint with AAC", .m4a, .audio, [AVFormatIDKey: kAudioFormatMPEG4AAC, AVEncoderBitDepthHintKey: 16],
             "'AVEncoderBitDepthHintKey' applies to Apple Lossless, not the format asked for; remove it"),
            ("lossless in Matroska", .mkv, .audio, [AVFormatIDKey: kAudioFormatAppleLossless],
             "Apple Lossless is stored in M4A, MPEG-4, QuickTime and CAF files here"),
            ("big-endian WAVE", .wav, .audio, with([AVLinearPCMIsBigEndianKey: true]),
             "a WAVE file stores little-endian samples; set AVLinearPCMIsBigEndianKey to false"),
            ("float AIFF", .aiff, .audio, with([AVLinearPCMIsFloatKey: true, AVLinearPCMBitDepthKey: 32,
                                                AVLinearPCMIsBigEndianKey: true]),
             "an AIFF file stores integer samples; write floats to a CAF or WAVE file"),
            ("little-endian AIFF", .aiff, .audio, pcm,
             "an AIFF file stores big-endian samples; set AVLinearPCMIsBigEndianKey to true"),
            ("planes", .caf, .audio, with([AVLinearPCMIsNonInterleaved: true]),
             "files store interleaved samples; set AVLinearPCMIsNonInterleaved to false"),
            ("8 bits", .wav, .audio, with([AVLinearPCMBitDepthKey: 8]),
             "8-bit samples are not written here; write 16, 24 or 32 bits"),
            ("bit rate", .wav, .audio, with([AVEncoderBitRateKey: 128_000]),
             "'AVEncoderBitRateKey' sets the bit rate of AAC and Opus; linear PCM and Apple Lossless take what the "
                + "sound needs; remove it"),
            ("quality of PCM", .wav, .audio, with([AVEncoderAudioQualityKey: AVAudioQuality.high.rawValue]),
             "'AVEncoderAudioQualityKey' sets how hard AAC and Opus encoders work; linear PCM and Apple Lossless are "
                + "exact; remove it"),
            ("PCM key with AAC", .m4a, .audio, [AVFormatIDKey: kAudioFormatMPEG4AAC, AVLinearPCMBitDepthKey: 16],
             "'AVLinearPCMBitDepthKey' describes linear PCM, not the compressed format asked for; remove it"),
            ("stereo layout, one channel", .wav, .audio, with([AVNumberOfChannelsKey: 1, AVChannelLayoutKey: stereoBytes]),
             "AVChannelLayoutKey's tag 0x00650002 is not written here for 1 channel; the layouts read are "
                + "kAudioChannelLayoutTag_Mono for one channel and kAudioChannelLayoutTag_Stereo for two"),
            ("video in WAVE", .wav, .video, [AVVideoCodecKey: AVVideoCodecType.h264],
             "a com.microsoft.waveform-audio file has no video tracks"),
        ]
        for (name, fileType, mediaType, settings, message) in cases {
            let url = URL(fileURLWithPath: try MediaTool.freshDirectory(prefix: "pcm-refused"))
                .appendingPathComponent("refused")
            let writer = try AVAssetWriter(outputURL: url, fileType: fileType)
            let input = AVAssetWriterInput(mediaType: mediaType, outputSettings: settings)
            #expect(!writer.canAdd(input), "\(name)")
            #expect(!writer.canApply(outputSettings: settings, forMediaType: mediaType), "\(name)")
            writer.add(input)
            #expect(!writer.startWriting(), "\(name)")
            #expect("\(writer.error.map { "\($0)" } ?? "")"
                    == "operationNotSupportedForAsset (-11838): AVAssetWriterInput 1 (\(mediaType == .video ? "video" : "audio")): \(message)",
                    "\(name)")
            #expect(!FileManager.default.fileExists(atPath: url.path), "\(name)")
        }
        let aifc = URL(fileURLWithPath: "/tmp/refused.aifc")
        #expect(throws: (any Error).self) { try AVAssetWriter(outputURL: aifc, fileType: .aifc) }
        do {
            _ = try AVAssetWriter(outputURL: aifc, fileType: .aifc)
        } catch {
            #expect("\(error)" == "invalidOutputURLPathExtension (-11843): AVAssetWriter: file type "
                    + "'public.aifc-audio' is not written here; the types are mp4, mov, m4v, m4a, mkv, wav, aiff and caf")
        }
    }
}
