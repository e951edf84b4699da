public import MediaCore

/// Analyses a source range for auto-reframing: every frame decoded at `longSide` pixels for the shot finder, the
/// detectors run on one frame per `detectionInterval` and on each shot's first frame. Deterministic: the same file
/// and range give the same track (detector output is sorted, choices break ties by position).
public struct SubjectAnalyzer: SubjectAnalysis {
    /// The analysed picture's long side in pixels.
    public static let longSide = 320
    /// Names the settings and detectors below: cached tracks of another version are not read.
    public static let version = "2: 320px grey, 5 detections/s, OpenCV 4.6 haar frontalface_default, HOG, spectral residual"
    /// The time between analysed frames.
    public static let detectionInterval = MediaTime(value: 1, timescale: 5)

    /// An analyser with the detectors of Debian's OpenCV.
    public init() {}

    /// The shots and subject boxes of `range` of the file at `path`.
    public func subjects(path: String, range: TimeRange, subject: ReframeSubject) throws -> SubjectTrack {
        let detector = try SubjectDetector()
        let frames = try AnalysisFrames(path: path, range: range, longSide: Self.longSide)
        defer { frames.close() }
        var shots = ShotFinder()
        var samples: [SubjectSample] = []
        var cuts: [MediaTime] = []
        var lastDetection: MediaTime?
        var previousBox: SubjectBox?
        while let (time, picture) = try frames.next() {
            let cut = shots.isCut(picture)
            if cut {
                cuts.append(time)
                previousBox = nil
            }
            if !cut, let last = lastDetection, time - last < Self.detectionInterval { continue }
            lastDetection = time
            let box = try detect(subject, in: picture, detector: detector, near: previousBox)
            samples.append(SubjectSample(time: time, box: box))
            if let box { previousBox = box }
        }
        return SubjectTrack(width: frames.width, height: frames.height, samples: samples, cuts: cuts)
    }

    /// The subject's box in `picture`: for `any`, faces where there are any, else people, else the salient region.
    private func detect(_ subject: ReframeSubject, in picture: GrayPicture, detector: SubjectDetector,
                        near previous: SubjectBox?) throws -> SubjectBox? {
        let signals: [SubjectDetector.Signal]
        switch subject {
        case .faces: signals = [.faces]
        case .people: signals = [.people]
        case .salient: signals = [.salient]
        case .any: signals = [.faces, .people, .salient]
        }
        for signal in signals {
            let found = try detector.detect(signal, in: picture)
            if let box = Self.choose(found, near: previous) { return box }
        }
        return nil
    }

    /// Among the boxes at least half as strong as the strongest, the one nearest the previous choice (so the crop
    /// keeps following one subject), else the strongest; ties go to the first in the detector's fixed order.
    static func choose(_ boxes: [DetectedBox], near previous: SubjectBox?) -> SubjectBox? {
        guard let strongest = boxes.first else { return nil }
        var chosen = strongest
        if let previous {
            let (px, py) = (previous.x + previous.width / 2, previous.y + previous.height / 2)
            func distance(_ box: DetectedBox) -> Int { abs(box.centerX - px) + abs(box.centerY - py) }
            for box in boxes where box.score >= strongest.score / 2 && distance(box) < distance(chosen) { chosen = box }
        }
        return SubjectBox(x: chosen.x, y: chosen.y, width: chosen.width, height: chosen.height)
    }
}
