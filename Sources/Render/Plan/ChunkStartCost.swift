import Composition
import Foundation
import LibAV
import MediaCore

/// What starting an encoder chunk at an output frame costs its lane: the source pictures decoded before the frame's
/// own, from the keyframe each source picture it shows depends on (a lane renders its chunk from scratch, seeking each
/// source to that keyframe). Read from the sources' indexes (MP4 and MOV sample tables, Matroska cues), so it depends
/// on the inputs only; a source without an index, a still or a generated picture costs nothing.
final class ChunkStartCost {
    /// An opened source: its file, video stream, start offset and reorder delay (`InputFile.reorderDelay`).
    private struct Source {
        let input: InputFile
        let stream: Int
        let offset: MediaTime
        let delay: MediaTime
    }

    private let composition: MutableComposition
    private let videoComposition: VideoComposition
    private let range: TimeRange
    private let clock: FrameClock
    /// Each source track's opened file by track and path; nil when it is not a regular file, cannot be opened or is
    /// a still picture.
    private var sources: [String: Source?] = [:]

    /// Costs for frames of `range` of the output `composition` and `videoComposition` at `clock`'s rate.
    init(composition: MutableComposition, videoComposition: VideoComposition, range: TimeRange, clock: FrameClock) {
        self.composition = composition
        self.videoComposition = videoComposition
        self.range = range
        self.clock = clock
    }

    /// The source time decoded before output frame `frame`'s pictures, summed over the layers that show one.
    func preRoll(atFrame frame: Int64) -> MediaTime {
        let time = range.start + clock.time(ofFrame: frame)
        guard let instruction = videoComposition.instruction(at: time) else { return .zero }
        var total = MediaTime.zero
        for layer in instruction.layerInstructions {
            guard let track = composition.track(withID: layer.trackID),
                  let segment = track.segments.first(where: { !$0.isEmpty && $0.targetRange.contains(time) }),
                  let url = segment.sourceURL, url.isFileURL,
                  let source = source(url: url, trackID: segment.sourceTrackID) else { continue }
            total = total + preRoll(of: source, at: segment.sourceTime(forTrackTime: time) + source.offset)
        }
        return total
    }

    /// The source time decoded before `source`'s picture at file time `time`: from the indexed keyframe before it,
    /// or the one before that when the picture is shown before the keyframe (a B-frame decoded after it); zero
    /// without an index.
    private func preRoll(of source: Source, at time: MediaTime) -> MediaTime {
        guard time > .zero, let keyframe = source.input.exactSeekTarget(for: time, stream: source.stream) else {
            return .zero
        }
        guard time < keyframe + source.delay else { return time - keyframe }
        let earlier = source.input.exactSeekTarget(for: keyframe - MediaTime(value: 1, timescale: 1000),
                                                   stream: source.stream)
        return time - (earlier.map { min($0, keyframe) } ?? .zero)
    }

    /// The opened source of track `trackID` of `url` (stream `trackID - 1`, or the best video stream, as a reader
    /// picks it); nil when it is not a regular file, cannot be opened or is a still picture.
    private func source(url: URL, trackID: Int32) -> Source? {
        let key = "\(trackID) \(url.path)"
        if let known = sources[key] { return known }
        var found: Source?
        // A named pipe or device is read by its render only: opening it here would take what the render reads.
        let path = SourcePool.path(of: url)
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        if type == .typeRegular, let input = try? InputFile(path: path),
           let index = try? DecodedVideoReader.videoStream(of: input, trackID: trackID),
           let stream = try? input.probedStream(index), !stream.isStillImage {
            found = Source(input: input, stream: index, offset: DecodedVideoReader.startOffset(of: input),
                           delay: input.reorderDelay(ofStream: index))
        }
        sources[key] = found
        return found
    }
}
