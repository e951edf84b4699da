import Foundation
import LibAV
import MediaCore

/// A rendered picture as packed 8-bit R'G'B' pixels, row after row: what `FrameGrabber` returns, what contact
/// sheets are laid out from, and what is written as PNG or JPEG.
public struct Picture: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue per pixel, rows top to bottom.
    public var rgb: [UInt8]

    /// A picture of `width` x `height` pixels filled with `red`, `green`, `blue`.
    public init(width: Int, height: Int, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0) {
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = red
            pixels[index + 1] = green
            pixels[index + 2] = blue
        }
        rgb = pixels
    }

    /// A picture of the given pixels; `rgb` must hold `width * height * 3` bytes.
    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3, "a \(width)x\(height) picture needs \(width * height * 3) bytes")
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The size of a smaller copy of a `width` x `height` picture: at most `widest` pixels wide (even), the same
    /// shape (even height); the picture's own size when it is no wider.
    public static func size(of width: Int, by height: Int, atMost widest: Int) -> (width: Int, height: Int) {
        guard widest < width else { return (width, height) }
        let smaller = max(2, widest & ~1)
        return (smaller, max(2, Int((Double(smaller) * Double(height) / Double(width) / 2).rounded()) * 2))
    }

    /// The pixels of an `rgb24` frame.
    init(frame: Frame) {
        let (width, height) = (frame.width, frame.height)
        self.width = width
        self.height = height
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 3)
        frame.withPlanes { planes in
            guard let plane = planes.first else { return }
            for row in 0..<height {
                let start = plane.base.advanced(by: row * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                pixels.append(contentsOf: UnsafeBufferPointer(start: start, count: width * 3))
            }
        }
        rgb = pixels
    }

    /// Mean and standard deviation of the luma (BT.709 weights), from 0 to 1: a black or flat picture has a low
    /// deviation, a dark one a low mean.
    public var lumaStatistics: (mean: Double, deviation: Double) {
        guard width > 0, height > 0 else { return (0, 0) }
        var sum = 0.0, squares = 0.0
        // Every other pixel of every other row is plenty for a judgement.
        var samples = 0
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                let index = (y * width + x) * 3
                let luma = (0.2126 * Double(rgb[index]) + 0.7152 * Double(rgb[index + 1]) + 0.0722 * Double(rgb[index + 2])) / 255
                sum += luma
                squares += luma * luma
                samples += 1
            }
        }
        let mean = sum / Double(samples)
        return (mean, max(0, squares / Double(samples) - mean * mean).squareRoot())
    }

    /// Copies `picture` into this one with its top-left corner at (`x`, `y`), clipped to this picture.
    public mutating func draw(_ picture: Picture, x: Int, y: Int) {
        let columns = max(0, min(picture.width, width - x) - max(0, -x))
        guard columns > 0 else { return }
        for row in max(0, -y)..<min(picture.height, height - y) {
            let from = (row * picture.width + max(0, -x)) * 3
            let to = ((row + y) * width + max(0, x)) * 3
            rgb.replaceSubrange(to..<(to + columns * 3), with: picture.rgb[from..<(from + columns * 3)])
        }
    }

    /// The picture as a PNG file's bytes.
    public func pngData() throws(ExportError) -> Data {
        try encoded(codec: "png", format: .rgb24)
    }

    /// The picture as a JPEG file's bytes.
    public func jpegData() throws(ExportError) -> Data {
        try encoded(codec: "mjpeg", format: .yuvj420p)
    }

    /// The picture as an `rgb24` frame.
    func frame() throws(LibAVError) -> Frame {
        let frame = try Frame(width: width, height: height, pixelFormat: .rgb24)
        try? frame.withMutablePlanes { planes in
            guard let plane = planes.first else { return }
            rgb.withUnsafeBufferPointer { pixels in
                for row in 0..<height {
                    plane.base.advanced(by: row * plane.bytesPerRow).copyMemory(
                        from: pixels.baseAddress! + row * width * 3, byteCount: width * 3)
                }
            }
        }
        return frame
    }

    private func encoded(codec: String, format: PixelFormat) throws(ExportError) -> Data {
        guard width >= 2, height >= 2 else {
            throw ExportError.encode(path: nil, reason: "cannot encode a \(width)x\(height) picture")
        }
        do {
            var frame = try self.frame()
            let even = (width: width & ~1, height: height & ~1)
            if format != .rgb24 || even.width != width || even.height != height {
                let scaler = try Scaler(sourceWidth: width, sourceHeight: height, sourceFormat: .rgb24,
                                        crop: Scaler.Rect(x: 0, y: 0, width: even.width, height: even.height),
                                        width: even.width, height: even.height, pixelFormat: format)
                frame = try scaler.scale(frame)
            }
            // JPEG's rate control for a one-picture stream: about 2 bits per pixel gives a clean picture.
            let bitRate = codec == "mjpeg" ? frame.width * frame.height * 2 * 25 : 0
            let settings = Encoder.VideoSettings(width: frame.width, height: frame.height, pixelFormat: format,
                                                 frameRate: FrameRate(25), bitRate: bitRate, threads: 1)
            let encoder = try Encoder(codec: codec, video: settings, globalHeader: false)
            frame.pts = .zero
            let packets = try encoder.encode(frame) + encoder.finish()
            guard let packet = packets.first else {
                throw ExportError.encode(path: nil, reason: "the \(codec) encoder gave no picture")
            }
            var data = Data()
            packet.withUnsafeBytes { data.append(contentsOf: $0) }
            return data
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot encode the picture as \(codec): \(error)")
        }
    }
}
