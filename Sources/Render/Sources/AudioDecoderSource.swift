import LibAV
import MediaCore

/// One audio stream of a file: its demuxer and decoder, shared by the segments that play it. Times are relative to
/// the file's start, as for `DecodedVideoReader` (its `startOffset(of:)`): a positive start is subtracted from frame
/// times and added to seeks.
final class AudioDecoderSource {
    let path: String
    let input: InputFile
    let decoder: Decoder
    /// The file's start (zero unless positive), source time zero.
    let startOffset: MediaTime

    /// Opens `path` and the decoder of track `trackID` (stream `trackID - 1`, or the best audio stream);
    /// `allowsDevices` lets it be a named pipe or device.
    init(path: String, trackID: Int32, allowsDevices: Bool = false) throws(ExportError) {
        self.path = path
        do {
            input = try InputFile(path: path, allowsDevices: allowsDevices)
            var index = Int(trackID) - 1
            if index < 0 || index >= input.streamCount || (try? input.probedStream(index).mediaType) != .audio {
                index = try input.bestStream(.audio)
            }
            decoder = try Decoder(input: input, stream: index, threads: 1)
            startOffset = DecodedVideoReader.startOffset(of: input)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    /// What the decoder concealed so far, with packet times in source time.
    var damage: DecodeDamage { decoder.damage.shifted(by: startOffset) }

    /// Moves to `time` (the packet at or before it) and forgets decoded audio.
    func seek(to time: MediaTime) throws(ExportError) {
        do {
            try input.seek(to: MediaTime.maximum(time, .zero) + startOffset, stream: decoder.streamIndex)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
        decoder.flush()
    }

    /// The next decoded frame, or nil at the end of the stream.
    func nextFrame() throws(ExportError) -> Frame? {
        do {
            let frame = try decoder.nextFrame(from: input)
            if startOffset != .zero, let frame, frame.pts.isNumeric { frame.pts = frame.pts - startOffset }
            return frame
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }
}
