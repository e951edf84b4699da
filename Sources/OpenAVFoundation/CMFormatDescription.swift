import Foundation
import MediaCore

/// A four-character code packed big-endian into 32 bits (`'avc1'`).
public typealias FourCharCode = UInt32
/// CoreMedia's media type code (`kCMMediaType_Video`).
public typealias CMMediaType = FourCharCode
/// A video format description.
public typealias CMVideoFormatDescription = CMFormatDescription
/// An audio format description.
public typealias CMAudioFormatDescription = CMFormatDescription

/// `'vide'`.
public let kCMMediaType_Video = CMFormatDescription.MediaType.video.rawValue
/// `'soun'`.
public let kCMMediaType_Audio = CMFormatDescription.MediaType.audio.rawValue
/// `'sbtl'`.
public let kCMMediaType_Subtitle = CMFormatDescription.MediaType.subtitle.rawValue
/// `'meta'`.
public let kCMMediaType_Metadata = CMFormatDescription.MediaType.metadata.rawValue

/// The width and height of a video format in pixels.
public struct CMVideoDimensions: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int32
    /// Height in pixels.
    public var height: Int32

    /// Creates dimensions.
    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }
}

/// The basic layout of an audio stream, as CoreAudio describes it (only the fields a probe knows are non-zero).
public struct AudioStreamBasicDescription: Sendable, Hashable {
    /// Samples per second.
    public var mSampleRate: Float64
    /// The format's four-character code (`'aac '`).
    public var mFormatID: FourCharCode
    /// Format flags; 0 here.
    public var mFormatFlags: UInt32
    /// Bytes per packet; 0 for compressed formats.
    public var mBytesPerPacket: UInt32
    /// Frames per packet; 0 when unknown.
    public var mFramesPerPacket: UInt32
    /// Bytes per frame; 0 for compressed formats.
    public var mBytesPerFrame: UInt32
    /// Channel count.
    public var mChannelsPerFrame: UInt32
    /// Bits per channel; 0 for compressed formats.
    public var mBitsPerChannel: UInt32
    /// Padding; always 0.
    public var mReserved: UInt32

    /// Creates a description from all its fields.
    public init(mSampleRate: Float64, mFormatID: FourCharCode, mFormatFlags: UInt32, mBytesPerPacket: UInt32,
                mFramesPerPacket: UInt32, mBytesPerFrame: UInt32, mChannelsPerFrame: UInt32, mBitsPerChannel: UInt32,
                mReserved: UInt32) {
        self.mSampleRate = mSampleRate
        self.mFormatID = mFormatID
        self.mFormatFlags = mFormatFlags
        self.mBytesPerPacket = mBytesPerPacket
        self.mFramesPerPacket = mFramesPerPacket
        self.mBytesPerFrame = mBytesPerFrame
        self.mChannelsPerFrame = mChannelsPerFrame
        self.mBitsPerChannel = mBitsPerChannel
        self.mReserved = mReserved
    }
}

/// What a track's samples are: media type, codec and, for video, dimensions; for audio, rate and channels. Made from
/// what libavformat says about the stream.
public final class CMFormatDescription: Sendable, Hashable, CustomStringConvertible {
    /// CoreMedia's media types.
    public struct MediaType: RawRepresentable, Sendable, Hashable {
        /// The four-character code.
        public let rawValue: FourCharCode
        /// Creates a media type from its code.
        public init(rawValue: FourCharCode) { self.rawValue = rawValue }
        /// `'vide'`.
        public static let video = MediaType(rawValue: fourCharCode("vide"))
        /// `'soun'`.
        public static let audio = MediaType(rawValue: fourCharCode("soun"))
        /// `'sbtl'`.
        public static let subtitle = MediaType(rawValue: fourCharCode("sbtl"))
        /// `'meta'`.
        public static let metadata = MediaType(rawValue: fourCharCode("meta"))
    }

    /// A codec's four-character code (`'avc1'`, `'hvc1'`, `'aac '`).
    public struct MediaSubType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The four-character code.
        public let rawValue: FourCharCode
        /// Creates a subtype from its code.
        public init(rawValue: FourCharCode) { self.rawValue = rawValue }
        /// H.264.
        public static let h264 = MediaSubType(rawValue: fourCharCode("avc1"))
        /// HEVC.
        public static let hevc = MediaSubType(rawValue: fourCharCode("hvc1"))
        /// VP9.
        public static let vp9 = MediaSubType(rawValue: fourCharCode("vp09"))
        /// AV1.
        public static let av1 = MediaSubType(rawValue: fourCharCode("av01"))
        /// JPEG.
        public static let jpeg = MediaSubType(rawValue: fourCharCode("jpeg"))
        /// ProRes 422.
        public static let proRes422 = MediaSubType(rawValue: fourCharCode("apcn"))
        /// AAC.
        public static let mpeg4AAC = MediaSubType(rawValue: fourCharCode("aac "))
        /// MP3.
        public static let mpegLayer3 = MediaSubType(rawValue: fourCharCode(".mp3"))
        /// Opus.
        public static let opus = MediaSubType(rawValue: fourCharCode("opus"))
        /// Uncompressed PCM.
        public static let linearPCM = MediaSubType(rawValue: fourCharCode("lpcm"))

        /// The four characters.
        public var description: String {
            String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) }, as: UTF8.self)
        }
    }

    /// The stream as probed.
    let stream: ProbedStream

    init(stream: ProbedStream) {
        self.stream = stream
    }

    /// Video, audio, subtitle or metadata.
    public var mediaType: MediaType {
        switch stream.mediaType {
        case .video: .video
        case .audio: .audio
        case .subtitle: .subtitle
        case .data: .metadata
        }
    }

    /// The codec's four-character code; codecs without an Apple code get the first four letters of libavcodec's name.
    public var mediaSubType: MediaSubType {
        let known: [String: MediaSubType] = [
            "h264": .h264, "hevc": .hevc, "vp9": .vp9, "av1": .av1, "mjpeg": .jpeg, "prores": .proRes422,
            "aac": .mpeg4AAC, "mp3": .mpegLayer3, "opus": .opus, "pcm_s16le": .linearPCM,
        ]
        return known[stream.codecName] ?? MediaSubType(rawValue: fourCharCode(stream.codecName))
    }

    /// libavcodec's name for the codec (`h264`, `aac`); not in Apple's API.
    public var codecName: String { stream.codecName }

    /// Video: the coded width and height in pixels; zero for other media.
    public var dimensions: CMVideoDimensions {
        CMVideoDimensions(width: Int32(clamping: stream.width), height: Int32(clamping: stream.height))
    }

    /// Audio: sample rate, format and channel count; nil for other media.
    public var audioStreamBasicDescription: AudioStreamBasicDescription? {
        guard stream.mediaType == .audio else { return nil }
        return AudioStreamBasicDescription(
            mSampleRate: Float64(stream.sampleRate), mFormatID: mediaSubType.rawValue, mFormatFlags: 0,
            mBytesPerPacket: 0, mFramesPerPacket: 0, mBytesPerFrame: 0,
            mChannelsPerFrame: UInt32(clamping: stream.channels), mBitsPerChannel: 0, mReserved: 0)
    }

    /// `video avc1 320x240` or `audio aac  48000 Hz 2 ch`.
    public var description: String {
        switch stream.mediaType {
        case .video: "video \(mediaSubType) \(stream.width)x\(stream.height)"
        case .audio: "audio \(mediaSubType) \(stream.sampleRate) Hz \(stream.channels) ch"
        case .subtitle, .data: "\(stream.mediaType.rawValue) \(mediaSubType)"
        }
    }

    /// Same stream description.
    public static func == (lhs: CMFormatDescription, rhs: CMFormatDescription) -> Bool { lhs.stream == rhs.stream }

    /// Hashes the stream description.
    public func hash(into hasher: inout Hasher) { hasher.combine(stream) }
}

/// The media type of a format.
public func CMFormatDescriptionGetMediaType(_ desc: CMFormatDescription) -> CMMediaType { desc.mediaType.rawValue }

/// The codec code of a format.
public func CMFormatDescriptionGetMediaSubType(_ desc: CMFormatDescription) -> FourCharCode { desc.mediaSubType.rawValue }

/// The coded width and height of a video format.
public func CMVideoFormatDescriptionGetDimensions(_ videoDesc: CMVideoFormatDescription) -> CMVideoDimensions {
    videoDesc.dimensions
}

/// The first four bytes of `text` (padded with spaces) as a big-endian code.
func fourCharCode(_ text: String) -> FourCharCode {
    let bytes = Array(text.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - text.utf8.count))
    return bytes.reduce(0) { $0 << 8 | FourCharCode($1) }
}
