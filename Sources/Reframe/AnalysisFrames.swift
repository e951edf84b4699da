import LibAV
import MediaCore

/// Decodes a source range of a file's video into small grey pictures: the long side `longSide` pixels, the source's
/// display aspect kept, times in source time (measured from the video's start, as the renderer measures them).
final class AnalysisFrames {
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

    /// The next picture in the range with its source time, nil past the range's end.
    func next() throws -> (time: MediaTime, picture: GrayPicture)? {
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
