/// A planar 8-bit video frame that owns its memory: allocated once in `init`, freed in `deinit`, reused across frames.
///
/// Planes: 0 is luma (Y) at full size, 1 and 2 are Cb and Cr at half width and half height, and for `yuva420p`
/// plane 3 is alpha at full size. Each plane's row stride is a multiple of 64 bytes and each plane starts 64-byte
/// aligned, so rows suit vector loads; the bytes between `width` and `stride` are padding (zero until written).
public final class VideoFrameBuffer {
    /// The planar layouts a buffer can hold.
    public enum PixelFormat: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// Y, Cb, Cr with 2x2 chroma subsampling.
        case yuv420p
        /// `yuv420p` plus a full-resolution alpha plane.
        case yuva420p

        /// 3 or 4.
        public var planeCount: Int { self == .yuv420p ? 3 : 4 }
        /// Whether plane 3 holds alpha.
        public var hasAlpha: Bool { self == .yuva420p }
        /// The format's name, as FFmpeg spells it.
        public var description: String { rawValue }
    }

    /// The largest width or height a buffer accepts.
    public static let maximumDimension = 16384
    /// The alignment of every row stride and plane start, in bytes.
    public static let alignment = 64

    /// Throws unless `width` and `height` are even and in 2...`maximumDimension` (4:2:0 planes, 8 or 16 bits).
    static func checkSize(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0,
              width <= maximumDimension, height <= maximumDimension else {
            throw .invalidFrameSize(width: width, height: height)
        }
    }

    /// Width in pixels (even).
    public let width: Int
    /// Height in pixels (even).
    public let height: Int
    /// The plane layout.
    public let format: PixelFormat

    private let storage: UnsafeMutableRawPointer
    private let offsets: [Int]
    private let strides: [Int]

    /// Allocates a buffer; width and height must be even and in 2...`maximumDimension`.
    public init(width: Int, height: Int, format: PixelFormat = .yuv420p) throws(RenderError) {
        try Self.checkSize(width: width, height: height)
        self.width = width
        self.height = height
        self.format = format
        var offsets: [Int] = [], strides: [Int] = []
        var total = 0
        for plane in 0..<format.planeCount {
            let (w, h) = Self.planeSize(plane, width: width, height: height)
            let stride = Self.aligned(w)
            offsets.append(total)
            strides.append(stride)
            total += Self.aligned(stride * h)
        }
        self.offsets = offsets
        self.strides = strides
        storage = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: Self.alignment)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: total)
    }

    deinit {
        storage.deallocate()
    }

    /// The number of planes: 3 for `yuv420p`, 4 for `yuva420p`.
    public var planeCount: Int { format.planeCount }
    /// Whether the buffer has an alpha plane.
    public var hasAlpha: Bool { format.hasAlpha }
    /// `1920x1080 yuv420p`.
    public var formatDescription: String { "\(width)x\(height) \(format)" }

    /// Bytes from one row of `plane` to the next.
    public func stride(ofPlane plane: Int) -> Int {
        precondition(plane >= 0 && plane < planeCount, "plane \(plane) out of range")
        return strides[plane]
    }

    /// The width and height of `plane` in samples.
    public func size(ofPlane plane: Int) -> (width: Int, height: Int) {
        precondition(plane >= 0 && plane < planeCount, "plane \(plane) out of range")
        return Self.planeSize(plane, width: width, height: height)
    }

    /// Lends plane `index` as a pointer to its first row, with its stride, width and height in samples.
    /// The pointer is valid only inside `body`.
    public func withPlane<R, E: Error>(
        _ index: Int,
        _ body: (UnsafeMutablePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int) throws(E) -> R
    ) throws(E) -> R {
        precondition(index >= 0 && index < planeCount, "plane \(index) out of range")
        let (w, h) = Self.planeSize(index, width: width, height: height)
        let base = (storage + offsets[index]).assumingMemoryBound(to: UInt8.self)
        return try body(base, strides[index], w, h)
    }

    /// Lends every plane's first row and stride, in plane order; the pointers are valid only inside `body`.
    public func withPlanes<R, E: Error>(
        _ body: (_ planes: [UnsafeMutablePointer<UInt8>], _ strides: [Int]) throws(E) -> R
    ) throws(E) -> R {
        try body(offsets.map { (storage + $0).assumingMemoryBound(to: UInt8.self) }, strides)
    }

    /// Sets every sample of every plane (padding included) to `color`; a buffer without alpha ignores `color.a`.
    public func fill(_ color: YUVColor) {
        let values = [color.y, color.cb, color.cr, color.a]
        for plane in 0..<planeCount {
            withPlane(plane) { pointer, stride, _, height in
                pointer.update(repeating: values[plane], count: stride * height)
            }
        }
    }

    /// Copies the picture of `source`, which must have the same width and height. A missing source alpha plane
    /// becomes opaque (255); a source alpha plane the destination lacks is dropped.
    public func copy(from source: VideoFrameBuffer) throws(RenderError) {
        guard source.width == width, source.height == height else {
            throw .frameMismatch(operation: "copy", source: source.formatDescription, destination: formatDescription)
        }
        if source === self { return }
        for plane in 0..<planeCount {
            withPlane(plane) { target, stride, _, height in
                if plane < source.planeCount {
                    source.withPlane(plane) { from, _, _, _ in target.update(from: from, count: stride * height) }
                } else {
                    target.update(repeating: 255, count: stride * height)
                }
            }
        }
    }

    /// The colour at pixel (`x`, `y`): its luma, the chroma of its 2x2 block, and its alpha (255 without a plane).
    public func pixel(x: Int, y: Int) -> YUVColor {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(formatDescription)")
        func sample(_ plane: Int, _ px: Int, _ py: Int) -> UInt8 {
            withPlane(plane) { pointer, stride, _, _ in pointer[py * stride + px] }
        }
        return YUVColor(y: sample(0, x, y), cb: sample(1, x / 2, y / 2), cr: sample(2, x / 2, y / 2),
                        a: hasAlpha ? sample(3, x, y) : 255)
    }

    /// The visible samples of every plane, row after row without padding: a stable fingerprint of the picture.
    public func packedBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        for plane in 0..<planeCount {
            withPlane(plane) { pointer, stride, width, height in
                for row in 0..<height {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: pointer + row * stride, count: width))
                }
            }
        }
        return bytes
    }

    private static func planeSize(_ plane: Int, width: Int, height: Int) -> (Int, Int) {
        plane == 1 || plane == 2 ? (width / 2, height / 2) : (width, height)
    }

    private static func aligned(_ value: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }
}

extension VideoFrameBuffer {
    /// Plane `index`'s first row and stride, for kernels that hold several planes at once. The caller keeps `self`
    /// alive while using the pointer (the compositor does so with `withExtendedLifetime`).
    func unsafePlane(_ index: Int) -> (pointer: UnsafeMutablePointer<UInt8>, stride: Int) {
        withPlane(index) { pointer, stride, _, _ in (pointer, stride) }
    }
}
