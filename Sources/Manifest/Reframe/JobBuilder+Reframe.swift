import Composition
import MediaCore

extension JobBuilder {
    /// The course of a clip that `reframe: auto` applies to (its own or its output's): a crop of the canvas's aspect
    /// moving along the camera path, filling the canvas. Nil, with a note in the output's reframe summary, when the
    /// clip is not reframed: a hand-written `crop` or `motion` wins, and only media files have a subject to follow.
    func reframedCourse(_ item: PlacedClip, number: Int, canvas: Size, spec: OutputSpec,
                        frameDuration: MediaTime) throws -> LayerCourse? {
        guard let reframe = item.clip.reframe ?? spec.reframe, reframe.mode == .auto,
              let video = item.info.video, canvas.width > 0, canvas.height > 0 else { return nil }
        let summary = ReframedClip(clip: number, source: label(item.clip.source, in: spec), location: item.clip.location,
                                   timeRange: TimeRange(start: item.start, end: item.end),
                                   sourceSize: video.naturalSize, subject: reframe.subject)
        let handWritten = item.clip.crop != nil ? "crop" : item.clip.motion != nil ? "motion" : nil
        let target = ReframeTarget(source: item.clip.source, info: item.info, sourceRange: item.sourceRange,
                                   box: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height),
                                   handWritten: handWritten)
        return try followingCourse(target, reframe: reframe, summary: summary, canvas: canvas, spec: spec,
                                   frameDuration: frameDuration)
    }

    /// The course of a `video:` overlay with `reframe: auto`: a crop of its region's aspect moving along the camera
    /// path, filling the region, at the overlay's opacity with its entrance and exit. Nil, with a note, when it is
    /// not reframed: hand-written `motion` (keyframes, `zoom`, `pan`) wins.
    func reframedOverlayCourse(_ overlay: OverlaySpec, number: Int, info: SourceInfo, time: TimeRange, canvas: Size,
                               spec: OutputSpec, frameDuration: MediaTime) throws -> LayerCourse? {
        guard let reframe = overlay.reframe, reframe.mode == .auto, let video = info.video,
              canvas.width > 0, canvas.height > 0 else { return nil }
        let summary = ReframedClip(kind: .overlay, clip: number, source: label(overlay.source, in: spec),
                                   location: overlay.location, timeRange: time, sourceSize: video.naturalSize,
                                   subject: reframe.subject)
        let moves = overlay.motion.map { !$0.keyframes.isEmpty } ?? false
        let target = ReframeTarget(source: overlay.source, info: info,
                                   sourceRange: TimeRange(start: overlay.from, duration: time.duration),
                                   box: Self.overlayRegion(overlay, pictureSize: video.naturalSize, canvas: canvas),
                                   handWritten: moves ? "motion" : nil)
        guard var course = try followingCourse(target, reframe: reframe, summary: summary, canvas: canvas, spec: spec,
                                               frameDuration: frameDuration) else { return nil }
        if overlay.opacityRamps.isEmpty { course.opacity = Course(overlay.opacity, over: course.range) }
        if let enter = overlay.motion?.enter { MotionCompiler.apply(enter, entering: true, to: &course) }
        if let exit = overlay.motion?.exit { MotionCompiler.apply(exit, entering: false, to: &course) }
        return course
    }

    /// The courses of a `tracks:` layer's segments with `reframe: auto` (the layer's own or its output's), one per
    /// segment in timeline order: each video file's crop follows its subject with the aspect of the layer's region
    /// (the canvas's without one); other segments are `fitted` as written. The layer's entrance applies to its first
    /// segment and its exit to its last. Nil when the track is not reframed, so that its layer applies as written: no
    /// `reframe: auto`, or a hand-written `crop` or motion keyframes win (noted for each segment).
    func reframedTrackCourses(_ layer: LayerSpec?, track: Int, pictures: [ExplicitPicture], canvas: Size,
                              spec: OutputSpec, frameDuration: MediaTime, base: Double, writesOpacity: Bool,
                              fitted: (Size, TimeRange, Motion?) throws -> LayerCourse)
        throws -> [(course: LayerCourse, span: TimeRange)]? {
        guard let reframe = layer?.reframe ?? spec.reframe, reframe.mode == .auto,
              canvas.width > 0, canvas.height > 0 else { return nil }
        let keyframed = layer?.motion.map { !$0.keyframes.isEmpty } ?? false
        let handWritten = layer?.crop != nil ? "crop" : keyframed ? "motion" : nil
        var result: [(course: LayerCourse, span: TimeRange)] = []
        for (index, picture) in pictures.enumerated() {
            let enter = index == 0 ? layer?.motion?.enter : nil
            let exit = index == pictures.count - 1 ? layer?.motion?.exit : nil
            let summary = ReframedClip(kind: .layer, clip: track, source: label(picture.source, in: spec),
                                       location: picture.location, timeRange: picture.range,
                                       sourceSize: picture.size, subject: reframe.subject, trackID: picture.trackID)
            let box = layer?.region.map { FitGeometry.resolve($0, in: canvas, aspectOf: picture.size) }
                ?? Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
            let target = ReframeTarget(source: picture.source, info: picture.info, sourceRange: picture.sourceRange,
                                       box: box, handWritten: handWritten)
            guard var course = try followingCourse(target, reframe: reframe, summary: summary, canvas: canvas,
                                                   spec: spec, frameDuration: frameDuration) else {
                let motion = layer?.motion.map { Motion(enter: enter, exit: exit, location: $0.location) }
                result.append((try fitted(picture.size, picture.range, motion), picture.range))
                continue
            }
            if writesOpacity { course.opacity = Course(base, over: course.range) }
            if let enter { MotionCompiler.apply(enter, entering: true, to: &course) }
            if let exit { MotionCompiler.apply(exit, entering: false, to: &course) }
            result.append((course, picture.range))
        }
        return handWritten == nil ? result : nil
    }

    /// The one way a picture follows its subject: the catalog's (cached) analysis of the source range, the camera
    /// planner for a crop of the box's aspect, and the course that draws that crop into the box.
    /// Records `summary` with the path or the reason there is none.
    private func followingCourse(_ target: ReframeTarget, reframe: ReframeSpec, summary: ReframedClip, canvas: Size,
                                 spec: OutputSpec, frameDuration: MediaTime) throws -> LayerCourse? {
        var summary = summary
        defer { reframeLog.clips.append(summary) }
        if let handWritten = target.handWritten {
            summary.note = "the hand-written '\(handWritten)' wins over 'reframe: auto'"
            return nil
        }
        guard let video = target.info.video, video.url.isFileURL, !target.info.isStill, Self.isMediaFile(target.source),
              target.box.width > 0, target.box.height > 0 else {
            summary.note = "not reframed: only video files have a subject to follow"
            return nil
        }
        let track: SubjectTrack
        switch catalog.subjectTrack(path: video.url.path, range: target.sourceRange, subject: reframe.subject) {
        case .success(let found): track = found
        case .failure(let failure):
            throw problem(spec, stage: failure.stage, "\(label(target.source, in: spec)) \(failure.message)",
                          at: reframe.location)
        }
        let range = summary.timeRange
        let knots = FrameGrid(frameDuration: frameDuration).knots(from: range.start, to: range.end)
        let speed = target.sourceRange.duration.seconds / max(range.duration.seconds, 1e-9)
        let frames = knots.dropLast().map { time in
            CameraPlanner.FrameTime(source: target.sourceRange.start.seconds + (time - range.start).seconds * speed)
        }
        let path = CameraPlanner.path(track, sourceSize: video.naturalSize,
                                      canvasAspect: target.box.width / target.box.height, frames: frames,
                                      framesPerSecond: 1 / frameDuration.seconds, spec: reframe)
        summary.path = path
        return Self.course(path, knots: knots, sourceSize: video.naturalSize, box: target.box, canvas: canvas,
                           frameDuration: frameDuration)
    }

    /// Files and downloads; generators and other outputs are not analysed.
    static func isMediaFile(_ source: SourceReference) -> Bool {
        switch source {
        case .file, .remote: true
        case .generator, .output: false
        }
    }

    /// The crop and transform at each output frame (`knots` are the frame instants and the item's end), the crop
    /// drawn filling `box` on the canvas, ramped linearly from frame to frame within a shot and held over the last
    /// frame of a shot, so that the crop jumps at a cut.
    static func course(_ path: CameraPath, knots: [MediaTime], sourceSize: Size, box: Rect, canvas: Size,
                       frameDuration: MediaTime) -> LayerCourse {
        func crop(_ index: Int) -> Rect {
            let position = path.positions[index]
            return path.axis == .horizontal
                ? Rect(x: position, y: 0, width: path.extent, height: sourceSize.height)
                : Rect(x: 0, y: position, width: sourceSize.width, height: path.extent)
        }
        func transform(_ rect: Rect) -> AffineTransform2D {
            let sx = box.width / rect.width, sy = box.height / rect.height
            return AffineTransform2D(a: sx, b: 0, c: 0, d: sy, tx: box.x - rect.x * sx, ty: box.y - rect.y * sy)
        }
        let range = TimeRange(start: knots[0], end: knots[knots.count - 1])
        var course = LayerCourse(range: range, canvas: canvas, frameDuration: frameDuration, crop: crop(0),
                                 transform: transform(crop(0)))
        let lastOfShot = Set(path.shots.map { $0.frames.upperBound - 1 })
        var crops: [CoursePiece<Rect>] = [], transforms: [CoursePiece<AffineTransform2D>] = []
        for index in path.positions.indices {
            let (start, end) = (knots[index], knots[index + 1])
            let from = crop(index), to = lastOfShot.contains(index) ? from : crop(index + 1)
            crops.append(CoursePiece(start: start, end: end, from: from, to: to, timing: .linear))
            transforms.append(CoursePiece(start: start, end: end, from: transform(from), to: transform(to),
                                          timing: .linear))
        }
        course.crop = Course(pieces: crops)
        course.transform = Course(pieces: transforms)
        return course
    }
}

/// What a reframed clip or overlay shows: its source, the part of it played, and the box on the canvas its crop
/// fills; `handWritten` names a `crop` or `motion` that wins over the reframe.
struct ReframeTarget {
    var source: SourceReference
    var info: SourceInfo
    var sourceRange: TimeRange
    var box: Rect
    var handWritten: String?
}
