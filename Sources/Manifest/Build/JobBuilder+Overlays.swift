import Composition
import MediaCore

extension JobBuilder {
    /// Where an overlay's picture of `pictureSize` goes on the canvas: its `region`, or with an `anchor` a region of
    /// that size kept `margin` from the anchored sides.
    static func overlayRegion(_ overlay: OverlaySpec, pictureSize: Size, canvas: Size) -> Rect {
        var region = FitGeometry.resolve(overlay.region, in: canvas, aspectOf: pictureSize)
        if let anchor = overlay.anchor {
            // Margins are taken from the canvas's shorter side, so a logo keeps its distance from the edges in
            // every aspect.
            let margin = overlay.margin.resolve(against: min(canvas.width, canvas.height))
            region.x = [margin, (canvas.width - region.width) / 2, canvas.width - margin - region.width][anchor.column]
            region.y = [margin, (canvas.height - region.height) / 2, canvas.height - margin - region.height][anchor.row]
        }
        return region
    }

    /// When an overlay shows on an output `total` long: from `at` for its `duration` (default: to the end), and a
    /// moving picture no longer than it plays (a `video` overlay its `from`-`to` range, an `image` one from its start).
    static func overlayTime(_ overlay: OverlaySpec, info: SourceInfo, total: MediaTime) -> TimeRange {
        let start = MediaTime.minimum(overlay.at, total)
        var end = overlay.duration.map { MediaTime.minimum(start + $0, total) } ?? total
        if !info.isStill, !overlay.loops, let video = info.video {
            let playable = overlay.isVideo
                ? MediaTime.minimum(overlay.to ?? info.duration, video.timeRange.end) - overlay.from
                : Self.played(video.timeRange.duration, at: overlay.speed)
            end = MediaTime.minimum(end, start + playable)
        }
        return TimeRange(start: start, end: MediaTime.maximum(start, end))
    }

    /// Puts each overlay's picture on its track (first on top) at its time, and a video overlay's sound on a track of
    /// its own when `withSound`; returns the mix parameters of those sounds (their volume, faded with the picture).
    /// A video overlay's `duration` becomes how long it actually plays, so its fade-out ends with it.
    func insertOverlays(_ overlays: inout [(OverlaySpec, Int32, SourceInfo)], into composition: inout MutableComposition,
                        total: MediaTime, withSound: Bool, spec: OutputSpec) throws -> [AudioMixInputParameters] {
        var sounds: [AudioMixInputParameters] = []
        for index in overlays.indices {
            let (overlay, id, info) = overlays[index]
            if overlay.isVideo { try checkRange(of: overlay, info: info, spec: spec) }
            let time = Self.overlayTime(overlay, info: info, total: total)
            if overlay.isVideo { overlays[index].0.duration = time.duration }
            guard time.duration > .zero, let video = info.video else { continue }
            let from = overlay.isVideo && !info.isStill ? overlay.from : .zero
            try composition.modifyTrack(id) { track in
                try Self.insertPicture(of: overlay, video: video, from: from, over: time, into: &track)
            }
            guard withSound, overlay.isVideo, overlay.volume > 0, let audio = info.audio, audio.timeRange.end > from else {
                continue
            }
            let heard = TimeRange(start: from, end: MediaTime.minimum(from + time.duration, audio.timeRange.end))
            guard let audioID = composition.addMutableTrack(withMediaType: .audio) else { continue }
            try composition.modifyTrack(audioID) { track in try track.insertTimeRange(heard, of: audio, at: time.start) }
            sounds.append(try Self.sound(of: overlay, on: audioID, over: time))
        }
        return sounds
    }

    /// A video overlay's sound on track `id` over `time`: its volume, faded in and out as its picture is by `fade`
    /// or by a fading `enter` / `exit` (`fade`, `zoom`).
    static func sound(of overlay: OverlaySpec, on id: Int32, over time: TimeRange) throws -> AudioMixInputParameters {
        var sound = AudioMixInputParameters(trackID: id)
        let half = time.duration.multiplied(by: 1, dividedBy: 2)
        func fade(_ appearance: Appearance?) -> MediaTime {
            let length = overlay.fade > .zero ? overlay.fade : appearance.map { $0.kind.fades ? $0.duration : .zero } ?? .zero
            return MediaTime.minimum(length, half)
        }
        let (fadeIn, fadeOut) = (fade(overlay.motion?.enter), fade(overlay.motion?.exit))
        if fadeIn > .zero {
            try sound.setVolumeRamp(fromStartVolume: 0, toEndVolume: overlay.volume,
                                    timeRange: TimeRange(start: time.start, duration: fadeIn))
        } else {
            try sound.setVolume(overlay.volume, at: time.start)
        }
        if fadeOut > .zero {
            try sound.setVolumeRamp(fromStartVolume: overlay.volume, toEndVolume: 0,
                                    timeRange: TimeRange(start: time.end - fadeOut, duration: fadeOut))
        }
        return sound
    }

    /// A video overlay's `from` and `to` lie in its source, which must move.
    private func checkRange(of overlay: OverlaySpec, info: SourceInfo, spec: OutputSpec) throws {
        guard !info.isStill else {
            throw problem(spec, stage: "probe", "overlay \(label(overlay.source, in: spec)) is a still picture; show it with 'image'",
                          at: overlay.location)
        }
        let end = overlay.to ?? info.duration
        guard overlay.from < info.duration, end <= info.duration else {
            throw problem(spec, stage: "probe",
                          "overlay asks for \(TimeSyntax.humanReadable(overlay.from))-\(TimeSyntax.humanReadable(end)) of \(label(overlay.source, in: spec)) but it is only \(TimeSyntax.humanReadable(info.duration)) long",
                          at: overlay.location)
        }
    }

    /// How long `length` of source lasts played at `speed`.
    static func played(_ length: MediaTime, at speed: FrameRate) -> MediaTime {
        speed == FrameRate(1) ? length
            : length.multiplied(by: Int64(speed.denominator), dividedBy: Int64(speed.numerator))
    }

    /// An overlay's picture on `track` over `time`, from `from` in its source: a looping animation as whole plays
    /// one after another (the last cut at the overlay's end); an animation's `speed` scales each play, so its frame
    /// at output time t is (t - start) x speed x its frame rate.
    static func insertPicture(of overlay: OverlaySpec, video: SourceTrack, from: MediaTime, over time: TimeRange,
                              into track: inout CompositionTrack) throws {
        let speed = overlay.speed
        func insert(source start: MediaTime, lasting shown: MediaTime, at position: MediaTime) throws {
            let taken = speed == FrameRate(1) ? shown
                : shown.multiplied(by: Int64(speed.numerator), dividedBy: Int64(speed.denominator))
            try track.insertTimeRange(TimeRange(start: start, duration: taken), of: video, at: position)
            if taken != shown {
                try track.scaleTimeRange(TimeRange(start: position, duration: taken), toDuration: shown)
            }
        }
        let length = video.timeRange.duration
        guard overlay.loops, length > .zero, length.isNumeric else {
            try insert(source: from, lasting: time.duration, at: time.start)
            return
        }
        let play = played(length, at: speed)
        var position = time.start
        while position < time.end {
            let shown = MediaTime.minimum(play, time.end - position)
            try insert(source: .zero, lasting: shown, at: position)
            position = position + shown
        }
    }
}

/// A picture over the video that captions keep clear of: where it is on the canvas and when it shows.
struct CaptionObstacle {
    var region: Rect
    var time: TimeRange
}

extension TextPlacement {
    /// Captions at `anchor` for a cue showing over `time`, kept clear of the overlays showing with them, in any
    /// aspect. For captions at the bottom: every overlay in the lower half of the frame lifts them until they end
    /// above it (by 1% of the shorter side, plus their box or outline); an overlay standing taller beside them (a
    /// portrait picture-in-picture) narrows them to the wider free side. Captions at the top do the same downward.
    /// Captions in the middle row, or with nothing in the way, keep their usual place.
    static func caption(at anchor: Anchor, style: TextStyle, time: TimeRange, canvas: Size,
                        avoiding obstacles: [CaptionObstacle]) -> TextPlacement {
        let placement = TextPlacement.anchored(anchor)
        guard case let .anchor(_, marginX, marginY) = placement, anchor.row != 1, canvas.width > 0, canvas.height > 0
        else { return placement }
        let (width, height) = (canvas.width, canvas.height)
        let showing = obstacles.filter { obstacle in
            let overlap = obstacle.time.intersection(time)
            return overlap.isValid && overlap.duration > .zero && obstacle.region.width > 0 && obstacle.region.height > 0
        }
        // Work as if the captions were at the bottom: mirror top captions and their obstacles vertically.
        let atTop = anchor.row == 0
        let regions = showing.map { obstacle in
            atTop ? Rect(x: obstacle.region.x, y: height - obstacle.region.y - obstacle.region.height,
                         width: obstacle.region.width, height: obstacle.region.height) : obstacle.region
        }
        let gap = 0.01 * min(width, height) + (style.boxColor != nil ? style.boxPadding : style.outlineWidth) * height
        let usual = Rect(x: marginX * width, y: marginY * height, width: width * (1 - 2 * marginX),
                         height: height * (1 - 2 * marginY))
        var free = usual
        // Overlays in the lower half: the captions end above them.
        for region in regions where region.y >= height / 2 {
            free.height = min(free.height, region.y - gap - free.y)
        }
        // Taller overlays in the way of the captions' first lines: the captions keep to the wider side beside them
        // (when neither side has room they stay, as nothing better is possible).
        let band = 2.5 * style.size * height
        for region in regions where region.y < height / 2 && region.y + region.height > free.y + free.height - band {
            let (freeRight, regionRight) = (free.x + free.width, region.x + region.width)
            guard region.x < freeRight, regionRight > free.x else { continue }
            let left = region.x - gap - free.x, right = freeRight - (regionRight + gap)
            guard max(left, right) > 0 else { continue }
            free = left >= right ? Rect(x: free.x, y: free.y, width: left, height: free.height)
                : Rect(x: regionRight + gap, y: free.y, width: right, height: free.height)
        }
        guard free != usual else { return placement }
        if atTop { free.y = height - free.y - free.height }
        return .anchoredIn(anchor, free)
    }
}
