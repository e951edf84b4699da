import Composition
import Foundation
import MediaCore
import Render

/// Chooses a representative poster frame for an output: a moment when the titles are fully shown and nothing is
/// moving (no transition, fade or animation under way), decided from the composition, then checked by looking at
/// the rendered picture so a black or flat frame is passed over.
enum PosterChoice {
    /// A stretch of the timeline with what shows in it.
    struct Stretch: Equatable {
        var range: TimeRange
        /// How many text layers are fully shown (done animating in, not yet animating out).
        var textShown: Int
    }

    /// The pictures darker than this mean luma, or flatter than this deviation, are passed over.
    static let minimumMean = 0.06
    static let minimumDeviation = 0.035

    /// Candidate times, best first: the middles of the calm stretches, those with the most text fully shown first,
    /// then the longer ones; the first and last moments are left out (they are often black), and a third of the way
    /// in closes the list as the fallback.
    static func candidates(duration: MediaTime, videoComposition: VideoComposition?, limit: Int = 4) -> [MediaTime] {
        guard duration.isNumeric, duration > .zero else { return [.zero] }
        let fallback = duration.multiplied(by: 1, dividedBy: 3)
        guard let videoComposition else { return [fallback] }
        let edge = MediaTime.minimum(MediaTime(value: 1, timescale: 2), duration.multiplied(by: 1, dividedBy: 10))
        let stretches = calmStretches(duration: duration, videoComposition: videoComposition)
            .compactMap { stretch -> Stretch? in
                let start = MediaTime.maximum(stretch.range.start, edge)
                let end = MediaTime.minimum(stretch.range.end, duration - edge)
                return end > start ? Stretch(range: TimeRange(start: start, end: end), textShown: stretch.textShown) : nil
            }
        let ranked = stretches.enumerated().sorted { a, b in
            if a.element.textShown != b.element.textShown { return a.element.textShown > b.element.textShown }
            if a.element.range.duration != b.element.range.duration { return a.element.range.duration > b.element.range.duration }
            return a.offset < b.offset
        }.map(\.element)
        var result = ranked.prefix(limit).map { $0.range.start + $0.range.duration.multiplied(by: 1, dividedBy: 2) }
        if !result.contains(fallback) { result.append(fallback) }
        return result
    }

    /// Moves shorter than this (slides, pushes, pops, a wipe's crop) are busy; longer ones (a Ken Burns zoom or pan
    /// over a whole clip) are slow enough for a still to show them well.
    static let quickMove = MediaTime(value: 3, timescale: 2)

    /// The timeline cut at every change, without the stretches where a layer fades, moves quickly, a transition
    /// effect runs, or text animates.
    static func calmStretches(duration: MediaTime, videoComposition: VideoComposition) -> [Stretch] {
        var busy: [TimeRange] = []
        func moving(_ layer: LayerInstruction) -> [TimeRange] {
            func quick<Value>(_ ramp: Ramp<Value>) -> Bool {
                !ramp.isSetValue && ramp.startValue != ramp.endValue && ramp.timeRange.duration < quickMove
            }
            return layer.opacityRamps.filter { !$0.isSetValue && $0.startValue != $0.endValue }.map(\.timeRange)
                + layer.transformRamps.filter(quick).map(\.timeRange)
                + layer.cropRectangleRamps.filter(quick).map(\.timeRange)
        }
        for instruction in videoComposition.instructions {
            if instruction.transitionEffect != nil { busy.append(instruction.timeRange) }
            for layer in instruction.layerInstructions { busy += moving(layer) }
        }
        var shown: [TimeRange] = []
        for layer in videoComposition.textLayers {
            let (entering, leaving) = (layer.animation.duration, layer.exit.duration)
            if let motion = layer.motion { busy += moving(motion) }
            let range = layer.timeRange
            if entering > .zero { busy.append(TimeRange(start: range.start, duration: MediaTime.minimum(entering, range.duration))) }
            if leaving > .zero { busy.append(TimeRange(start: MediaTime.maximum(range.start, range.end - leaving), end: range.end)) }
            let start = range.start + entering, end = range.end - leaving
            if end > start { shown.append(TimeRange(start: start, end: end)) }
        }
        var cuts: Set<MediaTime> = [.zero, duration]
        for range in busy + shown {
            for time in [range.start, range.end] where time > .zero && time < duration { cuts.insert(time) }
        }
        let points = cuts.sorted()
        var result: [Stretch] = []
        for (start, end) in zip(points, points.dropFirst()) where end > start {
            let middle = start + (end - start).multiplied(by: 1, dividedBy: 2)
            if busy.contains(where: { $0.contains(middle) }) { continue }
            let count = shown.filter { $0.contains(middle) }.count
            if let last = result.last, last.range.end == start, last.textShown == count {
                result[result.count - 1].range = TimeRange(start: last.range.start, end: end)
            } else {
                result.append(Stretch(range: TimeRange(start: start, end: end), textShown: count))
            }
        }
        return result
    }

    /// The first candidate whose picture (from `picture`, nil when it cannot be had) is neither dark nor flat, else
    /// the liveliest; nil when there is no picture.
    static func pick(_ candidates: [MediaTime], picture: (MediaTime) -> Picture?) -> (time: MediaTime, picture: Picture)? {
        var best: (time: MediaTime, picture: Picture, deviation: Double)?
        for time in candidates {
            guard let picture = picture(time) else { continue }
            let statistics = picture.lumaStatistics
            if statistics.mean >= minimumMean && statistics.deviation >= minimumDeviation { return (time, picture) }
            if statistics.deviation > best?.deviation ?? -1 { best = (time, picture, statistics.deviation) }
        }
        return best.map { ($0.time, $0.picture) }
    }
}
