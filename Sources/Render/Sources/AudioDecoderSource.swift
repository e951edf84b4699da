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

    /// How far before a seek's time decoding starts. A compressed audio frame decodes right only after the one
    /// before it (AAC's and MP3's overlapping transforms, Opus's pre-roll; at a file's start, the encoder's priming
    /// frame), so decoding from the packet at the time itself makes its first milliseconds a fade from silence.
    /// The readers place decoded audio by its timestamps and drop what comes before the time they asked for.
    static let preroll = MediaTime(value: 1, timescale: 10)

    /// Moves to `preroll` before `time` (the packet at or before that; at the start of the file, the first packet,
    /// priming included) and forgets decoded audio.
    func seek(to time: MediaTime) throws(ExportError) {
        let target = time - Self.preroll + startOffset
        do throws(LibAVError) {
            do throws(LibAVError) {
                try input.seek(to: target, stream: decoder.streamIndex)
            } catch {
                // A demuxer that refuses a time before the stream's first packet starts at zero.
                guard target < .zero else { throw error }
                try input.seek(to: startOffset, stream: decoder.streamIndex)
            }
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
