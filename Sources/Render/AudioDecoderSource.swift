import LibAV
import MediaCore

/// One audio stream of a file: its demuxer and decoder, shared by the segments that play it.
final class AudioDecoderSource {
    let path: String
    let input: InputFile
    let decoder: Decoder

    /// Opens `path` and the decoder of track `trackID` (stream `trackID - 1`, or the best audio stream).
    init(path: String, trackID: Int32) throws(ExportError) {
        self.path = path
        do {
            input = try InputFile(path: path)
            var index = Int(trackID) - 1
            if index < 0 || index >= input.streamCount || (try? input.probedStream(index).mediaType) != .audio {
                index = try input.bestStream(.audio)
            }
            decoder = try Decoder(input: input, stream: index, threads: 1)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    /// Moves to `time` (the packet at or before it) and forgets decoded audio.
    func seek(to time: MediaTime) throws(ExportError) {
        do {
            try input.seek(to: MediaTime.maximum(time, .zero), stream: decoder.streamIndex)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
        decoder.flush()
    }

    /// The next decoded frame, or nil at the end of the stream.
    func nextFrame() throws(ExportError) -> Frame? {
        do {
            return try decoder.nextFrame(from: input)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }
}
