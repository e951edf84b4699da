import LibAV
import MediaCore

/// Segmented video encoding: each planned segment is one fresh encoder session (or packets from the run's
/// `SegmentCache`), joined by stream copy into the output's video stream.
extension ExportSession {
    /// Writes every segment of `video` for the export `range`, mixing audio up to each segment's end through
    /// `pumpAudio` (a composition sample index); returns the frames written and the segments taken from the cache.
    func exportSegments(_ video: inout SegmentedVideo, range: TimeRange, output: OutputFile, audioRate: Int32?,
                        pumpAudio: (Int64) throws(ExportError) -> Void) throws(ExportError)
        -> (frames: Int64, reused: [SegmentReuse])
    {
        var reused: [SegmentReuse] = []
        let clock = video.clock
        let stream = video.stream
        /// Mixes audio up to the composition time of output frame `index`.
        func audio(upTo index: Int64) throws(ExportError) {
            guard let audioRate else { return }
            let time = range.start + clock.time(ofFrame: index)
            try pumpAudio(time.convertScale(audioRate, method: .roundTowardPositiveInfinity).value)
        }
        for segment in video.plan.segments {
            let start = clock.time(ofFrame: segment.frames.lowerBound)
            guard let key = segment.key else {
                // Unshared: written as it is encoded, audio frame by frame (memory stays flat in its length).
                try encodeFrames(segment.frames, of: range, clock: clock, total: video.frameCount,
                                 renderer: video.renderer,
                                 encoder: try video.nextEncoder()) { (index, packets) throws(ExportError) in
                    try write(packets, shiftedBy: start, to: output, stream: stream)
                    try audio(upTo: index + 1)
                }
                continue
            }
            let packets: [Packet]
            if case .hit(let cached)? = segmentCache?.claim(key) {
                packets = cached
                reused.append(SegmentReuse(label: key.label, seconds: (clock.time(ofFrame: segment.frames.upperBound) - start).seconds))
                report(progress: Double(segment.frames.upperBound) / Double(max(1, video.frameCount)))
            } else {
                var collected: [Packet] = []
                do {
                    try encodeFrames(segment.frames, of: range, clock: clock, total: video.frameCount,
                                 renderer: video.renderer,
                                     encoder: try video.nextEncoder()) { (_, packets) throws(ExportError) in
                        collected += packets
                    }
                } catch {
                    segmentCache?.abandon(key)
                    throw error
                }
                segmentCache?.store(key, packets: collected)
                packets = collected
            }
            // Shared: the whole segment, then its audio, the same way whether rendered or reused.
            try write(packets, shiftedBy: start, to: output, stream: stream)
            try audio(upTo: segment.frames.upperBound)
        }
        return (video.frameCount, reused)
    }

    /// Renders output frames `frames` of `range` and encodes them with `encoder` (a fresh session: the first frame
    /// is a keyframe, timestamps count from the segment's first frame), handing each frame's packets (and at the end
    /// the encoder's remaining ones) to `each` with the frame index; `total` frames make progress 1.
    func encodeFrames(_ frames: Range<Int64>, of range: TimeRange, clock: FrameClock, total: Int64,
                      renderer: any PictureRenderer, encoder: Encoder, each: (Int64, [Packet]) throws(ExportError) -> Void) throws(ExportError) {
        let start = clock.time(ofFrame: frames.lowerBound)
        for index in frames {
            try checkCancelled()
            let time = clock.time(ofFrame: index)
            let frame = try renderer.render(at: range.start + time)
            let packets: [Packet]
            do {
                frame.pts = time - start
                packets = try encoder.encode(frame)
            } catch {
                throw ExportError.wrap(error, path: nil, output: outputPath)
            }
            try each(index, packets)
            report(progress: Double(index + 1) / Double(max(1, total)))
        }
        let rest: [Packet]
        do {
            rest = try encoder.finish()
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        try each(frames.upperBound - 1, rest)
    }

    /// Writes copies of `packets` (segment time) to the output stream, moved to the segment's place at `start`.
    private func write(_ packets: [Packet], shiftedBy start: MediaTime, to output: OutputFile,
                       stream: Int) throws(ExportError) {
        do {
            for packet in packets {
                let copy = try packet.copy()
                copy.shiftTimestamps(by: start)
                try output.write(copy, stream: stream)
            }
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
    }
}
