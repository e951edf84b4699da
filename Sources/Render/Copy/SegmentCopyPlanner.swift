import Composition
import Foundation
import LibAV
import MediaCore

/// Finds the stretches of an output whose pictures are a source's pictures untouched, which smart rendering copies
/// as that source's packets: within one instruction, a single layer at rate 1 from a file, opaque, untransformed and
/// uncropped on a canvas of the output's size, no transition, title or caption over it; of such a stretch, the whole
/// groups of pictures `SmartPassthroughPlanner` can copy (from an IDR picture on), when their times fall exactly on
/// the output's frames.
struct SegmentCopyPlanner {
    /// Stretches shorter than this are rendered: a copy costs a keyframe at each end.
    static let minimumFrames: Int64 = SegmentPlan.minimumKeyedFrames

    let composition: MutableComposition
    let videoComposition: VideoComposition
    /// The exported range.
    let range: TimeRange
    let clock: FrameClock
    /// The output picture size.
    let width: Int, height: Int

    /// The copyable stretches inside `groups` (runs of frames under one instruction), in output order.
    func stretches(in groups: [Range<Int64>]) -> [CopiedStretch] {
        guard videoComposition.assOverlays.isEmpty,
              videoComposition.renderSize == Size(width: Double(width), height: Double(height)) else { return [] }
        var found: [CopiedStretch] = []
        for group in groups where group.count >= Self.minimumFrames {
            guard let segment = untouchedSegment(showing: group), let path = segment.sourceURL?.path,
                  let source = CopySource.make(path: path, trackID: segment.sourceTrackID, width: width,
                                               height: height, frameDuration: clock.frameDuration),
                  let stretch = copyable(group, segment: segment, source: source) else { continue }
            found.append(stretch)
        }
        return found
    }

    /// The composition time of output frame `index`.
    private func time(ofFrame index: Int64) -> MediaTime { range.start + clock.time(ofFrame: index) }

    /// The track segment shown alone and untouched over every frame of `group`.
    private func untouchedSegment(showing group: Range<Int64>) -> TrackSegment? {
        let start = time(ofFrame: group.lowerBound), end = time(ofFrame: group.upperBound)
        guard let instruction = videoComposition.instruction(at: start), instruction.transitionEffect == nil,
              instruction.layerInstructions.count == 1, let layer = instruction.layerInstructions.first,
              PassthroughPlan.isIdentity(layer, width: width, height: height),
              !videoComposition.textLayers.contains(where: { $0.timeRange.overlaps(TimeRange(start: start, end: end)) }),
              !videoComposition.pictureFilters.contains(where: { $0.timeRange.overlaps(TimeRange(start: start, end: end)) }),
              let track = composition.track(withID: layer.trackID),
              let segment = track.segments.first(where: { !$0.isEmpty && $0.targetRange.contains(start) }),
              segment.targetRange.end >= end, segment.sourceURL?.isFileURL == true,
              segment.timeMapping.source.duration == segment.timeMapping.target.duration else { return nil }
        return segment
    }

    /// The part of `group` that can be copied from `source`, as `segment` maps it.
    private func copyable(_ group: Range<Int64>, segment: TrackSegment, source: CopySource) -> CopiedStretch? {
        let toSource = segment.sourceRange.start - segment.targetRange.start
        let from = time(ofFrame: group.lowerBound) + toSource, to = time(ofFrame: group.upperBound) + toSource
        guard let copy = source.planner.segments(from: from, to: to)?.lazy
            .compactMap({ if case let .copy(packets, times) = $0 { (packets, times) } else { nil } }).first
        else { return nil }
        let offset = MediaTime.zero - toSource - range.start
        let shown = source.index.times(from: copy.1.lowerBound, to: copy.1.upperBound)
        guard let first = shown.first, let start = try? clock.frameIndex(at: first + offset) else { return nil }
        let frames = start..<(start + Int64(shown.count))
        guard frames.count >= Self.minimumFrames, group.contains(frames.lowerBound), frames.upperBound <= group.upperBound,
              zip(shown, frames).allSatisfy({ $0 + offset == clock.time(ofFrame: $1) }) else { return nil }
        return CopiedStretch(frames: frames, source: source, packets: copy.0, times: copy.1, offset: offset)
    }
}
