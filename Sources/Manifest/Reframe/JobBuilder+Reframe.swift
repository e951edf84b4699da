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
        var summary = ReframedClip(clip: number, source: label(item.clip.source, in: spec), location: item.clip.location,
                                   timeRange: TimeRange(start: item.start, end: item.end),
                                   sourceSize: item.info.video?.naturalSize ?? canvas, subject: reframe.subject)
        defer { reframeLog.clips.append(summary) }
        if item.clip.crop != nil || item.clip.motion != nil {
            summary.note = "the hand-written '\(item.clip.crop != nil ? "crop" : "motion")' wins over 'reframe: auto'"
            return nil
        }
        guard video.url.isFileURL, !item.info.isStill, Self.isMediaFile(item.clip.source) else {
            summary.note = "not reframed: only video files have a subject to follow"
            return nil
        }
        let track: SubjectTrack
        switch catalog.subjectTrack(path: video.url.path, range: item.sourceRange, subject: reframe.subject) {
        case .success(let found): track = found
        case .failure(let failure):
            throw problem(spec, stage: failure.stage, "\(label(item.clip.source, in: spec)) \(failure.message)",
                          at: reframe.location)
        }
        let range = TimeRange(start: item.start, end: item.end)
        let knots = FrameGrid(frameDuration: frameDuration).knots(from: range.start, to: range.end)
        let speed = item.sourceRange.duration.seconds / max(item.duration.seconds, 1e-9)
        let frames = knots.dropLast().map { time in
            CameraPlanner.FrameTime(source: item.sourceRange.start.seconds + (time - item.start).seconds * speed)
        }
        let path = CameraPlanner.path(track, sourceSize: video.naturalSize, canvasAspect: canvas.width / canvas.height,
                                      frames: frames, framesPerSecond: 1 / frameDuration.seconds, spec: reframe)
        summary.path = path
        return Self.course(path, knots: knots, sourceSize: video.naturalSize, canvas: canvas,
                           frameDuration: frameDuration)
    }

    /// Files and downloads; generators and other outputs are not analysed.
    static func isMediaFile(_ source: SourceReference) -> Bool {
        switch source {
        case .file, .remote: true
        case .generator, .output: false
        }
    }

    /// The crop and transform at each output frame (`knots` are the frame instants and the clip's end), ramped
    /// linearly from frame to frame within a shot and held over the last frame of a shot, so that the crop jumps
    /// at a cut.
    static func course(_ path: CameraPath, knots: [MediaTime], sourceSize: Size, canvas: Size,
                       frameDuration: MediaTime) -> LayerCourse {
        func crop(_ index: Int) -> Rect {
            let position = path.positions[index]
            return path.axis == .horizontal
                ? Rect(x: position, y: 0, width: path.extent, height: sourceSize.height)
                : Rect(x: 0, y: position, width: sourceSize.width, height: path.extent)
        }
        func transform(_ rect: Rect) -> AffineTransform2D {
            let sx = canvas.width / rect.width, sy = canvas.height / rect.height
            return AffineTransform2D(a: sx, b: 0, c: 0, d: sy, tx: -rect.x * sx, ty: -rect.y * sy)
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
