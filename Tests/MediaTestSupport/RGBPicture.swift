import Foundation

/// One decoded picture as packed RGB, read back with the ffmpeg CLI.
public struct RGBPicture {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `rgb24` samples, row by row.
    public var bytes: [UInt8]

    /// A picture from packed rgb24 bytes already decoded.
    public init(decoded bytes: [UInt8], width: Int, height: Int) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Frame `index` of `path` (or the only picture of an image file) as rgb24, decoded by ffmpeg (once per file
    /// and test process, see `DecodedPictures`).
    public init(path: String, frame index: Int = 0, width: Int, height: Int) throws {
        bytes = try DecodedPictures.frame(index, of: path, width: width, height: height)
        self.width = width
        self.height = height
        guard bytes.count == width * height * 3 else {
            throw MediaToolError(message: "decoded \(bytes.count) bytes for \(width)x\(height) from '\(path)'")
        }
    }

    /// The colour at (`x`, `y`).
    public func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * width + x) * 3
        return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
    }

    /// Whether the colour at (`x`, `y`) is within `tolerance` of `expected` on every component.
    public func matches(_ x: Int, _ y: Int, _ expected: (Int, Int, Int), tolerance: Int = 24) -> Bool {
        let color = rgb(x, y)
        return abs(color.r - expected.0) <= tolerance && abs(color.g - expected.1) <= tolerance
            && abs(color.b - expected.2) <= tolerance
    }
}

/// The root mean square of the first channel of a file's audio, decoded by the ffmpeg CLI; with `start` and
/// `duration` (seconds), of that window only.
public func audioRMS(_ path: String, from start: Double? = nil, duration: Double? = nil) throws -> Double {
    var window: [String] = []
    if let start { window += ["-ss", String(start)] }
    if let duration { window += ["-t", String(duration)] }
    let data = try MediaTool.ffmpeg(["-i", path] + window + ["-vn", "-af", "pan=mono|c0=c0", "-f", "f32le", "-"])
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
}
