import Composition
import Foundation
import LibAV
import MediaCore

/// Cuts an output's video into encoder segments at its content boundaries (instructions, where text starts or stops
/// showing, a track's passing from one segment to the next): a stretch inside one of the shareable ranges (the whole
/// timeline in a batch) under one instruction is a keyed segment of its own when `SegmentDescriber` can key it;
/// everything else joins its plain neighbours in one encoder session, and a plain stretch too short for a keyframe of
/// its own joins a keyed neighbour with text (`absorbingShortRuns`). The cut depends only on the output's own
/// composition, shareable ranges and settings, so an output has the same segments alone, in a batch and with any
/// --jobs.
public struct SegmentPlan: Sendable {
    /// Shorter keyed stretches are not worth a keyframe of their own and stay in their neighbours' segment.
    public static let minimumKeyedFrames: Int64 = 12
    /// Longer keyed stretches are not shared: their packets would be held in memory whole.
    public static let maximumKeyedSeconds = 20.0

    /// The segments in output order; together they cover every frame once.
    public let segments: [PlannedSegment]

    /// A plan of `segments`.
    init(segments: [PlannedSegment]) {
        self.segments = segments
    }

    /// One unshared segment of `frameCount` frames (outputs whose pictures are not keyed, e.g. HDR).
    init(frameCount: Int64) {
        segments = frameCount > 0 ? [PlannedSegment(frames: 0..<frameCount, key: nil)] : []
    }

    /// Plans `frameCount` frames of `range` at `clock`'s rate, keying only stretches inside a `shareable` composition
    /// range; `encoder` is the encoder name and its settings, `digests` names source files in keys. The frames of
    /// `copies` (sorted, disjoint, each under one instruction) are copied segments of their own.
    init(composition: MutableComposition, videoComposition: VideoComposition, range: TimeRange, clock: FrameClock,
         frameCount: Int64, shareable: [TimeRange], encoder: String, settings: Encoder.VideoSettings,
         digests: FileDigests, copies: [Range<Int64>] = []) {
        guard !shareable.isEmpty || !copies.isEmpty else {
            segments = frameCount > 0 ? [PlannedSegment(frames: 0..<frameCount, key: nil)] : []
            return
        }
        let describer = SegmentDescriber(composition: composition, videoComposition: videoComposition,
                                         encoder: SegmentPlan.encoderIdentity(encoder, settings), digests: digests)
        let maximum = Int64(Self.maximumKeyedSeconds / clock.frameDuration.seconds)
        var runs: [Run] = []
        let cuts = Self.sourceCuts(composition, range: range, clock: clock, frameCount: frameCount)
        let groups = Self.contentGroups(videoComposition, range: range, clock: clock, frameCount: frameCount,
                                        sourceCuts: cuts)
        for (group, copied) in Self.splitting(groups, at: copies) {
            if copied {
                runs.append(Run(segment: PlannedSegment(frames: group, key: nil, isCopied: true), showsText: false))
                continue
            }
            var key: SegmentKey?
            let span = TimeRange(start: range.start + clock.time(ofFrame: group.lowerBound),
                                 end: range.start + clock.time(ofFrame: group.upperBound))
            if group.count >= Self.minimumKeyedFrames, group.count <= maximum,
               shareable.contains(where: { $0.contains(span) }) {
                let times = group.map { range.start + clock.time(ofFrame: $0) }
                key = describer.key(times: times, frameDuration: clock.frameDuration)
            }
            let showsText = videoComposition.textLayers.contains {
                $0.timeRange.start < span.end && $0.timeRange.end > span.start
            }
            runs.append(Run(segment: PlannedSegment(frames: group, key: key), showsText: showsText))
        }
        segments = Self.joined(Self.absorbingShortRuns(runs))
    }

    /// Runs of `groups` with the frames of `copies` (sorted, disjoint, each inside one group) cut out as runs of
    /// their own, marked copied.
    static func splitting(_ groups: [Range<Int64>], at copies: [Range<Int64>]) -> [(frames: Range<Int64>, copied: Bool)] {
        var runs: [(frames: Range<Int64>, copied: Bool)] = []
        for group in groups {
            var start = group.lowerBound
            for copy in copies where copy.overlaps(group) {
                if start < copy.lowerBound { runs.append((start..<copy.lowerBound, false)) }
                runs.append((copy, true))
                start = copy.upperBound
            }
            if start < group.upperBound { runs.append((start..<group.upperBound, false)) }
        }
        return runs
    }

    /// Runs of consecutive frames that show the same instruction (or none) under the same titles, cut again at
    /// `sourceCuts`: the cuts are the output's own content boundaries (an instruction's, a title's start and end, a
    /// track's passing to its next segment), so the stretches a title does not touch are keyed apart from the titled
    /// ones, and an intro joined without a transition apart from the clip after it, whichever other outputs exist.
    static func contentGroups(_ videoComposition: VideoComposition, range: TimeRange, clock: FrameClock,
                              frameCount: Int64, sourceCuts: [Int64] = []) -> [Range<Int64>] {
        split(titleGroups(videoComposition, range: range, clock: clock, frameCount: frameCount), at: sourceCuts)
    }

    /// The frames of `range` (at `clock`'s rate, `frameCount` of them) where a video track of `composition` passes
    /// from one segment to the next, each the first frame the next one shows; sorted.
    static func sourceCuts(_ composition: MutableComposition, range: TimeRange, clock: FrameClock,
                           frameCount: Int64) -> [Int64] {
        var frames = Set<Int64>()
        for track in composition.tracks(withMediaType: .video) {
            for segment in track.segments.dropFirst() where segment.targetRange.start > range.start {
                guard let frame = try? clock.frameCount(for: segment.targetRange.start - range.start),
                      frame < frameCount else { continue }
                frames.insert(frame)
            }
        }
        return frames.sorted()
    }

    /// `groups` (consecutive, in order) cut again at `cuts` (sorted frames).
    static func split(_ groups: [Range<Int64>], at cuts: [Int64]) -> [Range<Int64>] {
        guard !cuts.isEmpty else { return groups }
        var split: [Range<Int64>] = []
        for group in groups {
            var start = group.lowerBound
            for cut in cuts where cut > group.lowerBound && cut < group.upperBound {
                split.append(start..<cut)
                start = cut
            }
            split.append(start..<group.upperBound)
        }
        return split
    }

    /// Runs of consecutive frames that show the same instruction (or none), with text or without: a stretch under
    /// text is this output's own whichever titles or captions come and go in it, so it is cut only where text starts
    /// or stops showing (each cut would cost a keyframe).
    static func titleGroups(_ videoComposition: VideoComposition, range: TimeRange, clock: FrameClock,
                            frameCount: Int64) -> [Range<Int64>] {
        groups(videoComposition, range: range, clock: clock, frameCount: frameCount, byText: true)
    }

    /// Runs of consecutive frames that show the same instruction (or none).
    static func instructionGroups(_ videoComposition: VideoComposition, range: TimeRange, clock: FrameClock,
                                  frameCount: Int64) -> [Range<Int64>] {
        groups(videoComposition, range: range, clock: clock, frameCount: frameCount, byText: false)
    }

    /// Runs of consecutive frames whose instruction (the one at the frame's time) and, `byText`, whether text shows
    /// during the frame, are the same. Both can change only at the frames where an instruction or a text layer
    /// starts or ends, so the frames between two such frames are one piece, judged by its first frame: the groups
    /// are those of judging every frame, at the cost of judging the pieces.
    private static func groups(_ videoComposition: VideoComposition, range: TimeRange, clock: FrameClock,
                               frameCount: Int64, byText: Bool) -> [Range<Int64>] {
        guard frameCount > 0 else { return [] }
        let texts = byText ? videoComposition.textLayers.map(\.timeRange) : []
        let time = { (index: Int64) in range.start + clock.time(ofFrame: index) }
        var breaks: Set<Int64> = [0]
        func addBreaks(around edge: MediaTime) {
            guard edge.isNumeric, let (atOrAfter, after) = firstFrames(from: edge, time: time, clock: clock,
                                                                       offset: range.start) else { return }
            // The frame whose next one starts after the edge, too: text shows during a frame that ends past its start.
            for index in [atOrAfter, after, after - 1] where index > 0 && index < frameCount { breaks.insert(index) }
        }
        for instruction in videoComposition.instructions {
            addBreaks(around: instruction.timeRange.start)
            addBreaks(around: instruction.timeRange.end)
        }
        for text in texts {
            addBreaks(around: text.start)
            addBreaks(around: text.end)
        }
        let starts = breaks.sorted()
        var groups: [Range<Int64>] = []
        var current: (instruction: TimeRange?, titles: Bool)?
        for (position, index) in starts.enumerated() {
            let next = position + 1 < starts.count ? starts[position + 1] : frameCount
            let begin = time(index), end = time(index + 1)
            let judged = (instruction: videoComposition.instruction(at: begin)?.timeRange,
                          titles: texts.contains { $0.start < end && $0.end > begin })
            if let current, current == judged, let last = groups.last {
                groups[groups.count - 1] = last.lowerBound..<next
            } else {
                groups.append(index..<next)
            }
            current = judged
        }
        return groups
    }

    /// The first frame whose `time` is at or after `edge`, and the first after it (both may lie outside the
    /// output's frames); nil when the edge is too far for a frame index.
    private static func firstFrames(from edge: MediaTime, time: (Int64) -> MediaTime, clock: FrameClock,
                                    offset: MediaTime) -> (atOrAfter: Int64, after: Int64)? {
        guard var index = try? clock.frameIndex(at: edge - offset), index.magnitude < 1 << 40 else { return nil }
        // The estimate is exact in rational time; the steps keep the answer true to `time` as the frames use it.
        while time(index) > edge { index -= 1 }
        while time(index + 1) <= edge { index += 1 }
        return (time(index) == edge ? index : index + 1, index + 1)
    }

    /// The encoder's name and every setting that changes its bytes, in a stable order.
    static func encoderIdentity(_ name: String, _ settings: Encoder.VideoSettings) -> String {
        var plain = settings
        plain.options = [:]
        let options = settings.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(name) \(String(reflecting: plain)) \(options.joined(separator: ":"))"
    }
}
