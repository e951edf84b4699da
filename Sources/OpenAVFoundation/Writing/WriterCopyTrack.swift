import Foundation
import LibAV
import MediaCore

/// One stream of a file being written whose samples are copied as they come: the codec's parameters are taken from
/// the source file's stream, and each stored sample becomes a packet in that stream's time base. Packets past where
/// the other tracks have got (up to `holdLimit` bytes) are held back, so a session's end set after them can still
/// leave them out: a program that copies a long song under a short video ends the session where the video ends.
final class WriterCopyTrack {
    /// The most bytes of packets held back.
    static let holdLimit = 64 << 20

    private let output: OutputFile
    private let stream: Int
    private let name: String
    /// The source stream's time base, as the duration of one tick.
    private let tick: MediaTime
    /// Packets not yet written, in the order they came, with their decode times and where they end.
    private var held: [(packet: Packet, decode: MediaTime, end: MediaTime)] = []
    private var heldBytes = 0
    /// The latest decode time of a packet written.
    private var written: MediaTime?

    /// Adds to `output` a stream with the parameters of stream `index` of `file`.
    init(file: URL, stream index: Int, output: OutputFile, name: String) throws(LibAVError) {
        let input = try InputFile(path: file.path)
        tick = try input.timeBase(ofStream: index)
        stream = try output.addStream(copying: index, of: input)
        self.output = output
        self.name = name
    }

    /// Takes the sample `bytes` presented at `time` and decoded at `decode` (both from the session's start); writes
    /// the held packets that end by `horizon`, where the other tracks have got (nil when there are none), and the
    /// oldest while more than `holdLimit` bytes are held.
    func append(_ bytes: UnsafeRawBufferPointer, at time: MediaTime, decode: MediaTime, duration: MediaTime,
                isSync: Bool, horizon: MediaTime?) throws(LibAVError) {
        let packet = try Packet(payload: Array(bytes), timeBase: tick, pts: time, dts: decode,
                                duration: duration.isNumeric ? duration : .zero, keyframe: isSync)
        let end = time + (duration.isNumeric ? duration : .zero)
        held.append((packet, decode, end))
        heldBytes += bytes.count
        reach = MediaTime.maximum(reach ?? end, end)
        while let oldest = held.first, horizon.map({ oldest.end <= $0 }) ?? false || heldBytes > Self.holdLimit {
            try writeOldest()
        }
    }

    /// Where the track's samples reach so far: the latest end of a sample appended.
    private(set) var reach: MediaTime?

    /// Writes the held packets decoded before `sessionEnd` (all of them without one); fails when a packet decoded
    /// at or after it was written already.
    func finish(sessionEnd: MediaTime?) throws(AVError) {
        if let sessionEnd, let written, written >= sessionEnd {
            throw AVError(.unknown, .writer(input: name, problem: WriterFile.pastTheEnd(
                kind: "copied media", until: written, sessionEnd: sessionEnd)))
        }
        if let sessionEnd { held.removeAll { $0.decode >= sessionEnd } }
        do throws(LibAVError) {
            while !held.isEmpty { try writeOldest() }
        } catch {
            throw AVError(.unknown, .export(.wrap(error, path: nil, output: output.path)))
        }
    }

    /// Drops what the track holds without writing it.
    func discard() {
        held = []
        heldBytes = 0
    }

    private func writeOldest() throws(LibAVError) {
        let (packet, decode, _) = held.removeFirst()
        heldBytes -= packet.size
        written = decode
        try output.write(packet, stream: stream)
    }
}
