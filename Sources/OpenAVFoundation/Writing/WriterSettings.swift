import Composition
import Foundation
import MediaCore

/// How pictures of another shape fill the encoded size.
enum WriterScaling: Sendable, Hashable {
    /// Stretched to it.
    case stretch
    /// Whole, with black bars.
    case fit
    /// Filling it, the overflow cut off.
    case fill
}

/// A video input's settings: the export model's video settings and what the writer adds to them.
struct WriterVideoSettings: Sendable, Hashable {
    /// Codec, size, rate control and keyframe interval, as an export's.
    var video: ExportSettings.Video
    /// x264's profile name, when one is asked for.
    var profile: String?
    /// Whether frames may be stored out of display order.
    var reorders = true
    /// How pictures of another shape fill the encoded size.
    var scaling = WriterScaling.stretch
}

/// What an asset writer input's output settings ask for, as the export model's video or audio settings, so a writer
/// encodes with the encoders, options and pixel formats an export uses.
enum WriterSettings: Sendable, Hashable {
    /// Pictures encoded as the settings describe.
    case video(WriterVideoSettings)
    /// Sound encoded as `audio` describes.
    case audio(ExportSettings.Audio)
    /// Sound stored as linear PCM.
    case pcm(WriterPCMSettings)
    /// Sound coded without loss as Apple Lossless.
    case alac(WriterALACSettings)
    /// Stored samples of stream `stream` of `file`, copied as they come.
    case copy(file: URL, stream: Int)

    /// The video keys read here.
    private static let videoKeys: Set<String> = [AVVideoCodecKey, AVVideoWidthKey, AVVideoHeightKey,
                                                 AVVideoCompressionPropertiesKey, AVVideoScalingModeKey,
                                                 AVVideoColorPropertiesKey]
    /// The scaling modes written here.
    private static let scalingModes: [String: WriterScaling] = [
        AVVideoScalingModeResize: .stretch, AVVideoScalingModeResizeAspect: .fit,
        AVVideoScalingModeResizeAspectFill: .fill,
    ]
    /// The compression keys read here.
    private static let compressionKeys: Set<String> = [
        AVVideoAverageBitRateKey, AVVideoMaxKeyFrameIntervalKey, AVVideoMaxKeyFrameIntervalDurationKey,
        AVVideoExpectedSourceFrameRateKey, AVVideoAllowFrameReorderingKey, AVVideoProfileLevelKey,
    ]
    /// The profile values read here, with x264's names for them.
    private static let profiles = [
        AVVideoProfileLevelH264BaselineAutoLevel: "baseline", AVVideoProfileLevelH264MainAutoLevel: "main",
        AVVideoProfileLevelH264HighAutoLevel: "high",
    ]
    /// The audio keys read here: those of compressed formats, and those of linear PCM.
    private static let audioKeys: Set<String> = [AVFormatIDKey, AVSampleRateKey, AVNumberOfChannelsKey,
                                                 AVChannelLayoutKey, AVEncoderBitRateKey, AVEncoderBitRatePerChannelKey,
                                                 AVEncoderBitDepthHintKey, AVEncoderAudioQualityKey]
    /// The keys of linear PCM only.
    static let pcmKeys: Set<String> = [AVLinearPCMBitDepthKey, AVLinearPCMIsFloatKey, AVLinearPCMIsBigEndianKey,
                                       AVLinearPCMIsNonInterleaved]

    /// The settings of an input of `mediaType`, told by `hint` what its samples are; throws for a media type, codec,
    /// key or value not written here. `input` names the input in messages.
    static func read(_ settings: [String: Any]?, mediaType: AVMediaType, hint: CMFormatDescription?,
                     input: String) throws(AVError) -> WriterSettings {
        guard let settings else {
            guard let hint, case let .stream(stream) = hint.content, let file = hint.file,
                  stream.mediaType == (mediaType == .video ? .video : .audio) else {
                throw refuse(input, "nil output settings copy stored samples, which needs a sourceFormatHint from the "
                             + "\(mediaType == .video ? "video" : "audio") track of a file they come from; give it, or "
                             + "the codec settings to encode with")
            }
            return .copy(file: file, stream: stream.index)
        }
        switch mediaType {
        case .video: return try video(settings, input: input)
        case .audio: return try audio(settings, input: input)
        default: throw refuse(input, "media type '\(mediaType.rawValue)' is not written here; inputs are video or audio")
        }
    }

    /// The error for settings that cannot be written.
    static func refuse(_ input: String, _ problem: String) -> AVError {
        AVError(.operationNotSupportedForAsset, .writer(input: input, problem: problem))
    }

    private static func video(_ settings: [String: Any], input: String) throws(AVError) -> WriterSettings {
        if let key = settings.keys.sorted().first(where: { !videoKeys.contains($0) }) {
            throw refuse(input, "the video setting '\(key)' is not read here; the settings read are the codec, width, "
                         + "height, scaling mode, colour properties and compression properties")
        }
        let codec: ExportSettings.VideoCodec
        switch (settings[AVVideoCodecKey] as? AVVideoCodecType)?.rawValue ?? settings[AVVideoCodecKey] as? String {
        case AVVideoCodecType.h264.rawValue: codec = .h264
        case AVVideoCodecType.hevc.rawValue: codec = .hevc
        case nil: throw refuse(input, "AVVideoCodecKey is not set; set it to AVVideoCodecType.h264 or .hevc")
        case let other?: throw refuse(input, "codec '\(other)' is not written here; the codecs are avc1 and hvc1")
        }
        let size = (try dimension(settings, AVVideoWidthKey, input), try dimension(settings, AVVideoHeightKey, input))
        let properties: [String: Any]
        switch settings[AVVideoCompressionPropertiesKey] {
        case nil: properties = [:]
        case let dictionary as [String: Any]: properties = dictionary
        case let other?: throw refuse(input, "AVVideoCompressionPropertiesKey must be a dictionary, not \(other)")
        }
        if let key = properties.keys.sorted().first(where: { !compressionKeys.contains($0) }) {
            throw refuse(input, "the compression property '\(key)' is not read here; the properties read are the "
                         + "average bit rate, keyframe interval (in frames or seconds), expected frame rate, frame "
                         + "reordering and profile")
        }
        var video = ExportSettings.Video(codec: codec, width: size.0, height: size.1,
                                         frameRate: try frameRate(properties, input),
                                         crf: nil, bitRate: try number(properties, AVVideoAverageBitRateKey,
                                                                       in: 1000...1_000_000_000, input),
                                         keyframeInterval: try number(properties, AVVideoMaxKeyFrameIntervalKey,
                                                                      in: 1...100_000, input))
        if video.bitRate == nil { video.crf = codec == .h264 ? 23 : 28 }
        if video.keyframeInterval == nil, let value = properties[AVVideoMaxKeyFrameIntervalDurationKey] {
            guard let seconds = settingsNumber(value), seconds > 0, seconds <= 3600 else {
                throw refuse(input, "'\(AVVideoMaxKeyFrameIntervalDurationKey)' must be a number of seconds above 0, "
                             + "not \(value)")
            }
            video.keyframeInterval = max(1, Int((seconds * video.frameRate.framesPerSecond).rounded()))
        }
        try checkColor(settings[AVVideoColorPropertiesKey], input)
        var scaling = WriterScaling.stretch
        if let value = settings[AVVideoScalingModeKey] {
            guard let mode = (value as? String).flatMap({ scalingModes[$0] }) else {
                throw refuse(input, "scaling mode \(value) is not written here; the modes are AVVideoScalingModeResize, "
                             + "AVVideoScalingModeResizeAspect and AVVideoScalingModeResizeAspectFill")
            }
            scaling = mode
        }
        var profile: String?
        if let value = properties[AVVideoProfileLevelKey] {
            guard codec == .h264, let name = (value as? String).flatMap({ profiles[$0] }) else {
                throw refuse(input, "profile \(value) is not written here; the profiles are H.264's Baseline, Main "
                             + "and High at AutoLevel")
            }
            profile = name
        }
        let reorders = try number(properties, AVVideoAllowFrameReorderingKey, in: 0...1, input).map { $0 == 1 } ?? true
        return .video(WriterVideoSettings(video: video, profile: profile, reorders: reorders, scaling: scaling))
    }

    /// Accepts colour properties that say BT.709, which is what is written.
    private static func checkColor(_ value: Any?, _ input: String) throws(AVError) {
        guard let value else { return }
        let expected = [AVVideoColorPrimariesKey: AVVideoColorPrimaries_ITU_R_709_2,
                        AVVideoTransferFunctionKey: AVVideoTransferFunction_ITU_R_709_2,
                        AVVideoYCbCrMatrixKey: AVVideoYCbCrMatrix_ITU_R_709_2]
        guard let properties = value as? [String: Any],
              properties.allSatisfy({ expected[$0.key] != nil && ($0.value as? String) == expected[$0.key] }) else {
            throw refuse(input, "colour properties \(value) are not written here; pictures are written in BT.709 "
                         + "(ITU_R_709_2 primaries, transfer function and matrix)")
        }
    }

    private static func audio(_ settings: [String: Any], input: String) throws(AVError) -> WriterSettings {
        if let key = settings.keys.sorted().first(where: { !audioKeys.contains($0) && !pcmKeys.contains($0) }) {
            throw refuse(input, "the audio setting '\(key)' is not read here; the settings read are the format, "
                         + "sample rate, channel count, channel layout, bit rate, quality and the linear PCM keys")
        }
        let format = try number(settings, AVFormatIDKey, in: 0...Int(UInt32.max), input).map(UInt32.init)
        let channels = try number(settings, AVNumberOfChannelsKey, in: 1...8, input) ?? 2
        if let layout = settings[AVChannelLayoutKey], let problem = channelLayoutProblem(layout, channels: channels) {
            throw refuse(input, problem)
        }
        let bitRateKey = [AVEncoderBitRateKey, AVEncoderBitRatePerChannelKey].first { settings[$0] != nil }
        if let bitRateKey, format == kAudioFormatLinearPCM || format == kAudioFormatAppleLossless {
            throw refuse(input, "'\(bitRateKey)' sets the bit rate of AAC and Opus; linear PCM and Apple Lossless take "
                         + "what the sound needs; remove it")
        }
        if settings[AVEncoderAudioQualityKey] != nil, format == kAudioFormatLinearPCM || format == kAudioFormatAppleLossless {
            throw refuse(input, "'\(AVEncoderAudioQualityKey)' sets how hard AAC and Opus encoders work; linear PCM and "
                         + "Apple Lossless are exact; remove it")
        }
        if format == kAudioFormatLinearPCM {
            return .pcm(try WriterPCMSettings.read(settings, channels: channels) { refuse(input, $0) })
        }
        if let key = settings.keys.sorted().first(where: pcmKeys.contains) {
            throw refuse(input, "'\(key)' describes linear PCM, not the compressed format asked for; remove it")
        }
        if format == kAudioFormatAppleLossless {
            return .alac(try WriterALACSettings.read(settings, channels: channels) { refuse(input, $0) })
        }
        let codec: ExportSettings.AudioCodec
        switch format {
        case kAudioFormatMPEG4AAC?: codec = .aac
        case kAudioFormatOpus?: codec = .opus
        default: throw refuse(input, "AVFormatIDKey must be kAudioFormatMPEG4AAC, kAudioFormatOpus, "
                              + "kAudioFormatAppleLossless or kAudioFormatLinearPCM")
        }
        if settings[AVEncoderBitDepthHintKey] != nil {
            throw refuse(input, "'\(AVEncoderBitDepthHintKey)' applies to Apple Lossless, not the format asked for; "
                         + "remove it")
        }
        var audio = ExportSettings.Audio(codec: codec)
        audio.sampleRate = try number(settings, AVSampleRateKey, in: 8000...96_000, input) ?? 44_100
        audio.channels = channels
        let perChannel = try number(settings, AVEncoderBitRatePerChannelKey, in: 4000...320_000, input)
        audio.bitRate = try number(settings, AVEncoderBitRateKey, in: 8000...1_000_000, input)
            ?? perChannel.map { $0 * audio.channels } ?? 128_000
        // Apple's quality values stand for ranges: 0x60 is high up to 0x7E, 0x7F alone is max.
        audio.effort = try number(settings, AVEncoderAudioQualityKey, in: 0...0x7F, input).map { quality in
            quality == 0x7F ? .most : [.least, .low, .medium, .high][quality >> 5]
        }
        return .audio(audio)
    }

    /// The expected frame rate (30 when not given), to a thousandth of a frame per second.
    private static func frameRate(_ properties: [String: Any], _ input: String) throws(AVError) -> FrameRate {
        guard let value = properties[AVVideoExpectedSourceFrameRateKey] else { return FrameRate(30) }
        guard let rate = settingsNumber(value), rate >= 1, rate <= 240 else {
            throw refuse(input, "'\(AVVideoExpectedSourceFrameRateKey)' must be a number from 1 to 240, not \(value)")
        }
        return FrameRate(Int32((rate * 1000).rounded()), 1000)
    }

    /// A width or height: a whole, even number of pixels (4:2:0 pictures have whole chroma rows).
    private static func dimension(_ settings: [String: Any], _ key: String, _ input: String) throws(AVError) -> Int {
        guard let size = try number(settings, key, in: 2...16384, input) else {
            throw refuse(input, "\(key) is not set; the encoded size must be given")
        }
        guard size.isMultiple(of: 2) else { throw refuse(input, "\(key) must be even for 4:2:0 pictures, not \(size)") }
        return size
    }

    /// The whole number under `key`, nil when absent; throws when it is not one in `range`.
    private static func number(_ settings: [String: Any], _ key: String, in range: ClosedRange<Int>,
                               _ input: String) throws(AVError) -> Int? {
        try wholeNumberSetting(settings, key, in: range) { refuse(input, $0) }
    }
}
