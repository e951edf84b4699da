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
/// what libavformat says about the stream, or from the layout of decoded pictures and sound an asset reader hands out.
public final class CMFormatDescription: @unchecked Sendable, Hashable, CustomStringConvertible {
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

        /// The four characters, or the number for a code that is not four printable characters (`32` for 32ARGB).
        public var description: String {
            let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) }
            guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return "\(rawValue)" }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// What the description describes.
    enum Content: Sendable, Hashable {
        /// A file's stream as probed.
        case stream(ProbedStream)
        /// Decoded pictures of packed pixels.
        case pixels(width: Int, height: Int, format: OSType)
        /// Decoded linear PCM sound.
        case pcm(AudioStreamBasicDescription)
    }

    /// What the description describes.
    let content: Content
    /// Audio: the basic description where `CMAudioFormatDescriptionGetStreamBasicDescription` points; written once,
    /// in `init`, and freed with the description (what makes the class sendable).
    private let basicDescription: UnsafeMutablePointer<AudioStreamBasicDescription>?

    /// The file whose stream this describes, for a track's format: where a writer copying the track's stored
    /// samples takes the codec's parameters from.
    private(set) var file: URL?

    /// The format of stream `stream` of `file`.
    convenience init(stream: ProbedStream, file: URL?) {
        self.init(.stream(stream))
        self.file = file
    }

    /// The format of decoded pictures or sound.
    init(_ content: Content) {
        self.content = content
        basicDescription = Self.basicDescription(of: content).map { description in
            let pointer = UnsafeMutablePointer<AudioStreamBasicDescription>.allocate(capacity: 1)
            pointer.initialize(to: description)
            return pointer
        }
    }

    deinit {
        basicDescription?.deallocate()
    }

    /// Where the audio basic description is kept for the format's lifetime.
    var basicDescriptionPointer: UnsafePointer<AudioStreamBasicDescription>? { basicDescription.map { UnsafePointer($0) } }

    /// Video, audio, subtitle or metadata.
    public var mediaType: MediaType {
        switch content {
        case .stream(let stream):
            switch stream.mediaType {
            case .video: .video
            case .audio: .audio
            case .subtitle: .subtitle
            case .data: .metadata
            }
        case .pixels: .video
        case .pcm: .audio
        }
    }

    /// The codec's four-character code (codecs without an Apple code get the first four letters of libavcodec's
    /// name); the pixel format of decoded pictures; `'lpcm'` for decoded sound.
    public var mediaSubType: MediaSubType { Self.subType(of: content) }

    /// The four-character code of `content`.
    private static func subType(of content: Content) -> MediaSubType {
        switch content {
        case .stream(let stream):
            let known: [String: MediaSubType] = [
                "h264": .h264, "hevc": .hevc, "vp9": .vp9, "av1": .av1, "mjpeg": .jpeg, "prores": .proRes422,
                "aac": .mpeg4AAC, "mp3": .mpegLayer3, "opus": .opus, "pcm_s16le": .linearPCM,
            ]
            return known[stream.codecName] ?? MediaSubType(rawValue: fourCharCode(stream.codecName))
        case .pixels(_, _, let format): return MediaSubType(rawValue: format)
        case .pcm: return .linearPCM
        }
    }

    /// libavcodec's name for the codec (`h264`, `aac`), `rawvideo` or `pcm` for decoded media; not in Apple's API.
    public var codecName: String {
        switch content {
        case .stream(let stream): stream.codecName
        case .pixels: "rawvideo"
        case .pcm: "pcm"
        }
    }

    /// Video: the width and height in pixels (coded, for a file's stream); zero for other media.
    public var dimensions: CMVideoDimensions {
        switch content {
        case .stream(let stream):
            CMVideoDimensions(width: Int32(clamping: stream.width), height: Int32(clamping: stream.height))
        case .pixels(let width, let height, _):
            CMVideoDimensions(width: Int32(clamping: width), height: Int32(clamping: height))
        case .pcm: CMVideoDimensions(width: 0, height: 0)
        }
    }

    /// Audio: sample rate, format and channel count (and, for decoded sound, its whole layout); nil for other media.
    public var audioStreamBasicDescription: AudioStreamBasicDescription? { basicDescription?.pointee }

    /// The audio basic description of `content`; nil for other media.
    private static func basicDescription(of content: Content) -> AudioStreamBasicDescription? {
        switch content {
        case .stream(let stream):
            guard stream.mediaType == .audio else { return nil }
            return AudioStreamBasicDescription(
                mSampleRate: Float64(stream.sampleRate), mFormatID: subType(of: content).rawValue,
                mFormatFlags: 0, mBytesPerPacket: 0, mFramesPerPacket: 0, mBytesPerFrame: 0,
                mChannelsPerFrame: UInt32(clamping: stream.channels), mBitsPerChannel: 0, mReserved: 0)
        case .pixels: return nil
        case .pcm(let description): return description
        }
    }

    /// `video avc1 320x240`, `audio aac  48000 Hz 2 ch`, `video BGRA 320x240`, `audio lpcm 48000 Hz 2 ch`.
    public var description: String {
        switch content {
        case .stream(let stream):
            switch stream.mediaType {
            case .video: "video \(mediaSubType) \(stream.width)x\(stream.height)"
            case .audio: "audio \(mediaSubType) \(stream.sampleRate) Hz \(stream.channels) ch"
            case .subtitle, .data: "\(stream.mediaType.rawValue) \(mediaSubType)"
            }
        case .pixels(let width, let height, _): "video \(mediaSubType) \(width)x\(height)"
        case .pcm(let pcm): "audio \(mediaSubType) \(Int(pcm.mSampleRate)) Hz \(pcm.mChannelsPerFrame) ch"
        }
    }

    /// Same content.
    public static func == (lhs: CMFormatDescription, rhs: CMFormatDescription) -> Bool { lhs.content == rhs.content }

    /// Hashes the content.
    public func hash(into hasher: inout Hasher) { hasher.combine(content) }
}

/// The media type of a format.
public func CMFormatDescriptionGetMediaType(_ desc: CMFormatDescription) -> CMMediaType { desc.mediaType.rawValue }

/// The codec code of a format.
public func CMFormatDescriptionGetMediaSubType(_ desc: CMFormatDescription) -> FourCharCode { desc.mediaSubType.rawValue }

/// The basic description of an audio format, valid while the format exists; nil for other media.
public func CMAudioFormatDescriptionGetStreamBasicDescription(_ desc: CMAudioFormatDescription)
    -> UnsafePointer<AudioStreamBasicDescription>? {
    desc.basicDescriptionPointer
}

/// The coded width and height of a video format.
public func CMVideoFormatDescriptionGetDimensions(_ videoDesc: CMVideoFormatDescription) -> CMVideoDimensions {
    videoDesc.dimensions
}

/// The first four bytes of `text` (padded with spaces) as a big-endian code.
func fourCharCode(_ text: String) -> FourCharCode {
    let bytes = Array(text.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - text.utf8.count))
    return bytes.reduce(0) { $0 << 8 | FourCharCode($1) }
}
