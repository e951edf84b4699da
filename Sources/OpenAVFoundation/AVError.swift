import Foundation

/// The domain of `AVError`.
public let AVFoundationErrorDomain = "AVFoundationErrorDomain"

/// An error of AVFoundation's domain with Apple's codes; `localizedDescription` says what went wrong in this project's
/// words (the native layer's error, when one caused it).
public struct AVError: CustomNSError, Hashable, Sendable, CustomStringConvertible {
    /// Apple's error codes, the ones this library returns and a few that ported code commonly tests for.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// An unknown error.
        case unknown = -11800
        /// Out of memory.
        case outOfMemory = -11801
        /// The disk is full.
        case diskFull = -11807
        /// The export failed.
        case exportFailed = -11820
        /// A source could not be decoded.
        case decodeFailed = -11821
        /// A source cannot be read.
        case invalidSourceMedia = -11822
        /// A file already exists at the output URL.
        case fileAlreadyExists = -11823
        /// Track segments leave gaps or overlap.
        case compositionTrackSegmentsNotContiguous = -11824
        /// A segment's place on the track is invalid.
        case invalidCompositionTrackSegmentDuration = -11825
        /// A segment's source start is invalid.
        case invalidCompositionTrackSegmentSourceStartTime = -11826
        /// A segment's source duration is invalid.
        case invalidCompositionTrackSegmentSourceDuration = -11827
        /// The file is not in a format that can be read.
        case fileFormatNotRecognized = -11828
        /// The file is damaged.
        case fileFailedToParse = -11829
        /// No picture can be made at the requested time.
        case noImageAtTime = -11832
        /// No decoder for a source's codec.
        case decoderNotFound = -11833
        /// No encoder for the output's codec.
        case encoderNotFound = -11834
        /// The operation is not supported for this asset.
        case operationNotSupportedForAsset = -11838
        /// The video composition cannot be used.
        case invalidVideoComposition = -11841
        /// The output URL's extension does not fit the file type.
        case invalidOutputURLPathExtension = -11843
        /// Two tracks cannot be combined.
        case incompatibleAsset = -11848
        /// The asset has no track to work on.
        case noSourceTrack = -11869
        /// The operation is not supported for this preset.
        case operationNotSupportedForPreset = -11871
        /// Encoding failed.
        case encodeFailed = -11883
    }

    /// The error's code.
    public let code: Code
    /// What caused it; nil for errors made with Apple's initializer.
    let failure: AVFailure?
    /// Text given through Apple's initializer's `userInfo`.
    private let givenDescription: String?

    /// An error with `code`; a string under `NSLocalizedDescriptionKey` becomes its description.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        failure = nil
        givenDescription = userInfo[NSLocalizedDescriptionKey] as? String
    }

    /// An error with `code` caused by `failure`.
    init(_ code: Code, _ failure: AVFailure) {
        self.code = code
        self.failure = failure
        givenDescription = nil
    }

    /// `AVFoundationErrorDomain`.
    public static var errorDomain: String { AVFoundationErrorDomain }

    /// The code's number.
    public var errorCode: Int { code.rawValue }

    /// `NSLocalizedDescriptionKey`: the description.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }

    /// `exportFailed (-11820): decode: '/media/a.mp4': Invalid data found when processing input (avcodec_send_packet)`.
    public var description: String {
        let reason = failure?.description ?? givenDescription
        return "\(code) (\(code.rawValue))" + (reason.map { ": " + $0 } ?? "")
    }

    /// Same code and cause.
    public static func == (lhs: AVError, rhs: AVError) -> Bool { lhs.description == rhs.description }

    /// Hashes the code and cause.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// `.unknown`.
    public static var unknown: Code { .unknown }
    /// `.outOfMemory`.
    public static var outOfMemory: Code { .outOfMemory }
    /// `.diskFull`.
    public static var diskFull: Code { .diskFull }
    /// `.exportFailed`.
    public static var exportFailed: Code { .exportFailed }
    /// `.decodeFailed`.
    public static var decodeFailed: Code { .decodeFailed }
    /// `.invalidSourceMedia`.
    public static var invalidSourceMedia: Code { .invalidSourceMedia }
    /// `.fileAlreadyExists`.
    public static var fileAlreadyExists: Code { .fileAlreadyExists }
    /// `.compositionTrackSegmentsNotContiguous`.
    public static var compositionTrackSegmentsNotContiguous: Code { .compositionTrackSegmentsNotContiguous }
    /// `.invalidCompositionTrackSegmentDuration`.
    public static var invalidCompositionTrackSegmentDuration: Code { .invalidCompositionTrackSegmentDuration }
    /// `.invalidCompositionTrackSegmentSourceStartTime`.
    public static var invalidCompositionTrackSegmentSourceStartTime: Code { .invalidCompositionTrackSegmentSourceStartTime }
    /// `.invalidCompositionTrackSegmentSourceDuration`.
    public static var invalidCompositionTrackSegmentSourceDuration: Code { .invalidCompositionTrackSegmentSourceDuration }
    /// `.fileFormatNotRecognized`.
    public static var fileFormatNotRecognized: Code { .fileFormatNotRecognized }
    /// `.fileFailedToParse`.
    public static var fileFailedToParse: Code { .fileFailedToParse }
    /// `.noImageAtTime`.
    public static var noImageAtTime: Code { .noImageAtTime }
    /// `.decoderNotFound`.
    public static var decoderNotFound: Code { .decoderNotFound }
    /// `.encoderNotFound`.
    public static var encoderNotFound: Code { .encoderNotFound }
    /// `.operationNotSupportedForAsset`.
    public static var operationNotSupportedForAsset: Code { .operationNotSupportedForAsset }
    /// `.invalidVideoComposition`.
    public static var invalidVideoComposition: Code { .invalidVideoComposition }
    /// `.invalidOutputURLPathExtension`.
    public static var invalidOutputURLPathExtension: Code { .invalidOutputURLPathExtension }
    /// `.incompatibleAsset`.
    public static var incompatibleAsset: Code { .incompatibleAsset }
    /// `.noSourceTrack`.
    public static var noSourceTrack: Code { .noSourceTrack }
    /// `.operationNotSupportedForPreset`.
    public static var operationNotSupportedForPreset: Code { .operationNotSupportedForPreset }
    /// `.encodeFailed`.
    public static var encodeFailed: Code { .encodeFailed }
}

extension AVError.Code {
    /// Whether `error` is an `AVError` with this code (`catch AVError.fileAlreadyExists`).
    public static func ~= (code: AVError.Code, error: any Error) -> Bool {
        (error as? AVError)?.code == code
    }
}
