import Composition
import Foundation
import MediaCore

extension JobBuilder {
    /// The video composition: one instruction per slice of active tracks (from `make(propertiesOf:)`); each clip's
    /// course (its crop and fit, moved by its motion, changed by the transitions it takes part in) and each
    /// overlay's written into the layers where they play; over each transition's overlap the two layers ordered as
    /// the style needs, with the style's effect for shaped, blurred and dipped transitions.
    func makeVideoComposition(_ composition: MutableComposition, placed: [PlacedClip],
                              overlays: [(OverlaySpec, Int32, SourceInfo)], canvas: Size, frameRate: FrameRate,
                              spec: OutputSpec) throws -> VideoComposition {
        var video = VideoComposition.make(propertiesOf: composition)
        video.renderSize = canvas
        video.frameDuration = frameRate.frameDuration
        if let color = Color(parsing: spec.background) { video.backgroundColor = color }
        let fills = placed.map { Self.leavesBars($0, canvas: canvas) ? $0.clip.fill ?? spec.fill : nil }
        let edges = placed.map { Self.edges(of: $0, canvas: canvas) }
        let looks = placed.map { $0.clip.look ?? spec.look }
        // Clips with fills, rounded corners, borders or looks get instructions of their own: one backdrop, one set of
        // edges and one look per layer.
        let ownInstructions = fills.contains { $0 != nil } || edges.contains { $0 != nil }
            || looks.contains { $0 != nil }
        video.instructions = Self.split(video.instructions, at: placed.dropFirst().flatMap { item in
            item.transitionIn.duration > .zero ? [item.start, item.start + item.transitionIn.duration] : []
        } + (ownInstructions ? placed.map(\.start) : []))
        let courses = try clipCourses(placed, composition: composition, canvas: canvas, spec: spec,
                                      frameDuration: video.frameDuration)
        let overlayCourses = try overlays.enumerated().map { index, overlay in
            try overlayCourse(overlay.0, number: index + 1, info: overlay.2, canvas: canvas,
                              total: composition.duration, frameDuration: video.frameDuration, spec: spec)
        }
        let lumaImages = try transitionImages(placed, spec: spec)
        do {
            for index in video.instructions.indices {
                let range = video.instructions[index].timeRange
                var layers = video.instructions[index].layerInstructions
                for layerIndex in layers.indices {
                    let trackID = layers[layerIndex].trackID
                    if let overlay = overlays.firstIndex(where: { $0.1 == trackID }) {
                        let ramps = overlays[overlay].0.opacityRamps
                        try overlayCourses[overlay]?.apply(to: &layers[layerIndex], within: range, opacity: ramps.isEmpty)
                        try Self.writeOpacity(ramps, into: &layers[layerIndex])
                        if let course = overlayCourses[overlay],
                           let edges = Self.edges(of: overlays[overlay].0, course: course, canvas: canvas) {
                            try edges.apply(to: &layers[layerIndex])
                        }
                        if let look = overlays[overlay].0.look { try layers[layerIndex].setColorControls(look) }
                        continue
                    }
                    // Clips joined by cuts on one track share an instruction: each writes its own stretch.
                    for clip in placed.indices where placed[clip].videoTrack == trackID
                        && placed[clip].start < range.end && range.start < placed[clip].end {
                        try courses[clip].apply(to: &layers[layerIndex], within: range)
                        if let fill = fills[clip] { layers[layerIndex].backdrop = fill }
                        try edges[clip]?.apply(to: &layers[layerIndex])
                        if let look = looks[clip] { try layers[layerIndex].setColorControls(look) }
                    }
                }
                video.instructions[index].transitionEffect = arrangeTransition(placed: placed, in: range, layers: &layers,
                                                                               lumaImages: lumaImages)
                video.instructions[index].layerInstructions = layers
            }
        } catch let problem as JobProblem {
            throw problem
        } catch {
            throw problem(spec, stage: "load", "cannot build the video composition: \(error)", at: spec.location)
        }
        return video
    }

    /// Whether a clip's picture, contained in the canvas, leaves bars (by more than a pixel) for a `fill` to fill.
    static func leavesBars(_ item: PlacedClip, canvas: Size) -> Bool {
        guard item.clip.fit == .contain, let size = item.info.video?.naturalSize else { return false }
        let shown = FitGeometry.crop(item.clip.crop, in: size)
        guard shown.width > 0, shown.height > 0 else { return false }
        // The shorter side of the contained picture against the canvas's, in canvas pixels.
        let scale = min(canvas.width / shown.width, canvas.height / shown.height)
        return canvas.width - shown.width * scale > 1 || canvas.height - shown.height * scale > 1
    }

    /// `instructions` cut at each of `times` that falls inside one, so that no instruction spans two transitions
    /// (a clip exactly as long as its two transitions shows in one slice of active tracks across both).
    static func split(_ instructions: [VideoCompositionInstruction], at times: [MediaTime]) -> [VideoCompositionInstruction] {
        var result: [VideoCompositionInstruction] = []
        for instruction in instructions {
            var piece = instruction
            for time in times.sorted() where time > piece.timeRange.start && time < piece.timeRange.end {
                var head = piece
                head.timeRange = TimeRange(start: piece.timeRange.start, end: time)
                result.append(head)
                piece.timeRange = TimeRange(start: time, end: piece.timeRange.end)
            }
            result.append(piece)
        }
        return result
    }

    /// Each placed clip's course: its crop and fit, moved by its motion, then changed by the transitions into and
    /// out of it.
    private func clipCourses(_ placed: [PlacedClip], composition: MutableComposition, canvas: Size, spec: OutputSpec,
                             frameDuration: MediaTime) throws -> [LayerCourse] {
        let full = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var courses: [LayerCourse] = []
        for (index, item) in placed.enumerated() {
            if let reframed = try reframedCourse(item, number: index + 1, canvas: canvas, spec: spec,
                                                 frameDuration: frameDuration) {
                courses.append(reframed)
                continue
            }
            let size = item.info.video?.naturalSize ?? canvas
            let geometry = FitGeometry.place(crop: FitGeometry.crop(item.clip.crop, in: size), into: full, fit: item.clip.fit)
            let picture = FittedPicture(sourceSize: size, crop: geometry.crop, transform: geometry.transform, canvas: canvas)
            do {
                courses.append(try MotionCompiler.course(item.clip.motion, picture: picture,
                                                         range: TimeRange(start: item.start, end: item.end),
                                                         frameDuration: frameDuration))
            } catch {
                throw problem(spec, stage: "load", error.message, at: error.location)
            }
        }
        let order = composition.tracks(withMediaType: .video).map(\.trackID)
        for index in placed.indices.dropFirst() {
            let transition = placed[index].transitionIn
            guard transition.duration > .zero, let inTrack = placed[index].videoTrack,
                  let outTrack = placed[index - 1].videoTrack else { continue }
            let overlap = TimeRange(start: placed[index].start, duration: transition.duration)
            var incomingOnTop = (order.firstIndex(of: inTrack) ?? 0) < (order.firstIndex(of: outTrack) ?? 0)
            switch Self.layering(transition.kind) {
            case .either: break
            case .incomingOnTop: incomingOnTop = true
            case .outgoingOnTop: incomingOnTop = false
            }
            var (incoming, outgoing) = (courses[index], courses[index - 1])
            Self.applyTransition(transition, over: overlap, incoming: &incoming, outgoing: &outgoing,
                                 incomingOnTop: incomingOnTop)
            (courses[index], courses[index - 1]) = (incoming, outgoing)
        }
        return courses
    }

    /// Orders the two layers of the transition whose overlap contains `range` as its style needs, and returns the
    /// style's effect, if it has one.
    private func arrangeTransition(placed: [PlacedClip], in range: TimeRange, layers: inout [LayerInstruction],
                                   lumaImages: [Int: URL]) -> VideoTransitionEffect? {
        for index in placed.indices.dropFirst() {
            let transition = placed[index].transitionIn
            guard transition.duration > .zero else { continue }
            let overlap = TimeRange(start: placed[index].start, duration: transition.duration)
            guard overlap.contains(range.start),
                  let inTrack = placed[index].videoTrack, let outTrack = placed[index - 1].videoTrack,
                  let inIndex = layers.firstIndex(where: { $0.trackID == inTrack }),
                  let outIndex = layers.firstIndex(where: { $0.trackID == outTrack }) else { continue }
            switch Self.layering(transition.kind) {
            case .either: break
            case .incomingOnTop: if inIndex > outIndex { layers.swapAt(inIndex, outIndex) }
            case .outgoingOnTop: if outIndex > inIndex { layers.swapAt(inIndex, outIndex) }
            }
            return Self.effect(transition, over: overlap, outgoing: outTrack, incoming: inTrack,
                               lumaImage: lumaImages[index])
        }
        return nil
    }

    /// The luma images of `luma` transitions by the index of the clip they lead into, checked to be pictures.
    private func transitionImages(_ placed: [PlacedClip], spec: OutputSpec) throws -> [Int: URL] {
        var images: [Int: URL] = [:]
        for index in placed.indices.dropFirst() {
            let transition = placed[index].transitionIn
            guard transition.kind == .luma, transition.duration > .zero, let image = transition.image else { continue }
            let location = transition.location ?? placed[index].clip.location
            let info = try sourceInfo(image, spec: spec, at: location, built: [:])
            guard let track = info.video else {
                throw problem(spec, stage: "probe", "luma image \(label(image, in: spec)) has no picture", at: location)
            }
            images[index] = track.url
        }
        return images
    }

    /// An overlay's course: contained in its region (or anchored to a corner), at its opacity with its fades, moved
    /// by its motion, or with `reframe: auto` its crop following the subject in that region; nil when it does not
    /// show. `number` is its place among the output's overlays, from 1.
    private func overlayCourse(_ overlay: OverlaySpec, number: Int, info: SourceInfo, canvas: Size, total: MediaTime,
                               frameDuration: MediaTime, spec: OutputSpec) throws -> LayerCourse? {
        let time = Self.overlayTime(overlay, info: info, total: total)
        guard time.duration > .zero else { return nil }
        let size = info.video?.naturalSize ?? canvas
        let geometry = placeOverlay(overlay, size: size, canvas: canvas)
        let picture = FittedPicture(sourceSize: size, crop: geometry.crop, transform: geometry.transform, canvas: canvas,
                                    opacity: overlay.opacityRamps.isEmpty ? overlay.opacity : 1)
        let motion = Self.motionWithFades(overlay)
        var faded = overlay
        faded.motion = motion
        if let reframed = try reframedOverlayCourse(faded, number: number, info: info, time: time, canvas: canvas,
                                                    spec: spec, frameDuration: frameDuration) {
            return reframed
        }
        do {
            return try MotionCompiler.course(motion, picture: picture, range: time, frameDuration: frameDuration)
        } catch {
            throw problem(spec, stage: "load", error.message, at: error.location)
        }
    }

    /// An overlay's motion with its `fade` written as an entrance and an exit.
    private static func motionWithFades(_ overlay: OverlaySpec) -> Motion? {
        var motion = overlay.motion
        if overlay.fade > .zero && motion?.enter == nil && motion?.exit == nil {
            // `fade` is a fade in and, when the overlay is long enough for both, a fade out.
            var fades = motion ?? Motion(location: overlay.location)
            fades.enter = Appearance(kind: .fade, duration: overlay.fade, ease: .linear)
            if let duration = overlay.duration, duration > overlay.fade + overlay.fade {
                fades.exit = Appearance(kind: .fade, duration: overlay.fade, ease: .linear)
            }
            motion = fades
        }
        return motion
    }

    /// Opacity written as ramps (`{ at, value }` and `{ from, to, start, end }`) into `layer`.
    static func writeOpacity(_ ramps: [RampSpec], into layer: inout LayerInstruction) throws {
        for ramp in ramps {
            if ramp.duration > .zero {
                try layer.setOpacityRamp(fromStartOpacity: ramp.startValue, toEndOpacity: ramp.endValue,
                                         timeRange: TimeRange(start: ramp.start, duration: ramp.duration))
            } else {
                try layer.setOpacity(ramp.startValue, at: ramp.start)
            }
        }
    }

    /// An overlay's `radius` and `border` in its source's pixels (the space the layer's crop is in), for its picture
    /// cropped as its course starts and resting in its region; nil for neither.
    static func edges(of overlay: OverlaySpec, course: LayerCourse, canvas: Size) -> PictureEdges? {
        guard overlay.radius != nil || overlay.border != nil else { return nil }
        let crop = course.crop(at: course.range.start)
        guard crop.width > 0, crop.height > 0, !crop.isInfinite else { return nil }
        let region = overlayRegion(overlay, pictureSize: Size(width: crop.width, height: crop.height), canvas: canvas)
        return PictureEdges(radius: overlay.radius, border: overlay.border, crop: crop,
                            scale: min(region.width / crop.width, region.height / crop.height))
    }

    /// A clip's `radius` and `border` in its source's pixels, for its picture cropped and fitted to the canvas; nil
    /// for neither.
    static func edges(of item: PlacedClip, canvas: Size) -> PictureEdges? {
        guard item.clip.radius != nil || item.clip.border != nil else { return nil }
        let size = item.info.video?.naturalSize ?? canvas
        let geometry = FitGeometry.place(crop: FitGeometry.crop(item.clip.crop, in: size),
                                         into: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height),
                                         fit: item.clip.fit)
        return PictureEdges(radius: item.clip.radius, border: item.clip.border, crop: geometry.crop,
                            transform: geometry.transform)
    }

    /// An overlay's crop and transform: its picture contained in its region, which an anchor puts in a corner.
    private func placeOverlay(_ overlay: OverlaySpec, size: Size, canvas: Size) -> (crop: Rect, transform: AffineTransform2D) {
        let region = Self.overlayRegion(overlay, pictureSize: size, canvas: canvas)
        return FitGeometry.place(crop: Rect(x: 0, y: 0, width: size.width, height: size.height), into: region, fit: .contain)
    }
}
