import LibAV

/// Why an export failed: the pipeline stage, the source file involved (if any) and a one-line reason.
public enum ExportError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The export cannot be set up as asked: the session already ran, the composition is empty, or the settings
    /// (a preset, a font family) cannot be used.
    case setup(reason: String)
    /// A source could not be opened or described.
    case probe(path: String?, reason: String)
    /// A source could not be read, decoded, scaled or resampled.
    case decode(path: String?, reason: String)
    /// The output could not be encoded (including compositions the engine cannot draw).
    case encode(path: String?, reason: String)
    /// The output file could not be written.
    case mux(path: String?, reason: String)
    /// The written file does not look like what was asked for.
    case verify(path: String?, reason: String)
    /// `cancel()` was called.
    case cancelled

    /// The stages, for reports.
    public enum Stage: String, Sendable, Hashable, Codable, CaseIterable {
        /// Setting the export up from its composition and settings.
        case setup
        /// Opening and describing sources, setting up.
        case probe
        /// Reading and decoding sources.
        case decode
        /// Encoding.
        case encode
        /// Writing the container.
        case mux
        /// Checking the written file.
        case verify
        /// Stopped on request.
        case cancelled
    }

    /// The stage the export failed in.
    public var stage: Stage {
        switch self {
        case .setup: .setup
        case .probe: .probe
        case .decode: .decode
        case .encode: .encode
        case .mux: .mux
        case .verify: .verify
        case .cancelled: .cancelled
        }
    }

    /// The file the failure concerns (a source, or the output for `mux` and `verify`), if any.
    public var path: String? {
        switch self {
        case let .probe(path, _), let .decode(path, _), let .encode(path, _), let .mux(path, _), let .verify(path, _):
            path
        case .setup, .cancelled:
            nil
        }
    }

    /// The one-line reason without stage and path.
    public var reason: String {
        switch self {
        case let .setup(reason), let .probe(_, reason), let .decode(_, reason), let .encode(_, reason),
             let .mux(_, reason), let .verify(_, reason):
            reason
        case .cancelled:
            "the export was cancelled"
        }
    }

    /// `decode: 'media/shoes.mp4': Invalid data found when processing input (avcodec_send_packet)`.
    public var description: String {
        if case .cancelled = self { return "cancelled: \(reason)" }
        if let path { return "\(stage.rawValue): '\(path)': \(reason)" }
        return "\(stage.rawValue): \(reason)"
    }

    /// Wraps a failure to set up an encoder or muxer stream: stage `encode`, or `mux` for the output file.
    public static func encoderSetup(_ error: LibAVError, output: String) -> ExportError {
        if case let .failed(operation, _, _, _) = error, case .create = operation { return wrap(error, path: nil, output: output) }
        if case let .failed(operation, _, _, _) = error, case .write = operation { return wrap(error, path: nil, output: output) }
        if case let .failed(_, function, _, message) = error { return .encode(path: nil, reason: "\(message) (\(function))") }
        return .encode(path: nil, reason: error.description)
    }

    /// Any error met while setting up an encoder: an `ExportError` as it is, a LibAV failure as `encoderSetup`,
    /// anything else as an `encode` failure.
    static func encoderSetup(_ error: any Error, output: String) -> ExportError {
        switch error {
        case let error as ExportError: error
        case let error as LibAVError: encoderSetup(error, output: output)
        default: .encode(path: nil, reason: "\(error)")
        }
    }

    /// Wraps a LibAV failure. The stage comes from what failed: opening a source is `probe`, reading, decoding and
    /// converting it is `decode`, encoder failures are `encode`, writing the output is `mux`.
    public static func wrap(_ error: LibAVError, path: String?, output: String? = nil) -> ExportError {
        let reason: String
        if case let .failed(_, function, _, message) = error {
            reason = "\(message) (\(function))"
        } else if case let .unreadableSource(_, failure) = error {
            reason = LibAVError.reason(failure)
        } else {
            reason = error.description
        }
        if case let .failed(operation, _, _, _) = error {
            switch operation {
            case .open, .findStreamInfo: return .probe(path: path, reason: reason)
            case .create, .write: return .mux(path: output ?? path, reason: reason)
            default: break
            }
        }
        switch error.stage {
        case .demux:
            if case .remoteURLRefused = error { return .probe(path: path, reason: reason) }
            if case .playlistRefused = error { return .probe(path: path, reason: reason) }
            if case .unreadableSource = error { return .probe(path: path, reason: reason) }
            if case .noStream = error { return .probe(path: path, reason: reason) }
            if case .noSuchStream = error { return .probe(path: path, reason: reason) }
            return .decode(path: path, reason: reason)
        case .decode, .convert: return .decode(path: path, reason: reason)
        case .encode: return .encode(path: nil, reason: reason)
        case .mux: return .mux(path: output ?? path, reason: reason)
        }
    }
}
