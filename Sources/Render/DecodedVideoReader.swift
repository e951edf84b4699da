import LibAV
import MediaCore

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
