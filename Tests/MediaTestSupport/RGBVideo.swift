import Foundation

/// Every picture of a video file as packed RGB, decoded by the ffmpeg CLI: an independent decoder for pixel checks
/// over time.
public struct RGBVideo {
    /// Where ink is in a picture: its bounding box and how much of it there is.
    public struct Ink: CustomStringConvertible {
        /// The leftmost inked column (`Int.max` without ink).
        public var minX = Int.max
        /// The topmost inked row.
        public var minY = Int.max
        /// The rightmost inked column (`Int.min` without ink).
        public var maxX = Int.min
        /// The bottom inked row.
        public var maxY = Int.min
        /// How many pixels are inked.
        public var pixels = 0
        /// Whether no pixel is.
        public var isEmpty: Bool { pixels == 0 }
        /// The bounding box's width, 0 without ink.
        public var width: Int { isEmpty ? 0 : maxX - minX + 1 }
        /// The bounding box's height, 0 without ink.
        public var height: Int { isEmpty ? 0 : maxY - minY + 1 }
        /// The bounding box's middle column.
        public var centerX: Double { Double(minX + maxX) / 2 }
        /// `N px in x a...b, y c...d`.
        public var description: String { isEmpty ? "no ink" : "\(pixels) px in x \(minX)...\(maxX), y \(minY)...\(maxY)" }
    }

    /// Picture width.
    public let width: Int
    /// Picture height.
    public let height: Int
    /// How many pictures were decoded.
    public let frameCount: Int
    private let bytes: [UInt8]

    /// Decodes every picture of `path`, which is `width` x `height`.
    public init(path: String, width: Int, height: Int) throws(MediaToolError) {
        bytes = [UInt8](try MediaTool.ffmpeg(["-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        self.width = width
        self.height = height
        frameCount = bytes.count / max(1, width * height * 3)
        guard frameCount > 0, bytes.count == frameCount * width * height * 3 else {
            throw MediaToolError(message: "decoded \(bytes.count) bytes of \(width)x\(height) pictures from '\(path)'")
        }
    }

    /// The colour of pixel (`x`, `y`) of picture `frame`.
    public func rgb(_ frame: Int, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = ((frame * height + y) * width + x) * 3
        return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }

    /// The ink of picture `frame` inside `columns` x `rows`: pixels for which `isInk` holds.
    public func ink(_ frame: Int, columns: Range<Int>? = nil, rows: Range<Int>? = nil,
             _ isInk: ((r: Int, g: Int, b: Int)) -> Bool = { min($0.r, $0.g, $0.b) > 160 }) -> Ink {
        var ink = Ink()
        for y in rows ?? 0..<height {
            for x in columns ?? 0..<width where isInk(rgb(frame, x, y)) {
                ink.pixels += 1
                ink.minX = min(ink.minX, x)
                ink.maxX = max(ink.maxX, x)
                ink.minY = min(ink.minY, y)
                ink.maxY = max(ink.maxY, y)
            }
        }
        return ink
    }

    /// The mean absolute difference per colour component of pictures `a` and `b` over a rectangle.
    public func meanDifference(_ a: Int, _ b: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> Double {
        var total = 0
        for y in rows {
            for x in columns {
                let p = rgb(a, x, y), q = rgb(b, x, y)
                total += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b)
            }
        }
        return Double(total) / Double(3 * columns.count * rows.count)
    }
}
