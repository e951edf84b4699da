import LibAV

/// A planar 16-bit Y'CbCr 4:2:0 picture that owns its memory, the working canvas of HDR outputs: the layout of
/// `VideoFrameBuffer` (plane 0 luma, 1 and 2 chroma at half width and height, 3 alpha when present) with `UInt16`
/// samples holding code values scaled to 16 bits, as libav's `yuv420p16le` and `yuva420p16le` do.
final class VideoFrameBuffer16 {
    /// Width in pixels (even).
    let width: Int
    /// Height in pixels (even).
    let height: Int
    /// Whether plane 3 holds alpha.
    let hasAlpha: Bool
    private let storage: UnsafeMutablePointer<UInt16>
    private let offsets: [Int]

    /// libav's `yuv420p16le` and `yuva420p16le`.
    static let format = (try? LibAV.PixelFormat(name: "yuv420p16le")) ?? .yuv420p10le
    static let alphaFormat = (try? LibAV.PixelFormat(name: "yuva420p16le")) ?? .yuv420p10le
    /// A source picture converted smaller than its display size comes in 4:4:4 (see `HDRConverter.convert`).
    static let fullChromaFormat = (try? LibAV.PixelFormat(name: "yuv444p16le")) ?? .yuv420p10le
    /// Every format a picture in the working space comes in.
    static let workingFormats: Set<LibAV.PixelFormat> = [format, alphaFormat, fullChromaFormat]

    /// Allocates a zeroed buffer; width and height must be even and in 2...`VideoFrameBuffer.maximumDimension`.
    init(width: Int, height: Int, hasAlpha: Bool = false) throws(RenderError) {
        try VideoFrameBuffer.checkSize(width: width, height: height)
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        var offsets: [Int] = [], total = 0
        for plane in 0..<(hasAlpha ? 4 : 3) {
            offsets.append(total)
            let (w, h) = Self.planeSize(plane, width: width, height: height)
            total += w * h
        }
        self.offsets = offsets
        storage = UnsafeMutablePointer<UInt16>.allocate(capacity: total)
        storage.initialize(repeating: 0, count: total)
    }

    deinit { storage.deallocate() }

    /// The libav pixel format with this buffer's planes.
    var libavFormat: LibAV.PixelFormat { hasAlpha ? Self.alphaFormat : Self.format }

    /// The number of planes.
    var planeCount: Int { offsets.count }

    /// Plane `index`'s first sample and its stride in samples; valid while `self` lives.
    func unsafePlane(_ index: Int) -> (pointer: UnsafeMutablePointer<UInt16>, stride: Int) {
        (storage + offsets[index], Self.planeSize(index, width: width, height: height).width)
    }

    /// The width and height of plane `index` in samples.
    func size(ofPlane index: Int) -> (width: Int, height: Int) { Self.planeSize(index, width: width, height: height) }

    /// Sets every sample of the Y, Cb and Cr planes (and alpha, opaque) to `color`.
    func fill(_ color: (y: UInt16, cb: UInt16, cr: UInt16)) {
        fill(CanvasColor(y: color.y, cb: color.cb, cr: color.cr))
    }

    /// The luma, chroma and alpha code values at pixel (`x`, `y`).
    func sample(x: Int, y: Int) -> (y: UInt16, cb: UInt16, cr: UInt16, a: UInt16) {
        func at(_ plane: Int, _ px: Int, _ py: Int) -> UInt16 {
            let (pointer, stride) = unsafePlane(plane)
            return pointer[py * stride + px]
        }
        return (at(0, x, y), at(1, x / 2, y / 2), at(2, x / 2, y / 2), hasAlpha ? at(3, x, y) : UInt16.max)
    }

    /// Copies `frame` (`yuv420p16le` or `yuva420p16le`, of this buffer's size once turned by `orientation`) into
    /// this buffer; a missing alpha plane becomes opaque.
    func copy(from frame: Frame, orientation: PictureOrientation) {
        frame.withPlanes { planes in
            for plane in 0..<planeCount {
                let (target, stride) = unsafePlane(plane)
                let (w, h) = size(ofPlane: plane)
                guard plane < planes.count else { target.update(repeating: UInt16.max, count: w * h); continue }
                let source = planes[plane]
                let samples = source.usedBytesPerRow / 2
                guard orientation.outputSize(width: samples, height: source.rows) == (w, h) else { continue }
                orientation.remap(from: UnsafePointer(source.base.assumingMemoryBound(to: UInt16.self)),
                                  sourceStride: source.bytesPerRow / 2, width: samples, height: source.rows,
                                  into: target, targetStride: stride)
            }
        }
    }

    /// Copies the Y, Cb and Cr planes into `frame` (`yuv420p16le` of this buffer's size), making it writable first.
    func copy(into frame: Frame) throws {
        try frame.withMutablePlanes { planes in
            for plane in 0..<min(3, planes.count) {
                let (source, stride) = unsafePlane(plane)
                let (w, h) = size(ofPlane: plane)
                let target = planes[plane]
                for row in 0..<min(h, target.rows) {
                    target.base.advanced(by: row * target.bytesPerRow).assumingMemoryBound(to: UInt16.self)
                        .update(from: source + row * stride, count: min(w, target.usedBytesPerRow / 2))
                }
            }
        }
    }

    private static func planeSize(_ plane: Int, width: Int, height: Int) -> (width: Int, height: Int) {
        plane == 1 || plane == 2 ? (width / 2, height / 2) : (width, height)
    }
}
