import LibAV
import MediaCore

/// Segmented video encoding: each planned segment is one fresh encoder session (or packets from the run's
/// `SegmentCache`), joined by stream copy into the output's video stream.
extension ExportSession {
    /// Writes every segment of `video` for the export `range`, pumping `audio` through output frame `i` once frame
    /// `i` is in the muxer; frames are rendered `depth` ahead on a thread of their own. `tail` runs once every
    /// picture is rendered and handed on: before the encoder session drains after which every segment is copied or
    /// ready in the run's cache (the render thread stopped), or after the last segment. Returns the frames written
    /// and the segments taken from the cache.
    func exportSegments(_ video: inout SegmentedVideo, range: TimeRange, output: OutputFile, depth: Int,
                        audio: (any AudioFeed)?,
                        tail: () -> Void) throws(ExportError) -> (frames: Int64, reused: [SegmentReuse]) {
        if encodesInLanes(video, depth: depth) {
            return try exportLanes(&video, range: range, output: output, audio: audio, tail: tail)
        }
        var reused: [SegmentReuse] = []
        let segments = video.plan.segments
        let copied = Set(video.copies.keys)
        var tailed = false
        func enterTail() {
            guard !tailed else { return }
            tailed = true
            tail()
        }
        /// Whether the segments after the `number`th render no picture: copied, or ready in the cache.
        func picturesEnd(after number: Int) -> Bool {
            segments[(number + 1)...].allSatisfy { later in
                later.isCopied && copied.contains(later.frames.lowerBound)
                    || later.key.map { segmentCache?.isReady($0) ?? false } ?? false
            }
        }
        /// After a session's last frame: its render thread stopped, and the tail when no picture is left to render.
        func beforeDrain(_ frames: FramePipeline, _ number: Int) {
            frames.close()
            if picturesEnd(after: number) { enterTail() }
        }
        for (number, segment) in segments.enumerated() {
            if segment.isCopied, let stretch = video.copies[segment.frames.lowerBound] {
                try writeCopied(stretch, frames: segment.frames, video: &video, output: output, audio: audio)
                report(progress: Double(segment.frames.upperBound) / Double(max(1, video.frameCount)))
            } else if let key = segment.key {
                let reuse = try writeKeyed(segment, key: key, video: &video, range: range, output: output, depth: depth,
                                           audio: audio, beforeDrain: { beforeDrain($0, number) })
                if let reuse { reused.append(reuse) }
            } else {
                try writeUnshared(segment, video: &video, range: range, output: output, depth: depth, audio: audio,
                                  beforeDrain: { beforeDrain($0, number) })
            }
        }
        enterTail()
        try video.splicer?.finish(to: output)
        return (video.frameCount, reused)
    }

    /// The pictures of `segment`, rendered `depth` ahead by `video`'s renderer.
    private func pictures(of segment: PlannedSegment, video: SegmentedVideo, range: TimeRange,
                          depth: Int) -> FramePipeline {
        let clock = video.clock
        return FramePipeline(renderer: video.renderer, frames: segment.frames, depth: depth) {
            range.start + clock.time(ofFrame: $0)
        }
    }

    /// Writes an unshared segment as it is encoded, its sound frame by frame, so memory stays flat in its length.
    private func writeUnshared(_ segment: PlannedSegment, video: inout SegmentedVideo, range: TimeRange,
                               output: OutputFile, depth: Int, audio: (any AudioFeed)?,
                               beforeDrain: (FramePipeline) -> Void) throws(ExportError) {
        let frames = pictures(of: segment, video: video, range: range, depth: depth)
        defer { frames.close() }
        let start = video.clock.time(ofFrame: segment.frames.lowerBound)
        try encodeFrames(segment.frames, from: frames, clock: video.clock, total: video.frameCount,
                         encoder: try video.nextEncoder(), stills: video.stills,
                         beforeDrain: { beforeDrain(frames) }) { (index, packets) throws(ExportError) in
            try write(packets, shiftedBy: start, to: output, video: &video)
            try audio?.pump(throughFrame: index)
        }
    }

    /// Writes a keyed segment: its packets from the run's cache when they are there (the reuse returned), else
    /// encoded and offered to the cache; either way written whole, then its sound.
    private func writeKeyed(_ segment: PlannedSegment, key: SegmentKey, video: inout SegmentedVideo,
                            range: TimeRange, output: OutputFile, depth: Int, audio: (any AudioFeed)?,
                            beforeDrain: (FramePipeline) -> Void) throws(ExportError) -> SegmentReuse? {
        let packets: [Packet]
        var reused: SegmentReuse?
        if case .hit(let cached)? = segmentCache?.claim(key, extradata: video.encoderHeaders,
                                                        times: SegmentPictureTimes(frames: segment.frames,
                                                                                   clock: video.clock)) {
            packets = cached.packets
            video.stills?.accept(cached.stills, from: segment.frames.lowerBound)
            reused = reuse(of: key, frames: segment.frames, clock: video.clock, fromEarlierRun: cached.fromEarlierRun)
            report(progress: Double(segment.frames.upperBound) / Double(max(1, video.frameCount)))
        } else {
            let frames = pictures(of: segment, video: video, range: range, depth: depth)
            defer { frames.close() }
            packets = try encodeShared(segment.frames, key: key, from: frames, clock: video.clock,
                                       total: video.frameCount, encoder: try video.nextEncoder(), stills: video.stills,
                                       audio: audio, headers: video.encoderHeaders,
                                       beforeDrain: { beforeDrain(frames) })
        }
        try writeShared(packets, frames: segment.frames, video: &video, output: output, audio: audio)
        return reused
    }

    /// Writes a copied segment, output frames `frames`: `stretch`'s packets into the output's video stream, then the
    /// sound through its last frame.
    func writeCopied(_ stretch: CopiedStretch, frames: Range<Int64>, video: inout SegmentedVideo, output: OutputFile,
                     audio: (any AudioFeed)?) throws(ExportError) {
        let input = try InputFile.opened(stretch.source.path)
        try video.splicer?.copy(stretch, from: input, to: output, cancelled: { isCancelled })
        for index in frames { try audio?.pump(throughFrame: index) }
    }

    /// Writes a shared segment, output frames `frames`: its packets whole, then its sound frame by frame, the same way
    /// whether it was rendered or reused.
    func writeShared(_ packets: [Packet], frames: Range<Int64>, video: inout SegmentedVideo, output: OutputFile,
                     audio: (any AudioFeed)?) throws(ExportError) {
        try write(packets, shiftedBy: video.clock.time(ofFrame: frames.lowerBound), to: output, video: &video)
        try audio?.writeHeld()
        for index in frames { try audio?.pump(throughFrame: index) }
    }

    /// What taking `key`'s packets from the run's cache (encoded by an earlier run, or by this one) for output frames
    /// `frames` saved.
    func reuse(of key: SegmentKey, frames: Range<Int64>, clock: FrameClock, fromEarlierRun: Bool) -> SegmentReuse {
        SegmentReuse(label: key.label, seconds: (clock.time(ofFrame: frames.upperBound)
            - clock.time(ofFrame: frames.lowerBound)).seconds, fromEarlierRun: fromEarlierRun)
    }

    /// The packets `encode` makes of a shareable segment, output frames `frames` on `clock`, stored in the run's
    /// cache under `key` (abandoned there when `encode` fails) and staged in its archive with the encoder's codec
    /// `headers` when they carry one picture per frame (what a later run checks them for). A segment made while the
    /// export's video sources have shown damage is abandoned too: another output taking it would show the concealed
    /// pictures without a word, where rendering it itself reports them.
    func storingShared(_ key: SegmentKey, frames: Range<Int64>, clock: FrameClock, headers: [UInt8],
                       stills: StillCapture?,
                       _ encode: () throws(ExportError) -> [Packet]) throws(ExportError) -> [Packet] {
        let packets: [Packet]
        do {
            packets = try encode()
        } catch {
            segmentCache?.abandon(key)
            throw error
        }
        // Every packet the segment's pictures came from was decoded before its last picture was encoded.
        guard damageTally.total == 0 else {
            segmentCache?.abandon(key)
            return packets
        }
        let kept = stills?.pictures(in: frames) ?? [:]
        segmentCache?.store(key, payload: SegmentCache.Payload(packets: packets, stills: kept))
        if segmentCache?.archive != nil, SegmentPictureTimes(frames: frames, clock: clock).match(packets) {
            archive(key, packets: packets, extradata: headers, stills: kept)
        }
        return packets
    }

    /// Renders and encodes a shareable segment, collecting its packets and storing them in the run's cache; `audio`
    /// is pumped frame by frame meanwhile (it holds its packets for the caller to mux after the segment's).
    private func encodeShared(_ indices: Range<Int64>, key: SegmentKey, from frames: FramePipeline, clock: FrameClock,
                              total: Int64, encoder: Encoder, stills: StillCapture?, audio: (any AudioFeed)?,
                              headers: [UInt8], beforeDrain: () -> Void) throws(ExportError) -> [Packet] {
        audio?.holdsPackets = true
        defer { audio?.holdsPackets = false }
        return try storingShared(key, frames: indices, clock: clock, headers: headers, stills: stills) {
            () throws(ExportError) -> [Packet] in
            var collected: [Packet] = []
            try encodeFrames(indices, from: frames, clock: clock, total: total, encoder: encoder, stills: stills,
                             beforeDrain: beforeDrain) { (index, packets) throws(ExportError) in
                collected += packets
                try audio?.pump(throughFrame: index)
            }
            return collected
        }
    }

    /// Encodes output frames `indices`, taken in order from `frames`, with `encoder` (a fresh session: the first frame
    /// is a keyframe, timestamps count from the segment's first frame), handing each frame's packets (and at the end
    /// the encoder's remaining ones) to `each` with the frame index; `total` frames make progress 1 (nil: the caller
    /// reports progress). `stills` sees every frame before it is encoded; `beforeDrain` runs after the last frame
    /// went in, before the encoder drains.
    func encodeFrames(_ indices: Range<Int64>, from frames: FramePipeline, clock: FrameClock, total: Int64?,
                      encoder: Encoder, stills: StillCapture?, beforeDrain: () -> Void = {},
                      each: (Int64, [Packet]) throws(ExportError) -> Void) throws(ExportError) {
        let start = clock.time(ofFrame: indices.lowerBound)
        for index in indices {
            try checkCancelled()
            let frame = try frames.next()
            stills?.offer(frame, index: index)
            let packets: [Packet]
            do {
                frame.pts = clock.time(ofFrame: index) - start
                packets = try encoder.encode(frame)
            } catch {
                throw ExportError.wrap(error, path: nil, output: outputPath)
            }
            try each(index, packets)
            if let total { report(progress: Double(index + 1) / Double(max(1, total))) }
        }
        beforeDrain()
        let rest: [Packet]
        do {
            rest = try encoder.finish()
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        try each(indices.upperBound - 1, rest)
    }

    /// Writes copies of `packets` (segment time) to the output's video stream, moved to the segment's place at
    /// `start` (through the splicer when the stream has copies).
    func write(_ packets: [Packet], shiftedBy start: MediaTime, to output: OutputFile,
                       video: inout SegmentedVideo) throws(ExportError) {
        if video.splicer != nil { return try video.splicer!.writeEncoded(packets, shiftedBy: start, to: output) }
        let stream = video.stream
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
