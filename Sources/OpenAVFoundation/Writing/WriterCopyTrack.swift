import Foundation
import LibAV
import MediaCore

/// One stream of a file being written whose samples are copied as they come: the codec's parameters are taken from
/// the source file's stream, and each stored sample becomes a packet in that stream's time base.
final class WriterCopyTrack {
    private let output: OutputFile
    private let stream: Int
    /// The source stream's time base, as the duration of one tick.
    private let tick: MediaTime

    /// Adds to `output` a stream with the parameters of stream `index` of `file`.
    init(file: URL, stream index: Int, output: OutputFile) throws(LibAVError) {
        let input = try InputFile(path: file.path)
        tick = try input.timeBase(ofStream: index)
        stream = try output.addStream(copying: index, of: input)
        self.output = output
    }

    /// Writes the sample `bytes` presented at `time` and decoded at `decode` (both from the session's start).
    func append(_ bytes: UnsafeRawBufferPointer, at time: MediaTime, decode: MediaTime, duration: MediaTime,
                isSync: Bool) throws(LibAVError) {
        let packet = try Packet(payload: Array(bytes), timeBase: tick, pts: time, dts: decode,
                                duration: duration.isNumeric ? duration : .zero, keyframe: isSync)
        try output.write(packet, stream: stream)
    }
}
