import Composition
import Foundation
import MediaCore

/// Moving text: one event per output frame, each with the layer's transform, opacity and crop at that frame turned
/// into libass tags, so the text is drawn afresh, sharp, at every size and angle.
///
/// The text lies on a layer the size of the frame; the layer's transform `T` (canvas pixels) moves the point the
/// text is placed by (`\pos`) to `T` of it, and its linear part becomes a scale (`\fscx`, `\fscy`) and a turn
/// (`\frz`, counter-clockwise in libass, about `\org` at that point), which together are `T` exactly for the
/// scales and turns motion makes (shear is not drawn). Opacity multiplies the alpha of fill, outline (or box) and
/// shadow; the crop, and a region's rectangle, become a vector `\clip` through `T`.
extension TextScript {
    static func movingEvents(for layer: TextLayer, motion: LayerInstruction, style: String, frame: Geometry,
                             frameDuration: MediaTime) -> [Event] {
        let range = layer.timeRange
        guard range.isValid, range.start.isNumeric, range.end.isNumeric, range.duration > .zero else { return [] }
        let anchoring = anchoring(layer, frame: frame)
        let margins = "\(Int(anchoring.marginLeft.rounded())),\(Int(anchoring.marginRight.rounded())),0"
        let characters = Array(layer.text.filter { $0 != "\r" })
        let (start, end) = (milliseconds(range.start), milliseconds(range.end))
        let (entering, leaving) = phaseLengths(entrance: layer.animation, exit: layer.exit, total: end - start)
        let knots = frameInstants(in: range, frameDuration: frameDuration)
        var events: [Event] = []
        for (time, next) in zip(knots, knots.dropFirst()) {
            let (from, to) = (milliseconds(time), milliseconds(next))
            guard to > from else { continue }
            var typedThrough: Int?
            let visible = characters.indices.filter { !characters[$0].isNewline }
            if !visible.isEmpty {
                if case .typewriter = layer.animation, from < start + entering {
                    typedThrough = visible[min(visible.count - 1, Int((from - start) * Int64(visible.count) / entering))]
                } else if case .typewriter = layer.exit, from >= end - leaving {
                    let gone = Int((from - (end - leaving)) * Int64(visible.count) / max(1, leaving))
                    typedThrough = visible[max(0, visible.count - 1 - gone)]
                }
            }
            let body = typedThrough.map { typed(characters, through: $0) } ?? escape(Substring(String(characters)))
            let tags = movingTags(motion, at: time, anchoring: anchoring, style: layer.style, frame: frame)
            events.append(Event(fields: "0,\(style),,\(margins),,{\\an\(anchoring.alignment)\(tags)}\(body)",
                                start: from, duration: to - from))
        }
        return events
    }

    /// `range.start`, every frame instant (a multiple of `frameDuration`) inside the range, and `range.end`.
    static func frameInstants(in range: TimeRange, frameDuration: MediaTime) -> [MediaTime] {
        guard frameDuration.isNumeric, frameDuration.value > 0 else { return [range.start, range.end] }
        // The first frame after the start: floor(start / frameDuration) + 1, in exact integers.
        let numerator = Int128(range.start.value) * Int128(frameDuration.timescale)
        let denominator = Int128(range.start.timescale) * Int128(frameDuration.value)
        var index = numerator >= 0 ? numerator / denominator + 1 : -((-numerator) / denominator)
        var result = [range.start]
        while true {
            let time = MediaTime(value: Int64(index) * frameDuration.value, timescale: frameDuration.timescale)
            guard time < range.end else { break }
            if time > range.start { result.append(time) }
            index += 1
        }
        return result + [range.end]
    }

    /// The tags placing the text as the layer's ramps say at `time`.
    private static func movingTags(_ motion: LayerInstruction, at time: MediaTime, anchoring: Anchoring,
                                   style: TextStyle, frame: Geometry) -> String {
        let transform = motion.transform(at: time)
        // Canvas to output pixels and back.
        func output(_ point: (x: Double, y: Double)) -> (Double, Double) { (point.x * frame.scaleX, point.y * frame.scaleY) }
        let anchor = transform.apply(x: anchoring.x / frame.scaleX, y: anchoring.y / frame.scaleY)
        let (x, y) = output(anchor)
        var tags = "\\pos(\(number(x)),\(number(y)))\\org(\(number(x)),\(number(y)))"
        let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let scaleY = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        let degrees = atan2(transform.b, transform.a) * 180 / .pi
        if abs(scaleX - 1) > 1e-9 { tags += "\\fscx\(number(scaleX * 100))" }
        if abs(scaleY - 1) > 1e-9 { tags += "\\fscy\(number(scaleY * 100))" }
        if abs(degrees) > 1e-9 { tags += "\\frz\(number(-degrees))" }
        let opacity = motion.opacity(at: time)
        if opacity < 1 {
            let colors = [("1a", style.color), ("3a", style.boxColor ?? style.outlineColor), ("4a", style.shadowColor)]
            for (tag, color) in colors { tags += "\\\(tag)&H\(hexByte(255 - Int((255 * color.alpha * opacity).rounded())))&" }
        }
        var shown = motion.cropRectangle(at: time)
        if let region = anchoring.clipRectangle {
            let inCanvas = Rect(x: region.x / frame.scaleX, y: region.y / frame.scaleY, width: region.width / frame.scaleX,
                                height: region.height / frame.scaleY)
            shown = shown.isInfinite ? inCanvas : shown.intersection(inCanvas)
        }
        if !shown.isInfinite {
            let corners = [(shown.x, shown.y), (shown.x + shown.width, shown.y),
                           (shown.x + shown.width, shown.y + shown.height), (shown.x, shown.y + shown.height)]
                .map { output(transform.apply(x: $0.0, y: $0.1)) }
                .map { "\(Int($0.0.rounded())) \(Int($0.1.rounded()))" }
            tags += "\\clip(m \(corners[0]) l \(corners[1...].joined(separator: " ")))"
        }
        return tags
    }
}
