public import Composition
import Foundation
public import MediaCore

/// A picture as it sits on the canvas before any motion: what keyframes are relative to.
public struct FittedPicture: Sendable, Hashable {
    /// The source's size in display pixels (crop keyframes in percent are of this).
    public var sourceSize: Size
    /// The part of the source shown.
    public var crop: Rect
    /// Source pixels to canvas pixels (an axis-aligned fit).
    public var transform: AffineTransform2D
    /// The canvas size.
    public var canvas: Size
    /// The opacity without motion.
    public var opacity: Double

    /// Creates a fitted picture.
    public init(sourceSize: Size, crop: Rect, transform: AffineTransform2D, canvas: Size, opacity: Double = 1) {
        self.sourceSize = sourceSize
        self.crop = crop
        self.transform = transform
        self.canvas = canvas
        self.opacity = opacity
    }

    /// The picture's rectangle on the canvas.
    public var frame: Rect { MotionCompiler.bounds(of: crop, through: transform) }
}

/// A keyframe that does not fit the item it animates.
public struct MotionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the keyframe (or motion) is written.
    public var location: SourceLocation
    /// The lowercase message.
    public var message: String

    /// The message.
    public var description: String { message }
}

/// Compiles a `Motion` into a `LayerCourse` for a fitted picture over an item's time (docs/manifest.md, "Motion").
///
/// Each keyframe's state (scale, position, anchor, rotation, crop, opacity; absent keys keep the previous value, the
/// first keyframe's start from the fitted picture) gives a transform `fit, then move the anchor to the origin,
/// scale, rotate clockwise, move to the position`. Between two keyframes the values follow the later keyframe's
/// ease. A segment whose transform is affine in its progress (no change of rotation, and not both the scale and the
/// anchor changing) is one eased ramp; others are computed exactly at every output frame and ramped linearly between
/// frames. Crop and opacity segments are always one ramp. Before the first keyframe the fitted picture (CSS's
/// implicit 0% keyframe) moves to it; after the last, its values hold. Then the entrance and exit are applied.
public enum MotionCompiler {
    /// The course of `picture` moved by `motion` (nil: held still) over `range`, computing frame by frame on a grid
    /// of `frameDuration`.
    public static func course(_ motion: Motion?, picture: FittedPicture, range: TimeRange,
                              frameDuration: MediaTime) throws(MotionError) -> LayerCourse {
        var course = LayerCourse(range: range, canvas: picture.canvas, frameDuration: frameDuration, crop: picture.crop,
                                 transform: picture.transform, opacity: picture.opacity)
        guard let motion else { return course }
        let keyed = try states(motion, picture: picture, range: range)
        if keyed.count > 1 || keyed.first.map({ $0.time > range.start || $0.state != MotionState(picture) }) == true {
            write(keyed, picture: picture, into: &course)
        }
        if let enter = motion.enter { apply(enter, entering: true, to: &course) }
        if let exit = motion.exit { apply(exit, entering: false, to: &course) }
        return course
    }

    // MARK: Keyframes

    /// The state at each keyframe, in time order, with the fitted state at the start when the first keyframe is later.
    static func states(_ motion: Motion, picture: FittedPicture, range: TimeRange)
        throws(MotionError) -> [(time: MediaTime, state: MotionState, ease: TimingFunction)]
    {
        var result: [(time: MediaTime, state: MotionState, ease: TimingFunction)] = []
        var state = MotionState(picture)
        for keyframe in motion.keyframes {
            let time = try self.time(keyframe, in: range)
            if let last = result.last, time < last.time {
                throw MotionError(location: keyframe.location, message: "keyframe at \(TimeSyntax.humanReadable(time - range.start)) "
                                  + "comes before the previous one at \(TimeSyntax.humanReadable(last.time - range.start)); "
                                  + "list keyframes in time order")
            }
            if result.isEmpty && time > range.start { result.append((range.start, state, .linear)) }
            state.update(with: keyframe, picture: picture)
            result.append((time, state, keyframe.ease))
        }
        return result
    }

    /// A keyframe's time on the output timeline; an error when it falls outside the item.
    static func time(_ keyframe: MotionKeyframe, in range: TimeRange) throws(MotionError) -> MediaTime {
        let length = range.duration
        let time: MediaTime
        switch keyframe.at {
        case .start: time = range.start
        case .end: time = range.end
        case .afterStart(let offset): time = range.start + offset
        case .beforeEnd(let offset): time = range.end - offset
        case .fraction(let percent):
            time = range.start + length.multiplied(by: percent.value, dividedBy: Int64(percent.timescale) * 100)
        }
        guard time >= range.start, time <= range.end else {
            throw MotionError(location: keyframe.location,
                              message: "keyframe at \(TimeSyntax.humanReadable(time - range.start)) is outside the "
                                  + "item, which lasts \(TimeSyntax.humanReadable(length)); use a time from 0s to "
                                  + "\(TimeSyntax.humanReadable(length)), 'start' or 'end'")
        }
        return time
    }

    /// The segments between keyframes as pieces of `course`.
    static func write(_ keyed: [(time: MediaTime, state: MotionState, ease: TimingFunction)], picture: FittedPicture,
                      into course: inout LayerCourse) {
        let range = course.range
        guard let first = keyed.first, let last = keyed.last else { return }
        var transforms: [CoursePiece<AffineTransform2D>] = []
        var crops: [CoursePiece<Rect>] = []
        var opacities: [CoursePiece<Double>] = []
        let held = (first.state.transform(picture), first.state.crop, first.state.opacity)
        transforms.append(CoursePiece(held.0, from: range.start, to: first.time))
        crops.append(CoursePiece(held.1, from: range.start, to: first.time))
        opacities.append(CoursePiece(held.2, from: range.start, to: first.time))
        for (from, to) in zip(keyed, keyed.dropFirst()) where to.time > from.time {
            let ease = to.ease
            crops.append(CoursePiece(start: from.time, end: to.time, from: from.state.crop, to: to.state.crop, timing: ease))
            opacities.append(CoursePiece(start: from.time, end: to.time, from: from.state.opacity, to: to.state.opacity,
                                         timing: ease))
            if from.state.movesAffinely(to: to.state) {
                transforms.append(CoursePiece(start: from.time, end: to.time, from: from.state.transform(picture),
                                              to: to.state.transform(picture), timing: ease))
            } else {
                let segment = TimeRange(start: from.time, end: to.time)
                transforms += Course.sampled(course.grid.knots(from: from.time, to: to.time)) { time in
                    let progress = ease.progress(Ramp<Double>.fraction(of: time, in: segment))
                    return from.state.interpolated(to: to.state, progress, picture: picture).transform(picture)
                }
            }
        }
        let end = (last.state.transform(picture), last.state.crop, last.state.opacity)
        transforms.append(CoursePiece(end.0, from: last.time, to: range.end))
        crops.append(CoursePiece(end.1, from: last.time, to: range.end))
        opacities.append(CoursePiece(end.2, from: last.time, to: range.end))
        course.transform = Course(pieces: transforms)
        course.crop = Course(pieces: crops)
        course.opacity = Course(pieces: opacities)
    }

    // MARK: Entrances and exits

    /// Applies an entrance (over the item's first `duration`) or an exit (over its last) to `course`.
    static func apply(_ appearance: Appearance, entering: Bool, to course: inout LayerCourse) {
        let range = course.range
        let start = entering ? range.start : MediaTime.maximum(range.start, range.end - appearance.duration)
        let end = entering ? MediaTime.minimum(range.end, range.start + appearance.duration) : range.end
        guard end > start else { return }
        // How far from rest the picture is at progress p: all the way at an entrance's start and an exit's end.
        func away(_ progress: Double) -> Double { entering ? 1 - progress : progress }
        let rest = entering ? end : start
        let box = bounds(of: course.crop(at: rest), through: course.transform(at: rest))
        let canvas = course.canvas
        let grid = course.grid
        switch appearance.kind {
        case .fade:
            course.opacity.modify(from: start, to: end, timing: appearance.ease, grid: grid) { $0 * (1 - away($1)) }
        case .slideLeft, .slideRight, .slideUp, .slideDown:
            let offset = slideOffset(appearance.kind, entering: entering, box: box, canvas: canvas)
            course.transform.modify(from: start, to: end, timing: appearance.ease, grid: grid) { transform, progress in
                transform.concatenating(.translation(x: offset.x * away(progress), y: offset.y * away(progress)))
            }
        case .pop, .zoom:
            let smallest = appearance.kind == .pop ? 0.0 : 0.5
            let center = (x: box.x + box.width / 2, y: box.y + box.height / 2)
            course.transform.modify(from: start, to: end, timing: appearance.ease, grid: grid) { transform, progress in
                let factor = 1 - (1 - smallest) * away(progress)
                return transform.concatenating(.translation(x: -center.x, y: -center.y))
                    .concatenating(.scale(x: factor, y: factor)).concatenating(.translation(x: center.x, y: center.y))
            }
            if appearance.kind == .zoom {
                course.opacity.modify(from: start, to: end, timing: appearance.ease, grid: grid) { $0 * (1 - away($1)) }
            }
        case .wipeLeft, .wipeRight, .wipeUp, .wipeDown:
            let kind = appearance.kind
            course.crop.modify(from: start, to: end, timing: appearance.ease, grid: grid) { crop, progress in
                wiped(crop, kind, entering: entering, hidden: away(progress))
            }
        }
    }

    /// How far a slide moves the picture: just far enough for `box` to be off the canvas on the side it comes from
    /// (entering) or goes to (leaving).
    static func slideOffset(_ kind: Appearance.Kind, entering: Bool, box: Rect, canvas: Size) -> (x: Double, y: Double) {
        let right = canvas.width - box.x, left = -(box.x + box.width)
        let down = canvas.height - box.y, up = -(box.y + box.height)
        switch (kind, entering) {
        case (.slideLeft, true), (.slideRight, false): return (right, 0)
        case (.slideLeft, false), (.slideRight, true): return (left, 0)
        case (.slideUp, true), (.slideDown, false): return (0, down)
        case (.slideUp, false), (.slideDown, true): return (0, up)
        default: return (0, 0)
        }
    }

    /// `crop` with the fraction `hidden` of it covered by an edge moving in the wipe's direction: an entering
    /// picture is uncovered from the side the edge starts at, a leaving one covered from there.
    static func wiped(_ crop: Rect, _ kind: Appearance.Kind, entering: Bool, hidden: Double) -> Rect {
        let shown = 1 - hidden
        let fromStart: Bool  // whether the visible part hugs the low (left or top) side
        switch kind {
        case .wipeRight, .wipeDown: fromStart = entering
        default: fromStart = !entering
        }
        if kind == .wipeLeft || kind == .wipeRight {
            return Rect(x: fromStart ? crop.x : crop.x + crop.width * hidden, y: crop.y, width: crop.width * shown,
                        height: crop.height)
        }
        return Rect(x: crop.x, y: fromStart ? crop.y : crop.y + crop.height * hidden, width: crop.width,
                    height: crop.height * shown)
    }

    /// The bounding box of `rect` mapped through `transform`.
    public static func bounds(of rect: Rect, through transform: AffineTransform2D) -> Rect {
        let corners = [(rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x, rect.y + rect.height),
                       (rect.x + rect.width, rect.y + rect.height)].map { transform.apply(x: $0.0, y: $0.1) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = xs.min() ?? 0, top = ys.min() ?? 0
        return Rect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
    }
}

/// The values a keyframe sets, resolved against the fitted picture.
struct MotionState: Hashable {
    var scale: Double
    var x: Double?
    var y: Double?
    var anchor: PictureAnchor
    var rotate: Double
    var crop: Rect
    var opacity: Double

    /// The fitted picture at rest.
    init(_ picture: FittedPicture) {
        scale = 1
        anchor = .center
        rotate = 0
        crop = picture.crop
        opacity = picture.opacity
    }

    /// Takes the keys `keyframe` sets.
    mutating func update(with keyframe: MotionKeyframe, picture: FittedPicture) {
        if let value = keyframe.scale { scale = value }
        if let value = keyframe.x { x = value.resolve(against: picture.canvas.width) }
        if let value = keyframe.y { y = value.resolve(against: picture.canvas.height) }
        if let value = keyframe.anchor { anchor = value }
        if let value = keyframe.rotate { rotate = value }
        if let value = keyframe.opacity { opacity = value }
        if let region = keyframe.crop {
            crop = FitGeometry.crop(region, in: picture.sourceSize).intersection(picture.crop)
        }
    }

    /// The anchor point on the canvas when fitted.
    func anchorPoint(_ picture: FittedPicture) -> (x: Double, y: Double) {
        let frame = picture.frame
        return (frame.x + anchor.x * frame.width, frame.y + anchor.y * frame.height)
    }

    /// Fit, then the anchor point to the origin, scale, rotate clockwise, and the origin to the position.
    func transform(_ picture: FittedPicture) -> AffineTransform2D {
        let point = anchorPoint(picture)
        let radians = rotate * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        let rotation = AffineTransform2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
        return picture.transform.concatenating(.translation(x: -point.x, y: -point.y))
            .concatenating(.scale(x: scale, y: scale)).concatenating(rotation)
            .concatenating(.translation(x: x ?? point.x, y: y ?? point.y))
    }

    /// Whether the transform moves affinely from this state to `other` (so one ramp of the matrix is exact): the
    /// rotation stays, and the scale and the anchor do not both change.
    func movesAffinely(to other: MotionState) -> Bool {
        rotate == other.rotate && (scale == other.scale || anchor == other.anchor)
    }

    /// The state `progress` of the way to `other`, each value interpolated on its own (positions resolved first).
    func interpolated(to other: MotionState, _ progress: Double, picture: FittedPicture) -> MotionState {
        var result = self
        let here = anchorPoint(picture), there = other.anchorPoint(picture)
        result.scale = scale.interpolated(to: other.scale, fraction: progress)
        result.rotate = rotate.interpolated(to: other.rotate, fraction: progress)
        result.anchor = PictureAnchor(x: anchor.x.interpolated(to: other.anchor.x, fraction: progress),
                                      y: anchor.y.interpolated(to: other.anchor.y, fraction: progress))
        result.x = (x ?? here.x).interpolated(to: other.x ?? there.x, fraction: progress)
        result.y = (y ?? here.y).interpolated(to: other.y ?? there.y, fraction: progress)
        return result
    }
}
