import LibAV
import MediaCore

/// Decodes a source range of a file's video into small grey pictures: the long side `longSide` pixels, the source's
/// display aspect kept, times in source time (measured from the video's start, as the renderer measures them).
///
/// The decoding runs on a thread of its own (`mb analysis`), up to `lookahead` pictures ahead of the caller, so that
/// it overlaps the detectors; the pictures and their order are those of decoding on the caller's thread. `close()`
/// stops the thread; it must run before the analyser returns, which `SubjectAnalyzer` makes sure of.
final class AnalysisFrames {
    /// A picture and its source time.
    typealias Picture = (time: MediaTime, picture: GrayPicture)

    /// How many pictures the thread decodes ahead: enough to ride out a slow detection, a few kilobytes each.
    static let lookahead = 8

    /// The analysed picture's size.
    let width: Int
    let height: Int
    /// Decoded pictures (or the error that stopped the thread), in order.
    private let pictures: HandoffQueue<Result<Picture, any Error>>
    private var worker: WorkerThread?

    /// Opens `path`, seeks to the keyframe before `range` and starts decoding.
    init(path: String, range: TimeRange, longSide: Int) throws {
        let reader = try AnalysisFrameReader(path: path, range: range, longSide: longSide)
        (width, height) = (reader.width, reader.height)
        let pictures = HandoffQueue<Result<Picture, any Error>>(capacity: Self.lookahead)
        self.pictures = pictures
        worker = WorkerThread(name: "mb analysis") { reader.readAll(into: pictures) }
    }

    deinit { close() }

    /// The next picture in the range with its source time, nil past the range's end; throws what stopped decoding.
    func next() throws -> Picture? {
        guard let result = pictures.take() else { return nil }
        return try result.get()
    }

    /// Stops the decoding thread and waits for it; safe to call more than once.
    func close() {
        pictures.close()
        worker?.join()
        worker = nil
    }
}

/// The decoding half of `AnalysisFrames`. `@unchecked Sendable`: after `init` only the analysis thread uses it.
private final class AnalysisFrameReader: @unchecked Sendable {
    private let input: InputFile
    private let decoder: Decoder
    private let scaler: Scaler
    private let range: TimeRange
    private let startOffset: MediaTime
    /// The analysed picture's size.
    let width: Int
    let height: Int

    /// Opens `path` and seeks to the keyframe before `range`.
    init(path: String, range: TimeRange, longSide: Int) throws {
        input = try InputFile(path: path)
        let index = try input.bestStream(.video)
        let stream = try input.probedStream(index)
        guard stream.rotation == 0 else {
            throw ReframeError("\(path): reframing a rotated video (\(stream.rotation) degrees) is not supported")
        }
        // Two threads keep decoding ahead of the detectors without taking the machine; output is the same either way.
        decoder = try Decoder(input: input, stream: index, threads: 2)
        let display = stream.displaySize
        let scale = Double(longSide) / Double(max(display.width, display.height, 1))
        width = max(16, Int((Double(display.width) * scale / 2).rounded()) * 2)
        height = max(16, Int((Double(display.height) * scale / 2).rounded()) * 2)
        scaler = try Scaler(sourceWidth: decoder.width, sourceHeight: decoder.height, sourceFormat: decoder.pixelFormat,
                            width: width, height: height, pixelFormat: .gray, quality: .area)
        self.range = range
        var start = input.startTime
        if let videoStart = try? input.startTime(ofStream: index) { start = videoStart }
        startOffset = start.isNumeric && start > .zero ? start : .zero
        if range.start > .zero { try input.seek(to: range.start + startOffset, stream: index) }
    }

    /// Puts every picture of the range into `queue`, then finishes it; stops early when the queue is closed, and
    /// puts the error that stops decoding last.
    func readAll(into queue: HandoffQueue<Result<AnalysisFrames.Picture, any Error>>) {
        defer { queue.finish() }
        do {
            while let picture = try next() {
                guard queue.put(.success(picture)) else { return }
            }
        } catch {
            queue.put(.failure(error))
        }
    }

    /// The next picture in the range with its source time, nil past the range's end.
    private func next() throws -> AnalysisFrames.Picture? {
        while let frame = try decoder.nextFrame(from: input) {
            let time = frame.pts - startOffset
            guard time.isNumeric else { continue }
            if time >= range.end { return nil }
            if time < range.start { continue }
            let small = try scaler.scale(frame)
            return (time, Self.pixels(of: small))
        }
        return nil
    }

    /// The grey plane's rows packed.
    private static func pixels(of frame: Frame) -> GrayPicture {
        let (width, height) = (frame.width, frame.height)
        var pixels = [UInt8](repeating: 0, count: width * height)
        frame.withPlanes { planes in
            let plane = planes[0]
            pixels.withUnsafeMutableBytes { destination in
                for row in 0..<height {
                    let source = plane.row(row)
                    destination.baseAddress!.advanced(by: row * width).copyMemory(from: source.baseAddress!, byteCount: width)
                }
            }
        }
        return GrayPicture(width: width, height: height, pixels: pixels)
    }
}
