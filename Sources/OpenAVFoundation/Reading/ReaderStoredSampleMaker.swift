import Foundation
import LibAV
import MediaCore

/// A file track's samples as the file stores them, in decode order: each packet of the stream from the keyframe at
/// or before the range's start up to the first one decoded at or after its end, with the file's own timestamps.
final class ReaderStoredSampleMaker: ReaderSampleMaker, @unchecked Sendable {
    private let input: InputFile
    private let stream: Int
    private let format: CMFormatDescription
    private let sampleRate: Int?
    private let end: MediaTime
    private var finished = false

    /// A maker of stream `stream` of `file`'s packets in `range`, described by `format`.
    init(file: URL, stream: ProbedStream, format: CMFormatDescription, range: TimeRange) throws(AVError) {
        do {
            input = try InputFile(path: file.path)
            if range.start.isNumeric, range.start > .zero { try input.seek(to: range.start, stream: stream.index) }
        } catch {
            throw AVError(.fileFormatNotRecognized, .unreadableAsset(file, error))
        }
        self.stream = stream.index
        self.format = format
        sampleRate = stream.mediaType == .audio ? stream.sampleRate : nil
        end = range.end
    }

    func next() throws(AVError) -> CMSampleBuffer? {
        while !finished {
            let packet: Packet?
            do {
                packet = try input.readPacket()
            } catch {
                throw AVError(.decodeFailed, .export(.wrap(error, path: input.path)))
            }
            guard let packet else { break }
            guard packet.streamIndex == stream else { continue }
            let decode = packet.dts.isNumeric ? packet.dts : packet.pts
            if end.isNumeric, decode >= end { break }
            let block = packet.withUnsafeBytes { CMBlockBuffer(bytes: $0) }
            let samples = sampleRate.map { Int((packet.duration.seconds * Double($0)).rounded()) } ?? 1
            return CMSampleBuffer(stored: block, samples: samples, at: CMTime(packet.pts), decode: CMTime(decode),
                                  duration: CMTime(packet.duration), isSync: packet.isKeyframe, format: format)
        }
        finished = true
        return nil
    }
}
