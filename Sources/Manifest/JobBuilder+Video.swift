import Composition
import MediaCore

extension JobBuilder {
    /// The video composition: one instruction per slice of active tracks (from `make(propertiesOf:)`), each layer
    /// given its crop and fit transform, transitions as opacity / crop / transform ramps over the overlaps, and
    /// overlays placed in their regions.
    func makeVideoComposition(_ composition: MutableComposition, placed: [PlacedClip],
                              overlays: [(OverlaySpec, Int32, SourceInfo)], canvas: Size, frameRate: FrameRate,
                              spec: OutputSpec) throws -> VideoComposition {
        var video = VideoComposition.make(propertiesOf: composition)
        video.renderSize = canvas
        video.frameDuration = frameRate.frameDuration
        if let rgba = ColorParser.rgba(spec.background) {
            video.backgroundColor = Color(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
        }
        let full = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let ends = placed.map(\.end)
        do {
            for index in video.instructions.indices {
                let range = video.instructions[index].timeRange
                var layers = video.instructions[index].layerInstructions
                for layerIndex in layers.indices {
                    let trackID = layers[layerIndex].trackID
                    if let overlay = overlays.firstIndex(where: { $0.1 == trackID }) {
                        try placeOverlay(overlays[overlay].0, info: overlays[overlay].2, canvas: canvas, layer: &layers[layerIndex],
                                         at: range.start)
                    } else {
                        // Clips joined by cuts on one track share an instruction: each sets its own crop and fit.
                        let rangeEnd = range.end
                        for clip in placed.indices where placed[clip].videoTrack == trackID && placed[clip].start < rangeEnd
                            && range.start < ends[clip] {
                            let size = placed[clip].info.video?.naturalSize ?? canvas
                            let geometry = FitGeometry.place(crop: FitGeometry.crop(placed[clip].clip.crop, in: size), into: full,
                                                             fit: placed[clip].clip.fit)
                            let time = MediaTime.maximum(placed[clip].start, range.start)
                            try layers[layerIndex].setCropRectangle(geometry.crop, at: time)
                            try layers[layerIndex].setTransform(geometry.transform, at: time)
                        }
                    }
                }
                try applyTransitions(placed: placed, in: range, layers: &layers, canvas: canvas)
                video.instructions[index].layerInstructions = layers
            }
        } catch let problem as JobProblem {
            throw problem
        } catch {
            throw problem(spec, stage: "load", "cannot build the video composition: \(error)", at: spec.location)
        }
        return video
    }

    /// Ramps for the transition whose overlap contains `range`, if any.
    private func applyTransitions(placed: [PlacedClip], in range: TimeRange, layers: inout [LayerInstruction],
                                  canvas: Size) throws {
        for index in placed.indices.dropFirst() {
            let transition = placed[index].transitionIn
            guard transition.duration > .zero else { continue }
            let overlap = TimeRange(start: placed[index].start, duration: transition.duration)
            guard overlap.contains(range.start),
                  let inTrack = placed[index].videoTrack, let outTrack = placed[index - 1].videoTrack,
                  var inIndex = layers.firstIndex(where: { $0.trackID == inTrack }),
                  var outIndex = layers.firstIndex(where: { $0.trackID == outTrack }) else { continue }
            let half = TimeRange(start: overlap.start, duration: transition.duration.multiplied(by: 1, dividedBy: 2))
            let secondHalf = TimeRange(start: half.end, end: overlap.end)
            switch transition.kind {
            case .cut:
                break
            case .crossfade:
                if inIndex < outIndex {
                    try layers[inIndex].setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: overlap)
                } else {
                    try layers[outIndex].setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: overlap)
                }
            case .fade:
                try layers[outIndex].setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: half)
                try layers[outIndex].setOpacity(0, at: half.end)
                try layers[inIndex].setOpacity(0, at: overlap.start)
                try layers[inIndex].setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: secondHalf)
            case .wipeleft, .wiperight, .slideleft, .slideright:
                if inIndex > outIndex {
                    layers.swapAt(inIndex, outIndex)
                    (inIndex, outIndex) = (outIndex, inIndex)
                }
                let crop = layers[inIndex].cropRectangle(at: range.start)
                let transform = layers[inIndex].transform(at: range.start)
                switch transition.kind {
                case .wipeleft:
                    let start = Rect(x: crop.x + crop.width, y: crop.y, width: 0, height: crop.height)
                    try layers[inIndex].setCropRectangleRamp(fromStartCropRectangle: start, toEndCropRectangle: crop, timeRange: overlap)
                case .wiperight:
                    let start = Rect(x: crop.x, y: crop.y, width: 0, height: crop.height)
                    try layers[inIndex].setCropRectangleRamp(fromStartCropRectangle: start, toEndCropRectangle: crop, timeRange: overlap)
                default:
                    let shift = transition.kind == .slideleft ? canvas.width : -canvas.width
                    let start = transform.concatenating(.translation(x: shift, y: 0))
                    try layers[inIndex].setTransformRamp(fromStart: start, toEnd: transform, timeRange: overlap)
                }
            }
        }
    }

    /// An overlay's placement in its region (contained, keeping its shape), opacity and fades.
    private func placeOverlay(_ overlay: OverlaySpec, info: SourceInfo, canvas: Size, layer: inout LayerInstruction,
                              at time: MediaTime) throws {
        let size = info.video?.naturalSize ?? canvas
        let region = Self.overlayRegion(overlay, pictureSize: size, canvas: canvas)
        let geometry = FitGeometry.place(crop: Rect(x: 0, y: 0, width: size.width, height: size.height),
                                         into: region, fit: .contain)
        try layer.setCropRectangle(geometry.crop, at: time)
        try layer.setTransform(geometry.transform, at: time)
        guard layer.opacityRamp(at: .zero) == nil else { return }
        let start = overlay.at
        if !overlay.opacityRamps.isEmpty {
            for ramp in overlay.opacityRamps {
                if ramp.duration > .zero {
                    try layer.setOpacityRamp(fromStartOpacity: ramp.startValue, toEndOpacity: ramp.endValue,
                                             timeRange: TimeRange(start: ramp.start, duration: ramp.duration))
                } else {
                    try layer.setOpacity(ramp.startValue, at: ramp.start)
                }
            }
            return
        }
        if overlay.fade > .zero {
            try layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: overlay.opacity,
                                     timeRange: TimeRange(start: start, duration: overlay.fade))
            if let duration = overlay.duration, duration > overlay.fade + overlay.fade {
                try layer.setOpacityRamp(fromStartOpacity: overlay.opacity, toEndOpacity: 0,
                                         timeRange: TimeRange(start: start + duration - overlay.fade, duration: overlay.fade))
            }
        } else {
            try layer.setOpacity(overlay.opacity, at: start)
        }
    }
}
