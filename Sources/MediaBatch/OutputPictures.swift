import Composition
import Foundation
public import Manifest
public import MediaCore
public import Render

/// Pictures of planned outputs without encoding them: chosen frames (`mediabatch frames`), contact sheets
/// (`mediabatch sheet`, `plan --sheet`) and the report's poster frames.
public enum OutputPictures {
    /// Why pictures of an output cannot be made.
    public enum Failure: Error, CustomStringConvertible, Sendable {
        /// The output is audio only.
        case noPicture(output: String)
        /// A time given on the command line cannot be read.
        case badTime(String, reason: String)
        /// Rendering failed.
        case render(output: String, ExportError)
        /// A file cannot be written.
        case write(path: String, reason: String)

        /// One line, `mediabatch: error:`-ready.
        public var description: String {
            switch self {
            case .noPicture(let output): "output '\(output)' has no picture (its preset is audio only)"
            case let .badTime(text, reason): "cannot read time '\(text)' for '--at': \(reason); use times such as '1s', '3.5s', '00:00:02.500', '90f' or 'end'"
            case let .render(output, error): "cannot render output '\(output)': \(error)"
            case let .write(path, reason): "cannot write '\(path)': \(reason)"
            }
        }
    }

    /// A grabber of `job`'s pictures at its preset's size, or `width` wide keeping its shape.
    public static func grabber(for job: Job, width: Int? = nil) throws(Failure) -> FrameGrabber {
        guard let video = job.settings.video else { throw .noPicture(output: job.name) }
        let size = Picture.size(of: video.width, by: video.height, atMost: width ?? video.width)
        do {
            return try FrameGrabber(composition: job.composition, videoComposition: job.videoComposition,
                                    width: size.width, height: size.height, frameRate: video.frameRate)
        } catch {
            throw .render(output: job.name, error)
        }
    }

    /// Reads `--at` texts: manifest times at the output's frame rate, or `end` for the last frame.
    public static func times(_ texts: [String], grabber: FrameGrabber) throws(Failure) -> [MediaTime] {
        var result: [MediaTime] = []
        for text in texts where !text.isEmpty {
            if text == "end" {
                result.append(grabber.lastFrameTime)
                continue
            }
            do {
                let time = try TimeSyntax.parse(text, frameRate: grabber.frameRate)
                guard time <= grabber.duration else {
                    throw Failure.badTime(text, reason: "the output is only \(TimeSyntax.humanReadable(grabber.duration)) long")
                }
                result.append(grabber.frameTime(at: time))
            } catch let failure as Failure {
                throw failure
            } catch {
                throw .badTime(text, reason: "\(error)")
            }
        }
        return result
    }

    /// Renders `job`'s frames at `texts` into PNG files in `directory`, named `NAME-SECONDS.png` (`teaser-3.500s.png`); returns their paths.
    public static func writeFrames(of job: Job, at texts: [String], into directory: String) throws(Failure) -> [String] {
        let grabber = try grabber(for: job)
        var paths: [String] = []
        for time in try times(texts, grabber: grabber) {
            let name = "\(fileStem(job.name))-\(String(format: "%.3f", time.seconds))s.png"
            let path = (directory as NSString).appendingPathComponent(name)
            try attempt(job, writing: path) { () throws(ExportError) in try grabber.picture(at: time).pngData() }
            paths.append(path)
        }
        return paths
    }

    /// Writes `job`'s contact sheet to `NAME-sheet.png` in `directory`; returns its path. With `reframe`, the sheet
    /// shows the sources of the reframed clips whole with the chosen crop drawn on them (`NAME-reframe-sheet.png`).
    public static func writeSheet(of job: Job, count: Int, columns: Int, cellWidth: Int,
                                  into directory: String, reframe: Bool = false) throws(Failure) -> String {
        if reframe {
            let path = (directory as NSString).appendingPathComponent("\(fileStem(job.name))-reframe-sheet.png")
            try attempt(job, writing: path) { () throws(ExportError) in
                guard let sheet = try ReframeSheet.render(job, count: count, columns: columns, cellWidth: cellWidth) else {
                    throw ExportError.encode(path: nil, reason: "output '\(job.name)' has no reframed clip")
                }
                return try sheet.pngData()
            }
            return path
        }
        let grabber = try grabber(for: job, width: cellWidth)
        let path = (directory as NSString).appendingPathComponent("\(fileStem(job.name))-sheet.png")
        try attempt(job, writing: path) { () throws(ExportError) in
            try ContactSheet(title: job.name, count: count, columns: columns).render(with: grabber).pngData()
        }
        return path
    }

    /// The largest width of a poster.
    static let posterWidth = 320

    /// The times `PosterChoice` may pick a poster of `job` from (none for an output without pictures).
    static func posterCandidates(of job: Job) -> [MediaTime] {
        guard job.settings.video != nil else { return [] }
        return PosterChoice.candidates(duration: job.expectedDuration, videoComposition: job.videoComposition)
    }

    /// Writes a poster of `job` (`posterWidth` pixels wide at most) as a JPEG file at `path`, chosen by
    /// `PosterChoice` among `candidates`: from `stills` (pictures the export kept) where it has them, else rendered
    /// as the export would have kept them (`StillRenderer`; the sources are opened only then), so the poster does not
    /// depend on which frames the export rendered itself. Returns false when none could be made.
    static func writePoster(of job: Job, candidates: [MediaTime], stills: [MediaTime: Picture] = [:],
                            to path: String) -> Bool {
        let renderer = StillRenderer(composition: job.composition, videoComposition: job.videoComposition,
                                     settings: job.settings)
        var grabber: FrameGrabber?
        let chosen = PosterChoice.pick(candidates) { time in
            if let kept = stills[time] { return kept }
            if let renderer { return try? renderer.still(at: time, width: posterWidth) }
            if grabber == nil { grabber = try? Self.grabber(for: job, width: posterWidth) }
            return try? grabber?.picture(at: time)
        }
        guard let chosen, let data = try? chosen.picture.jpegData() else { return false }
        return (try? write(data, to: path)) != nil
    }

    /// Renders with `make` and writes the bytes to `path`, telling rendering failures from writing ones.
    private static func attempt(_ job: Job, writing path: String, _ make: () throws(ExportError) -> Data) throws(Failure) {
        let data: Data
        do {
            data = try make()
        } catch {
            throw .render(output: job.name, error)
        }
        do {
            try write(data, to: path)
        } catch {
            throw .write(path: path, reason: error.localizedDescription)
        }
    }

    /// Output names may hold `/` (a subfolder); a picture of one is named with `_` instead.
    static func fileStem(_ name: String) -> String {
        name.replacingOccurrences(of: "/", with: "_")
    }

    private static func write(_ data: Data, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        // Written beside and renamed over, so a link planted at the picture's name is replaced, not written through.
        let staged = try StagedFile(finalPath: path)
        try data.write(to: URL(fileURLWithPath: staged.temporaryPath))
        try staged.commit()
    }
}
