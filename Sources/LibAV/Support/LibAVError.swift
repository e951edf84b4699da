import MediaCore

/// A failure inside libav, with the operation that failed, the C function, its code and libav's message text.
public enum LibAVError: Error, CustomStringConvertible, Sendable, Hashable {
    /// A libav call returned a negative code: what we were doing, which C function, its code and libav's text.
    case failed(Operation, function: String, code: Int32, message: String)
    /// The path names a URL (`http://...`); only local files may be opened.
    case remoteURLRefused(path: String)
    /// The path names nothing, or something other than a regular file (a pipe or device not allowed), or the
    /// system refused to open it.
    case unreadableSource(path: String, LocalFile.Failure)
    /// The file opened, but its container is a playlist or a list of other files, which mediabatch does not follow.
    case playlistRefused(path: String, format: String)
    /// The file has no stream of the wanted type.
    case noStream(path: String, MediaType)
    /// The stream index does not exist in the file.
    case noSuchStream(path: String, index: Int)
    /// libavcodec has no decoder for the stream's codec.
    case decoderNotFound(path: String, stream: Int, codec: String)
    /// libavcodec has no encoder with this name.
    case encoderNotFound(name: String)
    /// libav does not know this pixel or sample format name.
    case unknownFormat(kind: String, name: String)
    /// A value passed to LibAV does not make sense (`crop rectangle outside the frame`).
    case invalidArgument(String)
    /// FreeType cannot read the file as a font.
    case unreadableFont(path: String)
    /// A libav library loaded on first use (libavfilter) cannot be loaded: its file name and the loader's reason.
    case libraryUnavailable(name: String, reason: String)
    /// A drawing (an SVG or Lottie file) cannot be read: its format and the drawing library's message.
    case unreadableDrawing(path: String, format: String, reason: String)

    /// What LibAV was doing when a call failed; each case names the file or codec involved.
    public enum Operation: Sendable, Hashable, CustomStringConvertible {
        /// Opening an input file.
        case open(path: String)
        /// Reading stream parameters of an opened input.
        case findStreamInfo(path: String)
        /// Reading packets from an input.
        case read(path: String)
        /// Seeking in one stream of an input.
        case seek(path: String, stream: Int)
        /// Opening the decoder of one stream of an input.
        case openDecoder(path: String, stream: Int)
        /// Decoding one stream of an input.
        case decode(path: String, stream: Int)
        /// Opening an encoder by name.
        case openEncoder(codec: String)
        /// Encoding with a named encoder.
        case encode(codec: String)
        /// Creating an output file.
        case create(path: String)
        /// Writing the header, packets or trailer of an output file.
        case write(path: String)
        /// Setting up or running a pixel conversion, described as `320x240 yuv420p -> 64x64 rgba`.
        case scale(String)
        /// Setting up or running a sample conversion, described as `44100 Hz 1 ch s16 -> 48000 Hz 2 ch fltp`.
        case resample(String)
        /// Allocating a frame, packet or buffer.
        case allocate(String)
        /// Setting up or running a libavfilter graph, described by its filter text (`zscale=t=linear,tonemap`).
        case filter(String)
        /// Measuring EBU R128 loudness, described as `48000 Hz 2 ch`.
        case measureLoudness(String)

        /// `cannot open 'x.mp4'`.
        public var description: String {
            switch self {
            case let .open(path): "cannot open '\(path)'"
            case let .findStreamInfo(path): "cannot read stream info of '\(path)'"
            case let .read(path): "cannot read '\(path)'"
            case let .seek(path, stream): "cannot seek stream \(stream) of '\(path)'"
            case let .openDecoder(path, stream): "cannot open the decoder of stream \(stream) of '\(path)'"
            case let .decode(path, stream): "cannot decode stream \(stream) of '\(path)'"
            case let .openEncoder(codec): "cannot open encoder '\(codec)'"
            case let .encode(codec): "cannot encode with '\(codec)'"
            case let .create(path): "cannot create '\(path)'"
            case let .write(path): "cannot write '\(path)'"
            case let .scale(what): "cannot scale \(what)"
            case let .resample(what): "cannot resample \(what)"
            case let .allocate(what): "cannot allocate \(what)"
            case let .filter(graph): "cannot filter through '\(graph)'"
            case let .measureLoudness(what): "cannot measure the loudness of \(what)"
            }
        }
    }

    /// The coarse pipeline stage an error belongs to, for reports (`probe`, `decode`, `encode`, `mux`).
    public enum Stage: String, Sendable, Hashable, Codable {
        /// Opening or reading a source.
        case demux
        /// Decoding a source stream.
        case decode
        /// Scaling, cropping or resampling.
        case convert
        /// Encoding.
        case encode
        /// Writing the output container.
        case mux
    }

    /// The stage this error belongs to.
    public var stage: Stage {
        switch self {
        case let .failed(operation, _, _, _):
            switch operation {
            case .open, .findStreamInfo, .read, .seek: .demux
            case .openDecoder, .decode: .decode
            case .openEncoder, .encode: .encode
            case .create, .write: .mux
            case .scale, .resample, .allocate, .filter, .measureLoudness: .convert
            }
        case .remoteURLRefused, .unreadableSource, .playlistRefused, .noStream, .noSuchStream, .unreadableFont,
             .unreadableDrawing: .demux
        case .decoderNotFound: .decode
        case .encoderNotFound: .encode
        case .unknownFormat, .invalidArgument, .libraryUnavailable: .convert
        }
    }

    /// Why a source cannot be opened, completing a sentence that names it: `not found`, `is a named pipe (FIFO),
    /// not a regular file; ...`.
    public static func reason(_ failure: LocalFile.Failure) -> String {
        guard case .notAllowed = failure else { return failure.description }
        return "\(failure); pipes and devices are read only with '--allow-devices'"
    }

    /// The libav error code, when a libav call failed.
    public var code: Int32? {
        if case let .failed(_, _, code, _) = self { return code }
        return nil
    }

    /// One lowercase line: `cannot open 'x.mp4': No such file or directory (avformat_open_input)`.
    public var description: String {
        switch self {
        case let .failed(operation, function, _, message):
            "\(operation): \(message) (\(function))"
        case let .remoteURLRefused(path):
            "refusing to open '\(path)': only local files are allowed"
        case let .unreadableSource(path, failure):
            "'\(path)' \(Self.reason(failure))"
        case let .playlistRefused(path, format):
            "refusing to open '\(path)': '\(format)' lists other files or URLs; give the media file itself"
        case let .noStream(path, type):
            "'\(path)' has no \(type.rawValue) stream"
        case let .noSuchStream(path, index):
            "'\(path)' has no stream \(index)"
        case let .decoderNotFound(path, stream, codec):
            "cannot decode stream \(stream) of '\(path)': no decoder for codec '\(codec)'"
        case let .encoderNotFound(name):
            "unknown encoder '\(name)'; check that FFmpeg was built with it (ffmpeg -encoders)"
        case let .unknownFormat(kind, name):
            "unknown \(kind) format '\(name)'"
        case let .invalidArgument(text):
            text
        case let .unreadableFont(path):
            "cannot read '\(path)' as a font; give a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file"
        case let .libraryUnavailable(name, reason):
            "cannot load \(name) (FFmpeg's libavfilter, which GIF output, deinterlacing and HDR conversion use): \(reason)"
        case let .unreadableDrawing(path, format, reason):
            "cannot read '\(path)' as \(format): \(reason)"
        }
    }
}
