import Composition
import MediaCore

/// Turns a subject track into a camera path for a crop of the output's aspect (docs/manifest.md, "Auto-reframe").
///
/// Each output frame takes the subject's box from the analysed frames around it in the same shot (linearly between
/// them, held past the first and last). Per shot, when the padded boxes over the whole shot fit one crop, the crop
/// holds still around them; otherwise it follows the box's centre through a centred moving average (the window's
/// half-width is `smoothing` seconds), is pulled back wherever that would leave the padded box or the frame, and is
/// averaged once more over half the window so those pull-backs turn smoothly: its speed is bounded by the
/// subject's and its acceleration by the speed's changes spread over that window. At a cut the crop jumps to the
/// next shot's path.
enum CameraPlanner {
    /// One output frame: its source time in seconds.
    struct FrameTime {
        var source: Double
    }

    /// The path over `frames` of a source of `sourceSize` shown on a canvas of `canvasAspect` (width / height).
    static func path(_ track: SubjectTrack, sourceSize: Size, canvasAspect: Double, frames: [FrameTime],
                     framesPerSecond: Double, spec: ReframeSpec) -> CameraPath {
        let horizontal = sourceSize.width / max(sourceSize.height, 1) > canvasAspect
        let length = horizontal ? sourceSize.width : sourceSize.height
        let extent = horizontal ? sourceSize.height * canvasAspect : sourceSize.width / canvasAspect
        let scale = length / Double(max(1, horizontal ? track.width : track.height))
        let cuts = track.cuts.map(\.seconds)
        let shotOf = frames.map { frame in cuts.filter { $0 <= frame.source + 1e-9 }.count }
        let spans = subjectSpans(track, frames: frames, shotOf: shotOf, horizontal: horizontal, scale: scale)
        var positions = [Double](repeating: 0, count: frames.count)
        var shots: [CameraPath.Shot] = []
        var start = 0
        while start < frames.count {
            var end = start + 1
            while end < frames.count && shotOf[end] == shotOf[start] { end += 1 }
            let shot = shotPath(Array(spans[start..<end]), length: length, extent: min(extent, length),
                                window: spec.smoothing * framesPerSecond, padding: spec.padding)
            positions.replaceSubrange(start..<end, with: shot.positions)
            shots.append(CameraPath.Shot(frames: start..<end, still: shot.still, found: shot.found,
                                         lowest: shot.positions.min() ?? 0, highest: shot.positions.max() ?? 0))
            start = end
        }
        return CameraPath(axis: horizontal ? .horizontal : .vertical, extent: min(extent, length),
                          positions: positions, shots: shots)
    }

    /// The subject's extent along the axis (source pixels) at each frame, nil where its shot has no detection.
    static func subjectSpans(_ track: SubjectTrack, frames: [FrameTime], shotOf: [Int], horizontal: Bool,
                             scale: Double) -> [ClosedRange<Double>?] {
        let cuts = track.cuts.map(\.seconds)
        let found = track.samples.compactMap { sample -> (time: Double, shot: Int, span: ClosedRange<Double>)? in
            guard let box = sample.box else { return nil }
            let time = sample.time.seconds
            let low = Double(horizontal ? box.x : box.y) * scale
            let size = Double(horizontal ? box.width : box.height) * scale
            return (time, cuts.filter { $0 <= time + 1e-9 }.count, low...(low + size))
        }
        return frames.indices.map { index in
            let time = frames[index].source, shot = shotOf[index]
            let before = found.last { $0.shot == shot && $0.time <= time }
            let after = found.first { $0.shot == shot && $0.time > time }
            switch (before, after) {
            case (nil, nil): return nil
            case (let one?, nil), (nil, let one?): return one.span
            case (let a?, let b?):
                let t = (time - a.time) / (b.time - a.time)
                let low = a.span.lowerBound + (b.span.lowerBound - a.span.lowerBound) * t
                let high = a.span.upperBound + (b.span.upperBound - a.span.upperBound) * t
                return low...high
            }
        }
    }

    /// One shot's crop positions.
    static func shotPath(_ spans: [ClosedRange<Double>?], length: Double, extent: Double, window: Double,
                         padding: Double) -> (positions: [Double], still: Bool, found: Bool) {
        let limit = max(0, length - extent)
        func clamped(_ position: Double) -> Double { min(max(0, position), limit) }
        let known = spans.compactMap { $0 }
        guard let first = known.first else {
            return (Array(repeating: clamped(limit / 2), count: spans.count), true, false)
        }
        // Frames before the first detection and after the last hold the nearest one.
        var filled: [ClosedRange<Double>] = []
        var last = first
        for span in spans {
            if let span { last = span }
            filled.append(last)
        }
        let margin = padding * extent
        let low = known.map(\.lowerBound).min()! - margin, high = known.map(\.upperBound).max()! + margin
        if high - low <= extent {
            return (Array(repeating: clamped((low + high) / 2 - extent / 2), count: spans.count), true, true)
        }
        let radius = Int(window.rounded())
        let centres = filled.map { ($0.lowerBound + $0.upperBound) / 2 - extent / 2 }
        var positions = movingAverage(centres, radius: radius)
        for index in positions.indices {
            positions[index] = clamped(keepingInView(positions[index], filled[index], extent: extent, margin: margin))
        }
        // Averaging in-bounds positions stays in bounds, and turns the pull-backs and the stops at the frame's edges
        // into bounded accelerations.
        positions = movingAverage(positions, radius: radius / 2)
        for index in positions.indices {
            positions[index] = clamped(keepingInView(positions[index], filled[index], extent: extent, margin: 0))
        }
        return (positions, false, true)
    }

    /// `position` moved just enough for the crop to hold `span` with `margin` either side (the span's centre when
    /// it cannot).
    static func keepingInView(_ position: Double, _ span: ClosedRange<Double>, extent: Double, margin: Double) -> Double {
        let lowest = span.upperBound + margin - extent, highest = span.lowerBound - margin
        guard lowest <= highest else { return (span.lowerBound + span.upperBound) / 2 - extent / 2 }
        return min(max(position, lowest), highest)
    }

    /// The centred moving average of `values` over `radius` frames either side, the ends repeated past the edges.
    static func movingAverage(_ values: [Double], radius: Int) -> [Double] {
        guard radius > 0, !values.isEmpty else { return values }
        let count = values.count
        return values.indices.map { index in
            var sum = 0.0
            for offset in -radius...radius { sum += values[min(max(0, index + offset), count - 1)] }
            return sum / Double(2 * radius + 1)
        }
    }
}
