internal import CRLottie
import MediaCore

/// A Lottie (Bodymovin) animation parsed by rlottie, drawn frame by frame at whatever size it is shown.
public final class LottieAnimation {
    /// The file it was read from, for errors.
    public let path: String
    /// The composition's own width in pixels.
    public let width: Int
    /// The composition's own height in pixels.
    public let height: Int
    /// Frames per second, as an exact fraction (rlottie's value to a thousandth).
    public let frameRate: FrameRate
    /// The number of frames.
    public let frameCount: Int
    private let animation: OpaquePointer

    /// Reads the Lottie JSON file at `path` through `LocalFile` (a regular file, without blocking) and parses it.
    public init(path: String) throws(LibAVError) {
        self.path = path
        var bytes: [UInt8]
        do {
            bytes = try LocalFile.contents(of: path, limit: 64 << 20)
        } catch {
            throw .unreadableSource(path: path, error)
        }
        // rlottie keeps parsed models by key for the process: the key names these very bytes, so an equal key is an
        // equal animation. External image assets are looked up in no folder.
        let key = "mediabatch-\(Self.digest(bytes))-\(bytes.count)"
        bytes.append(0)
        let made = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lottie_animation_from_data($0.baseAddress, key, "/nonexistent") }
        }
        guard let made else {
            throw .unreadableDrawing(path: path, format: "Lottie", reason: "rlottie cannot parse it as a Lottie animation")
        }
        animation = made
        var size = (width: 0, height: 0)
        lottie_animation_get_size(made, &size.width, &size.height)
        let rate = lottie_animation_get_framerate(made), frames = lottie_animation_get_totalframe(made)
        guard size.width > 0, size.height > 0, rate.isFinite, rate > 0, frames > 0 else {
            lottie_animation_destroy(made)
            throw .unreadableDrawing(path: path, format: "Lottie",
                                     reason: "it has no size, frame rate or frames ('w', 'h', 'fr', 'ip', 'op')")
        }
        (width, height, frameCount) = (size.width, size.height, frames)
        let thousandths = Int32(min((rate * 1000).rounded(), 1e9))
        var (a, b) = (thousandths, Int32(1000))
        while b != 0 { (a, b) = (b, a % b) }
        frameRate = FrameRate(thousandths / a, 1000 / a)
    }

    deinit { lottie_animation_destroy(animation) }

    /// The animation's frame showing at `time` after its start: `floor(time x frameRate)`, exact, held at the last
    /// frame past the end and at the first before the start.
    public func frameNumber(at time: MediaTime) -> Int {
        guard time.isNumeric, time.value > 0 else { return 0 }
        let ticks = Int64(frameRate.numerator).multipliedFullWidth(by: time.value)
        let divisor = Int64(frameRate.denominator) * Int64(time.timescale)
        // Past about 2^63 frames the quotient would not fit: such a time is past any animation's end.
        guard ticks.high < divisor / 2 else { return frameCount - 1 }
        let frame = divisor.dividingFullWidth((high: Int64(ticks.high), low: ticks.low)).quotient
        return Int(min(frame, Int64(frameCount - 1)))
    }

    /// Frame `frame` drawn to fill `width` x `height` pixels (clamped to `VectorImage.largestSide`), as straight-alpha
    /// `rgba`.
    public func render(frame: Int, width: Int, height: Int) throws(LibAVError) -> Frame {
        var scratch: [UInt32] = []
        return try render(frame: frame, width: width, height: height, into: nil, scratch: &scratch)
    }

    /// Frame `frame` drawn as `render(frame:width:height:)` draws it, into `target` when it is an `rgba` frame of that
    /// size whose pixels no other frame shares (else into a new frame), with `scratch` holding rlottie's
    /// premultiplied pixels: a caller drawing frame after frame reuses both instead of fresh memory each time.
    public func render(frame: Int, width: Int, height: Int, into target: Frame?,
                       scratch: inout [UInt32]) throws(LibAVError) -> Frame {
        let (columns, rows) = (min(max(width, 1), VectorImage.largestSide), min(max(height, 1), VectorImage.largestSide))
        if scratch.count == columns * rows {
            scratch.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            scratch = [UInt32](repeating: 0, count: columns * rows)
        }
        scratch.withUnsafeMutableBufferPointer {
            lottie_animation_render(animation, min(max(frame, 0), frameCount - 1), $0.baseAddress, columns, rows, columns * 4)
        }
        let picture: Frame
        if let target, target.width == columns, target.height == rows, target.pixelFormat == .rgba, target.isWritable {
            picture = target
        } else {
            picture = try Frame(width: columns, height: rows, pixelFormat: .rgba)
        }
        try? picture.withMutablePlanes { planes in
            guard let plane = planes.first else { return }
            scratch.withUnsafeBytes { raw in
                let source = raw.bindMemory(to: UInt8.self).baseAddress!
                for row in 0..<rows {
                    DrawingSurface.unpremultiply(source + row * columns * 4, into: plane.base.advanced(by: row * plane.bytesPerRow)
                        .assumingMemoryBound(to: UInt8.self), count: columns)
                }
            }
        }
        return picture
    }

    /// FNV-1a over the bytes, in hex: the cache key's name for them.
    private static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
