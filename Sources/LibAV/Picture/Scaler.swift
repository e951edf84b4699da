internal import CFFmpeg

/// A pixel converter (an `SwsContext` it owns): one source size, crop and format to one destination size and
/// format, set up once and used for many frames.
///
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class Scaler: @unchecked Sendable {
    /// A rectangle in source pixels.
    public struct Rect: Sendable, Hashable {
        /// Left edge.
        public var x: Int
        /// Top edge.
        public var y: Int
        /// Width.
        public var width: Int
        /// Height.
        public var height: Int

        /// Creates a rectangle.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The filter swscale resamples with: a speed against quality choice.
    public enum Quality: Sendable, Hashable {
        /// Fast bilinear: drafts and previews.
        case fast
        /// Area averaging: good and fast for downscaling.
        case area
        /// Bicubic: the quality default.
        case bicubic
        /// Lanczos: sharpest, slowest.
        case lanczos

        /// The `SWS_*` flag.
        var flags: Int32 {
            switch self {
            case .fast: SWS_FAST_BILINEAR
            case .area: SWS_AREA
            case .bicubic: SWS_BICUBIC
            case .lanczos: SWS_LANCZOS
            }
        }
    }

    /// Source frame width the scaler expects.
    public let sourceWidth: Int
    /// Source frame height the scaler expects.
    public let sourceHeight: Int
    /// Source pixel format the scaler expects.
    public let sourceFormat: PixelFormat
    /// The part of the source that is scaled (the whole frame when not cropping).
    public let crop: Rect
    /// Output width.
    public let width: Int
    /// Output height.
    public let height: Int
    /// Output pixel format.
    public let pixelFormat: PixelFormat
    /// The filter it resamples with.
    public let quality: Quality
    /// How the source's code values are read.
    public let sourceColor: ColorDescription
    /// How the output's code values are written.
    public let destinationColor: ColorDescription
    /// The owned context, freed with `sws_freeContext`.
    private let context: OpaquePointer
    /// Per-plane horizontal and vertical chroma shifts and bytes per pixel, for crop offsets.
    private let planeLayout: [(shiftX: Int, shiftY: Int, bytesPerPixel: Int)]
    /// The low bits a crop origin loses to chroma subsampling (1 for 4:2:0 and 4:2:2 horizontally).
    private let alignment: (x: Int, y: Int)
    /// Whether the format's planes can be offset to another crop origin (not bitstream, palette or hardware).
    private let canMoveCrop: Bool

    /// Sets up a conversion from `sourceWidth` x `sourceHeight` `sourceFormat` (optionally only its `crop`) to
    /// `width` x `height` `pixelFormat`. Crop edges are rounded down to the source's chroma subsampling.
    ///
    /// `sourceColor` and `destinationColor` (default: what each format implies, BT.709) set the matrix and range of
    /// both sides, so RGB <-> Y'CbCr conversions use BT.709 rather than swscale's BT.601 default. Between two Y'CbCr
    /// formats only the range is converted (swscale does not change matrices there).
    public init(sourceWidth: Int, sourceHeight: Int, sourceFormat: PixelFormat, crop: Rect? = nil,
                width: Int, height: Int, pixelFormat: PixelFormat, quality: Quality = .bicubic,
                sourceColor: ColorDescription? = nil, destinationColor: ColorDescription? = nil) throws(LibAVError) {
        let what = "\(sourceWidth)x\(sourceHeight) \(sourceFormat) -> \(width)x\(height) \(pixelFormat)"
        guard let descriptor = av_pix_fmt_desc_get(sourceFormat.av), pixelFormat.isValid,
              sourceWidth > 0, sourceHeight > 0, width > 0, height > 0
        else { throw LibAVError.invalidArgument("cannot scale \(what): invalid size or format") }
        let shiftX = Int(descriptor.pointee.log2_chroma_w), shiftY = Int(descriptor.pointee.log2_chroma_h)
        var area = crop ?? Rect(x: 0, y: 0, width: sourceWidth, height: sourceHeight)
        area.x &= ~((1 << shiftX) - 1)
        area.y &= ~((1 << shiftY) - 1)
        guard area.x >= 0, area.y >= 0, area.width > 0, area.height > 0,
              area.x + area.width <= sourceWidth, area.y + area.height <= sourceHeight
        else {
            throw LibAVError.invalidArgument(
                "cannot scale \(what): crop \(area.width)x\(area.height) at \(area.x),\(area.y) is outside the frame")
        }
        let flags = descriptor.pointee.flags
        canMoveCrop = flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_HWACCEL) == 0
        alignment = ((1 << shiftX) - 1, (1 << shiftY) - 1)
        if crop != nil, !canMoveCrop {
            throw LibAVError.invalidArgument("cannot scale \(what): cannot crop \(sourceFormat) frames")
        }
        let layout = Self.planeLayout(of: sourceFormat, descriptor: descriptor.pointee)
        let sourceImplied = ColorDescription.implied(by: sourceFormat)
        let destinationImplied = ColorDescription.implied(by: pixelFormat)
        let source = sourceColor ?? sourceImplied, destination = destinationColor ?? destinationImplied
        // swscale's own defaults are BT.601 tables and the ranges the formats imply; override when that differs.
        let overridesColor = source != sourceImplied || destination != destinationImplied
            || sourceFormat.isRGB != pixelFormat.isRGB
        context = try Self.makeContext(area: area, sourceFormat: sourceFormat, width: width, height: height,
                                       pixelFormat: pixelFormat, quality: quality,
                                       colors: overridesColor ? (source, destination) : nil, what)
        self.sourceColor = source
        self.destinationColor = destination
        planeLayout = layout
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.sourceFormat = sourceFormat
        self.crop = area
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.quality = quality
    }

    deinit { sws_freeContext(context) }

    /// Each plane's chroma shifts and bytes per pixel, for moving a crop's origin.
    private static func planeLayout(of format: PixelFormat,
                                    descriptor: AVPixFmtDescriptor) -> [(shiftX: Int, shiftY: Int, bytesPerPixel: Int)] {
        let shiftX = Int(descriptor.log2_chroma_w), shiftY = Int(descriptor.log2_chroma_h)
        let components = Int(descriptor.nb_components)
        var layout: [(shiftX: Int, shiftY: Int, bytesPerPixel: Int)] = []
        withUnsafeBytes(of: descriptor.comp) { raw in
            let comps = raw.bindMemory(to: AVComponentDescriptor.self)
            for plane in 0..<format.planeCount {
                let component = comps.prefix(components).first { Int($0.plane) == plane }
                let chroma = components >= 3 && (plane == 1 || plane == 2)
                layout.append((chroma ? shiftX : 0, chroma ? shiftY : 0, Int(component?.step ?? 1)))
            }
        }
        return layout
    }

    /// The swscale context for `area` of the source to the output, with `colors` (source, destination) set when
    /// swscale's own BT.601 defaults would differ.
    private static func makeContext(area: Rect, sourceFormat: PixelFormat, width: Int, height: Int,
                                    pixelFormat: PixelFormat, quality: Quality,
                                    colors: (ColorDescription, ColorDescription)?,
                                    _ what: String) throws(LibAVError) -> OpaquePointer {
        try CPUFeatures.settingUp { () throws(LibAVError) in
            let context = try checkAllocation(
                sws_getContext(Int32(area.width), Int32(area.height), sourceFormat.av, Int32(width), Int32(height),
                               pixelFormat.av,
                               quality == .fast ? quality.flags : quality.flags | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                               nil, nil, nil),
                "sws_getContext", .scale(what))
            guard let (source, destination) = colors else { return context }
            let status = sws_setColorspaceDetails(
                context, sws_getCoefficients(source.matrix.swsColorspace), source.isFullRange ? 1 : 0,
                sws_getCoefficients(destination.matrix.swsColorspace), destination.isFullRange ? 1 : 0,
                0, 1 << 16, 1 << 16)
            guard status >= 0 else {
                sws_freeContext(context)
                throw LibAVError.invalidArgument("cannot scale \(what): colour conversion \(source) -> \(destination) "
                    + "is not supported")
            }
            return context
        }
    }

    /// Converts `source` into a new frame of the output size and format, carrying over its pts.
    public func scale(_ source: Frame) throws(LibAVError) -> Frame {
        let output = try Frame(width: width, height: height, pixelFormat: pixelFormat)
        try scale(source, into: output)
        return output
    }

    /// Converts `source` into `destination`, which must have the output size and format and be writable.
    public func scale(_ source: Frame, into destination: Frame) throws(LibAVError) {
        try scale(source, cropX: crop.x, cropY: crop.y, into: destination)
    }

    /// Converts the crop-sized part of `source` whose top-left corner is at `cropX`, `cropY` (rounded down to the
    /// chroma subsampling, like the set-up crop) into `destination`: a moving crop (a pan) reuses one scaler, since
    /// the context depends only on sizes and formats and the origin is just an offset into the source's planes.
    public func scale(_ source: Frame, cropX: Int, cropY: Int, into destination: Frame) throws(LibAVError) {
        let what = "\(source.width)x\(source.height) \(source.pixelFormat) -> \(width)x\(height) \(pixelFormat)"
        let origin = try checkedOrigin(source, cropX: cropX, cropY: cropY, what)
        guard destination.width == width, destination.height == height, destination.pixelFormat == pixelFormat else {
            throw LibAVError.invalidArgument(
                "cannot scale into a \(destination.width)x\(destination.height) \(destination.pixelFormat) frame: "
                    + "expected \(width)x\(height) \(pixelFormat)")
        }
        try destination.makeWritable(.scale(what))
        let rows = withUnsafeBytes(of: &destination.pointer.pointee.data) { destinationPlanes in
            withUnsafeBytes(of: destination.pointer.pointee.linesize) { destinationStrides in
                run(source, origin: origin,
                    into: destinationPlanes.bindMemory(to: UnsafeMutablePointer<UInt8>?.self).baseAddress,
                    strides: destinationStrides.bindMemory(to: Int32.self).baseAddress)
            }
        }
        try check(rows, "sws_scale", .scale(what))
        destination.timeBase = source.timeBase
        destination.pointer.pointee.pts = source.pointer.pointee.pts
    }

    /// Converts as `scale(_:cropX:cropY:into:)` does, into planes the caller owns: `planes[i]` is the first row of
    /// output plane `i` and `strides[i]` the bytes from one row to the next, one of each per plane of the output format,
    /// each plane holding the output size's rows (the pixel format's chroma subsampling applied).
    public func scale(_ source: Frame, cropX: Int, cropY: Int, intoPlanes planes: [UnsafeMutablePointer<UInt8>],
                      strides: [Int]) throws(LibAVError) {
        let what = "\(source.width)x\(source.height) \(source.pixelFormat) -> \(width)x\(height) \(pixelFormat)"
        let origin = try checkedOrigin(source, cropX: cropX, cropY: cropY, what)
        guard planes.count == pixelFormat.planeCount, strides.count == planes.count,
              strides.allSatisfy({ $0 > 0 && $0 <= Int(Int32.max) }) else {
            throw LibAVError.invalidArgument(
                "cannot scale \(what): \(planes.count) planes given for \(pixelFormat.planeCount)")
        }
        let destinationPlanes: [UnsafeMutablePointer<UInt8>?] = planes
        let destinationStrides = strides.map { Int32($0) }
        let rows = destinationPlanes.withUnsafeBufferPointer { planeList in
            destinationStrides.withUnsafeBufferPointer { strideList in
                run(source, origin: origin, into: planeList.baseAddress, strides: strideList.baseAddress)
            }
        }
        try check(rows, "sws_scale", .scale(what))
    }

    /// The crop's top-left corner in `source` for `cropX`, `cropY` (rounded down to the chroma subsampling), checked
    /// against the source and the set-up sizes and format.
    private func checkedOrigin(_ source: Frame, cropX: Int, cropY: Int,
                               _ what: String) throws(LibAVError) -> (x: Int, y: Int) {
        let origin = (x: cropX & ~alignment.x, y: cropY & ~alignment.y)
        guard origin.x >= 0, origin.y >= 0, origin.x + crop.width <= sourceWidth, origin.y + crop.height <= sourceHeight,
              origin == (crop.x, crop.y) || canMoveCrop
        else {
            throw LibAVError.invalidArgument(
                "cannot scale \(what): crop \(crop.width)x\(crop.height) at \(origin.x),\(origin.y) is outside the frame")
        }
        guard source.width == sourceWidth, source.height == sourceHeight, source.pixelFormat == sourceFormat else {
            throw LibAVError.invalidArgument(
                "cannot scale \(what): the scaler was set up for \(sourceWidth)x\(sourceHeight) \(sourceFormat)")
        }
        return origin
    }

    /// Runs `sws_scale` on the crop of `source` at `origin` into the destination planes; returns its result.
    private func run(_ source: Frame, origin: (x: Int, y: Int), into planes: UnsafePointer<UnsafeMutablePointer<UInt8>?>?,
                     strides: UnsafePointer<Int32>?) -> Int32 {
        var sourceData = source.pointer.pointee.data
        let sourceLines = source.pointer.pointee.linesize
        withUnsafeMutableBytes(of: &sourceData) { raw in
            let planes = raw.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            withUnsafeBytes(of: sourceLines) { lineRaw in
                let lines = lineRaw.bindMemory(to: Int32.self)
                for (index, layout) in planeLayout.enumerated() where index < planes.count {
                    let offset = (origin.y >> layout.shiftY) * Int(lines[index])
                        + (origin.x >> layout.shiftX) * layout.bytesPerPixel
                    planes[index] = planes[index].map { $0 + offset }
                }
            }
        }
        return withUnsafeBytes(of: &sourceData) { sourcePlanes in
            withUnsafeBytes(of: sourceLines) { sourceStrides in
                sws_scale(context, sourcePlanes.bindMemory(to: UnsafePointer<UInt8>?.self).baseAddress,
                          sourceStrides.bindMemory(to: Int32.self).baseAddress, 0, Int32(crop.height), planes, strides)
            }
        }
    }
}
