import Composition
import LibAV
import MediaCore

/// Pictures of one source track for the render engine: the frame showing at a source time.
protocol VideoSourceReader: AnyObject {
    /// The file or generator URL, for errors.
    var path: String { get }
    /// The frame showing at `time` (the last with pts <= `time`; the first before it starts; the last after it ends),
    /// or nil if the source has no pictures. The frame may be reused by the next call.
    func frame(at time: MediaTime) throws(ExportError) -> Frame?
}

/// Decodes one video stream of a file forward, keeping the last frame at or before the asked time; seeks (to the
/// keyframe before, then decodes and drops) only when time goes backwards or jumps far ahead. Still images decode once.
final class DecodedVideoReader: VideoSourceReader {
    let path: String
    private let input: InputFile
    private let decoder: Decoder
    private let isStill: Bool
    /// The last decoded frame with pts <= the last asked time.
    private var current: Frame?
    /// A decoded frame past the last asked time.
    private var lookahead: Frame?
    /// Whether the stream has no more frames.
    private var ended = false
    /// Jumps ahead further than this seek instead of decoding through.
    static let seekThreshold = MediaTime(value: 4, timescale: 1)

    /// Opens `path` and the decoder of track `trackID` (stream `trackID - 1`, or the best video stream).
    init(path: String, trackID: Int32, threads: Int) throws(ExportError) {
        self.path = path
        do {
            input = try InputFile(path: path)
            var index = Int(trackID) - 1
            if index < 0 || index >= input.streamCount || (try? input.probedStream(index).mediaType) != .video {
                index = try input.bestStream(.video)
            }
            isStill = try input.probedStream(index).isStillImage
            decoder = try Decoder(input: input, stream: index, threads: threads)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    func frame(at time: MediaTime) throws(ExportError) -> Frame? {
        do {
            if isStill {
                if current == nil, !ended {
                    current = try decoder.nextFrame(from: input)
                    ended = true
                }
                return current
            }
            if let shown = current {
                let backwards = time < shown.pts
                let farAhead = time - shown.pts > Self.seekThreshold && (lookahead.map { time >= $0.pts } ?? !ended)
                if backwards || farAhead { try seek(to: time) }
            }
            while !ended {
                if lookahead == nil {
                    lookahead = try decoder.nextFrame(from: input)
                    if lookahead == nil { ended = true; break }
                }
                guard let next = lookahead, !next.pts.isNumeric || next.pts <= time else { break }
                current = next
                lookahead = nil
            }
            return current ?? lookahead
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    /// Moves to the keyframe at or before `time` and forgets decoded frames.
    private func seek(to time: MediaTime) throws(LibAVError) {
        try input.seek(to: time, stream: decoder.streamIndex)
        decoder.flush()
        current = nil
        lookahead = nil
        ended = false
    }
}

/// Pictures of a `mediabatch-generate:` source, drawn with the core generators into a reused frame.
final class GeneratedVideoReader: VideoSourceReader {
    let path: String
    private let source: GeneratedSource
    private let buffer: VideoFrameBuffer
    private let frame: Frame
    /// The time last drawn (a colour is drawn once).
    private var drawnTime: MediaTime?

    init(source: GeneratedSource) throws(ExportError) {
        self.source = source
        path = source.url.absoluteString
        guard source.hasVideo else {
            throw ExportError.probe(path: path, reason: "generator '\(source.kind.rawValue)' has no pictures")
        }
        guard source.kind != .color || source.rgbaColor != nil else {
            throw ExportError.probe(path: path, reason: "unknown colour '\(source.color)'; use #rrggbb or a basic name")
        }
        do {
            buffer = try VideoFrameBuffer(width: source.width, height: source.height)
            frame = try Frame(width: source.width, height: source.height, pixelFormat: .yuv420p)
        } catch {
            throw ExportError.probe(path: path, reason: "\(error)")
        }
    }

    func frame(at time: MediaTime) throws(ExportError) -> Frame? {
        if source.kind == .color {
            if drawnTime != nil { return frame }
            ColorGenerator(color: source.rgbaColor ?? .black, width: source.width, height: source.height).render(into: buffer)
        } else {
            if drawnTime == time { return frame }
            let clamped = MediaTime.maximum(.zero, time)
            do {
                try TestPatternGenerator(width: source.width, height: source.height).render(at: clamped, into: buffer)
            } catch {
                throw ExportError.decode(path: path, reason: error.description)
            }
        }
        do {
            try buffer.copy(into: frame)
        } catch {
            throw ExportError.decode(path: path, reason: "\(error)")
        }
        drawnTime = time
        return frame
    }
}
