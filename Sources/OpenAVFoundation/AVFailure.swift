import Composition
import Foundation
import LibAV
import MediaCore
import Render

/// What went wrong behind an `AVError`, with its context; the text is made only in `description`.
enum AVFailure: Sendable, Hashable, CustomStringConvertible {
    /// The composition model refused an edit or a set of segments.
    case composition(CompositionError)
    /// The renderer failed.
    case export(ExportError)
    /// An asset's file could not be read.
    case unreadableAsset(URL, LibAVError)
    /// An asset's URL is not a local file.
    case notAFile(URL)
    /// An operation was given a track that belongs to neither a file nor a composition.
    case trackOfComposition(operation: String)
    /// An export was started without a setting it needs (`outputURL`, `outputFileType`).
    case missingSetting(String)
    /// A file is in the way of the export.
    case outputExists(URL)
    /// The output file type cannot carry the preset's media.
    case fileTypeNotSupported(AVFileType, preset: String)
    /// The asset has nothing the preset can export.
    case nothingToExport(preset: String)
    /// The image generator's asset has no pictures.
    case noVideo
    /// A picture was asked for outside the asset.
    case timeOutside(MediaTime, duration: MediaTime)
    /// The exported file is longer than `fileLengthLimit` allows.
    case fileTooLong(URL, length: Int64, limit: Int64)
    /// An asset reader output's settings ask for what cannot be read here.
    case readerSetting(output: String, problem: String)
    /// An asset reader output was given a track of another asset or of the wrong media type.
    case readerTrack(output: String, problem: String)
    /// An asset writer or one of its inputs cannot do what was asked (`input` names which).
    case writer(input: String, problem: String)
    /// A layer of a video composition's Core Animation tree cannot be drawn (`path` says which).
    case layer(path: String, problem: String)
    /// A video composition's filtering handler gave a picture that cannot be drawn, or none, for the frame at `time`.
    case filteredFrame(time: MediaTime, problem: String)
    /// A video composition's colour properties ask for what the export cannot write.
    case color(problem: String)

    var description: String {
        switch self {
        case let .composition(error): error.description
        case let .export(error): error.description
        case let .unreadableAsset(url, error): "cannot read '\(url.path)': \(error)"
        case let .notAFile(url): "'\(url.absoluteString)' is not a local file; only file URLs can be read"
        case let .trackOfComposition(operation):
            "'\(operation)' takes tracks of file assets and of compositions"
        case let .missingSetting(name): "'\(name)' is not set; set it before exporting"
        case let .outputExists(url): "a file already exists at '\(url.path)'; remove it or choose another URL"
        case let .fileTypeNotSupported(type, preset):
            "file type '\(type.rawValue)' is not supported by preset '\(preset)'; see 'supportedFileTypes'"
        case let .nothingToExport(preset): "the asset has no tracks preset '\(preset)' can export"
        case .noVideo: "the asset has no video track to make pictures of"
        case let .timeOutside(time, duration):
            "no picture at \(time): the asset has pictures from 0 to \(duration)"
        case let .fileTooLong(url, length, limit):
            "'\(url.path)' would be \(length) bytes, over the fileLengthLimit of \(limit); it was removed"
        case let .readerSetting(output, problem): "\(output): \(problem)"
        case let .readerTrack(output, problem): "\(output): \(problem)"
        case let .writer(input, problem): "\(input): \(problem)"
        case let .layer(path, problem): "\(path): \(problem)"
        case let .filteredFrame(time, problem): "the filtered frame at \(time.seconds) s: \(problem)"
        case let .color(problem): "the video composition's colour: \(problem)"
        }
    }
}

extension AVError {
    /// The error for a refused edit or segment array, with Apple's code for its kind.
    init(_ error: CompositionError) {
        let code: Code = switch error {
        case .firstSegmentNotAtZero, .segmentMisplaced, .trailingEmptySegment: .compositionTrackSegmentsNotContiguous
        case .invalidSegmentTarget: .invalidCompositionTrackSegmentDuration
        case .invalidSegmentSourceStart: .invalidCompositionTrackSegmentSourceStartTime
        case .invalidSegmentSourceDuration, .rangeOutsideSource: .invalidCompositionTrackSegmentSourceDuration
        case .mediaTypeMismatch: .incompatibleAsset
        case .noSuchTrack: .noSourceTrack
        case .invalidFrameDuration, .invalidRenderSize, .noInstructions, .invalidInstructionRange,
             .firstInstructionStartsLate, .instructionGap, .instructionOverlap, .instructionBackwards,
             .lastInstructionEndsEarly, .unknownLayerTrack: .invalidVideoComposition
        default: .invalidCompositionTrackSegmentDuration
        }
        self.init(code, .composition(error))
    }

    /// The error for a failed render: a source that cannot be opened is `invalidSourceMedia` (missing) or
    /// `fileFormatNotRecognized`, decoding `decodeFailed`, encoding `encodeFailed`, anything else `exportFailed`.
    init(_ error: ExportError) {
        let code: Code = switch error {
        case let .probe(path?, _):
            FileManager.default.fileExists(atPath: path) ? .fileFormatNotRecognized : .invalidSourceMedia
        case .decode: .decodeFailed
        case .encode: .encodeFailed
        case .setup, .probe, .mux, .verify, .cancelled: .exportFailed
        }
        self.init(code, .export(error))
    }
}
