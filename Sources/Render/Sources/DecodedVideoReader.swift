import LibAV
import MediaCore

/// Decodes one video stream of a file forward, keeping the last frame at or before the asked time; seeks (to the
/// keyframe before, then decodes and drops) for the first time asked, and then when time goes backwards, jumps far
/// ahead, or jumps past a keyframe the file's index knows. Still images decode once.
///
/// Times are source times relative to the file's start: a file whose video starts later than zero (MPEG-TS, edited
/// MP4) has that start subtracted from every frame time and added to every seek (see `startOffset(of:)`). Pictures come
/// out as a player shows them (see `SourceFrameNormalizer`): rotated per the display matrix, with square pixels,
/// in BT.709 limited range, so their size is the source track's display `naturalSize`; `picture(at:stretch:)` may
/// hand them smaller and leave the rotation to the layer.
final class DecodedVideoReader: VideoSourceReader {
    let path: String
    private let input: InputFile
    private let decoder: Decoder
    private let isStill: Bool
    /// The file's start (zero unless positive), source time zero.
    private let startOffset: MediaTime
    private let normalizer: SourceFrameNormalizer
    /// The last decoded frame with pts <= the last asked time.
    private var current: Frame?
    /// A decoded frame past the last asked time.
    private var lookahead: Frame?
    /// Whether the stream has no more frames.
    private var ended = false
    /// Pictures decoded (and deinterlaced) but not yet looked at.
    private var queue: [Frame] = []
    /// Whether the decoder is exhausted (the queue may still hold pictures).
    private var decoderEnded = false
    /// Whether no picture has been asked for yet.
    private var untouched = true
    /// Pictures the decoder has made so far (for tests of how much a cut decodes).
    private(set) var picturesDecoded = 0
    /// False decodes every picture, hidden ones too: the reference the skipping is tested against.
    var skipsHidden = true
    /// The display size the probe found (see `ProbedStream.displaySize`).
    let displaySize: (width: Int, height: Int)?
    /// The decoder's thread count.
    var decoderThreads: Int { decoder.threadCount }
    /// Jumps ahead further than this seek instead of decoding through.
    static let seekThreshold = MediaTime(value: 4, timescale: 1)

    /// Opens `path` and the decoder of track `trackID` (stream `trackID - 1`, or the best video stream);
    /// `allowsDevices` lets it be a named pipe or device; `firstTime`, the first source time the reader will be asked
    /// for, when known, sets how many threads decode (see `DecoderThreads`); damaged packets are counted in
    /// `damageTally` too.
    init(path: String, trackID: Int32, threads: Int, allowsDevices: Bool = false,
         firstTime: MediaTime? = nil, damageTally: DamageTally? = nil) throws(ExportError) {
        self.path = path
        do {
            input = try InputFile(path: path, allowsDevices: allowsDevices)
            let index = try Self.videoStream(of: input, trackID: trackID)
            let stream = try input.probedStream(index)
            isStill = stream.isStillImage
            displaySize = stream.displaySize
            startOffset = Self.startOffset(of: input)
            var preRoll = MediaTime.zero
            if let firstTime { preRoll = Self.preRoll(before: firstTime, in: input, stream: index, startOffset: startOffset) }
            decoder = try Decoder(input: input, stream: index,
                                  threads: DecoderThreads.count(base: threads, stream: stream, preRoll: preRoll))
            decoder.damageTally = damageTally
            normalizer = SourceFrameNormalizer(rotation: stream.rotation, sampleAspectRatio: stream.sampleAspectRatio,
                                               fieldOrder: input.fieldOrder(ofStream: index))
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    func frame(at time: MediaTime) throws(ExportError) -> Frame? {
        do {
            return try decoded(at: time).map { (frame) throws(LibAVError) in try normalizer.normalize(frame) }
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    /// Tone-mapped and wide-gamut pictures are converted only as large as `stretch` of their display size needs
    /// (see `SourceFrameNormalizer.normalize(_:stretch:turning:)`); others keep their display size. A display
    /// rotation is left to the layer (see `SourcePicture`).
    func picture(at time: MediaTime, stretch: Double) throws(ExportError) -> SourcePicture? {
        do {
            guard let decoded = try decoded(at: time) else { return nil }
            let frame = try normalizer.normalize(decoded, stretch: stretch, turning: false)
            let display = normalizer.displaySize(of: decoded)
            return SourcePicture(frame: frame, displayWidth: display.width, displayHeight: display.height,
                                 turn: normalizer.turnLeft)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    func prepare(at time: MediaTime) throws(ExportError) {
        do { _ = try decoded(at: time) } catch { throw ExportError.wrap(error, path: path) }
    }

    var damage: DecodeDamage { decoder.damage.shifted(by: startOffset) }

    var lightConversion: ColorDescription? { normalizer.lightConversion }

    func sourceLight(at time: MediaTime) throws(ExportError) -> (color: ColorDescription, metadata: HDRMetadata?)? {
        do {
            return try decoded(at: time).map { ($0.colorDescription, $0.hdrMetadata) }
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }

    func convert(into color: ColorDescription) {
        normalizer.hdr = HDRConverter(target: color)
    }

    /// The stream a reader of track `trackID` decodes: stream `trackID - 1` when it is video, else the best video
    /// stream.
    static func videoStream(of input: InputFile, trackID: Int32) throws(LibAVError) -> Int {
        let index = Int(trackID) - 1
        if index >= 0, index < input.streamCount, (try? input.probedStream(index).mediaType) == .video { return index }
        return try input.bestStream(.video)
    }

    /// How much of `stream` is decoded before source time `time` when it is the first picture asked for: back to the
    /// indexed keyframe before it, or from the start where the index cannot say (see `decoded(at:)`).
    static func preRoll(before time: MediaTime, in input: InputFile, stream: Int, startOffset: MediaTime) -> MediaTime {
        guard time.isNumeric, time > .zero else { return .zero }
        let keyframe = input.exactSeekTarget(for: time + startOffset, stream: stream).map { $0 - startOffset } ?? .zero
        return time - keyframe
    }

    /// Source time zero of a file: the start time of its video stream (else the container's) when positive, else 0.
    ///
    /// The picture defines the timeline, for audio too: an AAC stream usually starts a little earlier than the video
    /// (encoder priming), and measuring it from the video's start keeps the two in sync and puts the priming before
    /// zero, where it is dropped. A negative start is pre-roll before zero and is not shifted.
    static func startOffset(of input: InputFile) -> MediaTime {
        var start = input.startTime
        if let video = try? input.bestStream(.video), let videoStart = try? input.startTime(ofStream: video) {
            start = videoStart
        }
        return start.isNumeric && start > .zero ? start : .zero
    }

    /// The decoded frame showing at `time`, as the decoder made it (times shifted by `startOffset`).
    private func decoded(at time: MediaTime) throws(LibAVError) -> Frame? {
        if isStill {
            if current == nil, !ended {
                current = try decoder.nextFrame(from: input)
                ended = true
            }
            return current
        }
        if untouched {
            untouched = false
            // Start at the keyframe before the first picture asked for, not at the file's first: a clip cut from late
            // in a long file would otherwise decode everything before the cut. Only where the file's index makes that
            // exact; a pipe, or MPEG-TS, is decoded from where it is.
            if time.isNumeric, time > .zero, keyframe(before: time) != nil { try seek(to: time) }
        }
        if let shown = current {
            let backwards = time < shown.pts
            let farAhead = time - shown.pts > Self.seekThreshold && (lookahead.map { time >= $0.pts } ?? !ended)
            if backwards || farAhead || skipsAKeyframe(to: time, from: shown.pts) { try seek(to: time) }
        }
        decoder.showingUpTo = skipsHiddenPictures && time.isNumeric ? time + startOffset : nil
        while !ended {
            if lookahead == nil {
                lookahead = try nextPicture()
                guard let next = lookahead else { ended = true; break }
                if startOffset != .zero, next.pts.isNumeric { next.pts = next.pts - startOffset }
            }
            guard let next = lookahead, !next.pts.isNumeric || next.pts <= time else { break }
            current = next
            lookahead = nil
        }
        return current ?? lookahead
    }

    /// Whether the decoder may skip non-reference pictures a later one hides (see `Decoder.showingUpTo`): not while
    /// deinterlacing, where `bwdif` looks at the picture before the one shown.
    private var skipsHiddenPictures: Bool {
        skipsHidden && normalizer.fieldOrder == .progressive && normalizer.deinterlacer == nil
    }

    /// The indexed keyframe at or before source time `time` (its index time, source time), when seeking there is exact.
    private func keyframe(before time: MediaTime) -> MediaTime? {
        input.exactSeekTarget(for: time + startOffset, stream: decoder.streamIndex).map { $0 - startOffset }
    }

    /// Whether a jump ahead to `time` passes a keyframe after the last shown picture (`shown`) and what is decoded
    /// ahead of it: decoding would then make pictures nobody looks at (a stretch copied by smart rendering, a cut).
    private func skipsAKeyframe(to time: MediaTime, from shown: MediaTime) -> Bool {
        // Playing on (the asked time is the next decoded picture's, or earlier) passes no keyframe: no index lookup.
        let decodedUpTo = lookahead?.pts ?? shown
        guard time.isNumeric, time > decodedUpTo, lookahead != nil || !ended,
              let keyframe = keyframe(before: time) else { return false }
        return keyframe > decodedUpTo
    }

    /// The next decoded picture in presentation order, deinterlaced when the source is interlaced; nil at the end.
    private func nextPicture() throws(LibAVError) -> Frame? {
        while queue.isEmpty, !decoderEnded {
            let frame = try decoder.nextFrame(from: input)
            if frame == nil { decoderEnded = true } else { picturesDecoded += 1 }
            queue = try normalizer.fields(of: frame)
        }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    /// Moves to the keyframe at or before `time` and forgets decoded frames.
    private func seek(to time: MediaTime) throws(LibAVError) {
        try input.seek(to: time + startOffset, stream: decoder.streamIndex)
        decoder.flush()
        normalizer.resetFields()
        queue.removeAll()
        decoderEnded = false
        current = nil
        lookahead = nil
        ended = false
    }
}
