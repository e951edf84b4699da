public import Composition
public import MediaCore

/// One stretch of a property's course: a value held, or an eased ramp from one value to another.
struct CoursePiece<Value: RampValue>: Sendable, Hashable {
    var start: MediaTime
    var end: MediaTime
    var from: Value
    var to: Value
    var timing: TimingFunction

    /// A value held over `[start, end)`.
    init(_ value: Value, from start: MediaTime, to end: MediaTime) {
        self.init(start: start, end: end, from: value, to: value, timing: .linear)
    }

    init(start: MediaTime, end: MediaTime, from: Value, to: Value, timing: TimingFunction) {
        self.start = start
        self.end = end
        self.from = from
        self.to = to
        self.timing = timing
    }

    var isConstant: Bool { from == to }
    var range: TimeRange { TimeRange(start: start, end: end) }

    /// The value at `time` (held before and after the piece), as the model's ramp computes it.
    func value(at time: MediaTime) -> Value {
        if isConstant { return from }
        return Ramp(from: from, to: to, timeRange: range, timingFunction: timing).value(at: time)
    }
}

/// The output frame instants, for courses that cannot be one ramp per segment: values are computed exactly at every
/// frame and ramped linearly between frames, so every rendered frame shows the exact value.
struct FrameGrid: Sendable, Hashable {
    /// The time between output frames.
    var frameDuration: MediaTime

    /// `start`, every frame instant strictly between, and `end`.
    func knots(from start: MediaTime, to end: MediaTime) -> [MediaTime] {
        var result = [start]
        let step = frameDuration
        guard step.isNumeric, step.value > 0, start.isNumeric, end.isNumeric else { return result + [end] }
        // The first frame index after `start`: floor(start / step) + 1, in exact integers.
        let numerator = Int128(start.value) * Int128(step.timescale)
        let denominator = Int128(start.timescale) * Int128(step.value)
        var index = numerator >= 0 ? numerator / denominator + 1 : -((-numerator) / denominator)
        while true {
            let time = MediaTime(value: Int64(index) * step.value, timescale: step.timescale)
            if time >= end { break }
            if time > start { result.append(time) }
            index += 1
        }
        return result + [end]
    }
}

/// A property's values over a time range: pieces laid end to end.
struct Course<Value: RampValue>: Sendable, Hashable {
    var pieces: [CoursePiece<Value>]

    /// `value` held over `range`.
    init(_ value: Value, over range: TimeRange) {
        pieces = [CoursePiece(value, from: range.start, to: range.end)]
    }

    /// `pieces` (laid end to end, at least one), joined where they hold the same value; an empty range keeps its
    /// first piece so the course still has a value.
    init(pieces: [CoursePiece<Value>]) {
        let merged = Self.merged(pieces)
        self.pieces = merged.isEmpty ? Array(pieces.prefix(1)) : merged
    }

    /// The value at `time`: from the piece containing it; the first value before, the last after.
    func value(at time: MediaTime) -> Value {
        guard let first = pieces.first else { preconditionFailure("a course has at least one piece") }
        if time < first.start { return first.from }
        for piece in pieces where time < piece.end { return piece.value(at: time) }
        return pieces[pieces.count - 1].to
    }

    /// The one value the course holds over `[start, end)`, or nil when it changes there.
    func constantValue(from start: MediaTime, to end: MediaTime) -> Value? {
        var held: Value?
        for piece in pieces where piece.end > start && piece.start < end {
            guard piece.isConstant, held == nil || held == piece.from else { return nil }
            held = piece.from
        }
        return held ?? value(at: start)
    }

    /// Replaces `[start, end)` by `transform(value, progress)`, where `progress` is `timing` applied to the fraction
    /// of the range elapsed. Where the course holds one value there, that is one eased piece (exact, because every
    /// `transform` used is affine in the progress); where it changes, the combination is computed at every frame.
    mutating func modify(from start: MediaTime, to end: MediaTime, timing: TimingFunction, grid: FrameGrid,
                         _ transform: (Value, Double) -> Value) {
        guard end > start else { return }
        let replacement: [CoursePiece<Value>]
        if let held = constantValue(from: start, to: end) {
            replacement = [CoursePiece(start: start, end: end, from: transform(held, 0), to: transform(held, 1),
                                       timing: timing)]
        } else {
            let range = TimeRange(start: start, end: end)
            replacement = Self.sampled(grid.knots(from: start, to: end)) { time in
                transform(value(at: time), timing.progress(Ramp<Double>.fraction(of: time, in: range)))
            }
        }
        splice(from: start, to: end, replacement, grid: grid)
    }

    /// Linear pieces between consecutive `knots` with `value` computed at each.
    static func sampled(_ knots: [MediaTime], _ value: (MediaTime) -> Value) -> [CoursePiece<Value>] {
        let values = knots.map(value)
        return knots.indices.dropLast().map { index in
            CoursePiece(start: knots[index], end: knots[index + 1], from: values[index], to: values[index + 1],
                        timing: .linear)
        }
    }

    /// Replaces `[start, end)` with `replacement` (pieces covering exactly that range), cutting pieces at the ends.
    mutating func splice(from start: MediaTime, to end: MediaTime, _ replacement: [CoursePiece<Value>], grid: FrameGrid) {
        var result: [CoursePiece<Value>] = []
        for piece in pieces where piece.start < start {
            result += piece.end > start ? Self.cut(piece, from: piece.start, to: start, grid: grid) : [piece]
        }
        result += replacement
        for piece in pieces where piece.end > end {
            result += piece.start < end ? Self.cut(piece, from: end, to: piece.end, grid: grid) : [piece]
        }
        pieces = Course(pieces: result).pieces
    }

    /// The part of `piece` over `[start, end)`: a held value or a linear ramp cut exactly; an eased ramp, whose curve
    /// one shorter ramp cannot keep, as values at every frame.
    static func cut(_ piece: CoursePiece<Value>, from start: MediaTime, to end: MediaTime,
                    grid: FrameGrid) -> [CoursePiece<Value>] {
        if piece.isConstant { return [CoursePiece(piece.from, from: start, to: end)] }
        if piece.timing == .linear {
            return [CoursePiece(start: start, end: end, from: piece.value(at: start), to: piece.value(at: end),
                                timing: .linear)]
        }
        return sampled(grid.knots(from: start, to: end)) { piece.value(at: $0) }
    }

    /// Joins neighbouring held pieces of equal value and drops empty pieces.
    static func merged(_ pieces: [CoursePiece<Value>]) -> [CoursePiece<Value>] {
        var result: [CoursePiece<Value>] = []
        for piece in pieces where piece.end > piece.start {
            if let last = result.last, last.isConstant, piece.isConstant, last.from == piece.from, last.end == piece.start {
                result[result.count - 1].end = piece.end
            } else {
                result.append(piece)
            }
        }
        return result
    }
}

/// The transform, crop and opacity of one picture over its time on the output timeline, as pieces that become a
/// layer instruction's ramps: what `MotionCompiler` makes from keyframes and what entrances, exits and transitions
/// modify.
public struct LayerCourse: Sendable, Hashable {
    /// The picture's time on the output timeline.
    public let range: TimeRange
    /// The canvas the picture is on.
    public let canvas: Size
    /// Output frame instants, for pieces computed frame by frame.
    let grid: FrameGrid
    var transform: Course<AffineTransform2D>
    var crop: Course<Rect>
    var opacity: Course<Double>

    /// A picture held still over `range` on `canvas` with `crop`, `transform` and `opacity`.
    public init(range: TimeRange, canvas: Size, frameDuration: MediaTime, crop: Rect, transform: AffineTransform2D,
                opacity: Double = 1) {
        self.range = range
        self.canvas = canvas
        grid = FrameGrid(frameDuration: frameDuration)
        self.transform = Course(transform, over: range)
        self.crop = Course(crop, over: range)
        self.opacity = Course(opacity, over: range)
    }

    /// The transform at `time`.
    public func transform(at time: MediaTime) -> AffineTransform2D { transform.value(at: time) }
    /// The crop rectangle at `time`.
    public func crop(at time: MediaTime) -> Rect { crop.value(at: time) }
    /// The opacity at `time`.
    public func opacity(at time: MediaTime) -> Double { opacity.value(at: time) }

    /// Writes the pieces that fall in `window` (an instruction's range) into `layer`: held values are set at the
    /// later of their start and the window's start, ramps keep their own ranges. Opacity that stays at what the
    /// layer already shows (1 before anything is set) is not set again; `opacity: false` leaves opacity alone.
    public func apply(to layer: inout LayerInstruction, within window: TimeRange, opacity writesOpacity: Bool = true)
        throws
    {
        let end = window.end
        for piece in crop.pieces where piece.end > window.start && piece.start < end {
            if piece.isConstant {
                try layer.setCropRectangle(piece.from, at: MediaTime.maximum(piece.start, window.start))
            } else {
                try layer.setCropRectangleRamp(fromStartCropRectangle: piece.from, toEndCropRectangle: piece.to,
                                               timeRange: piece.range, timingFunction: piece.timing)
            }
        }
        for piece in transform.pieces where piece.end > window.start && piece.start < end {
            if piece.isConstant {
                try layer.setTransform(piece.from, at: MediaTime.maximum(piece.start, window.start))
            } else {
                try layer.setTransformRamp(fromStart: piece.from, toEnd: piece.to, timeRange: piece.range,
                                           timingFunction: piece.timing)
            }
        }
        for piece in opacity.pieces where writesOpacity && piece.end > window.start && piece.start < end {
            let at = MediaTime.maximum(piece.start, window.start)
            if piece.isConstant {
                // Pieces are written in time order, so what the layer shows at `at` is what it holds from there on.
                if layer.opacity(at: at) != piece.from { try layer.setOpacity(piece.from, at: at) }
            } else {
                try layer.setOpacityRamp(fromStartOpacity: piece.from, toEndOpacity: piece.to, timeRange: piece.range,
                                         timingFunction: piece.timing)
            }
        }
    }
}
