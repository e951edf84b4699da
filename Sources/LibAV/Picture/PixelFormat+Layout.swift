internal import CFFmpeg

extension PixelFormat {
    /// How the samples of a format are laid out, as far as drawing onto it needs to know.
    public enum Layout: Sendable, Hashable {
        /// Planes Y, Cb, Cr (and perhaps alpha) of `bytesPerSample` bytes (little-endian above 8 bits) holding
        /// `bitDepth` bits; chroma is subsampled by `1 << chromaShiftX` x `1 << chromaShiftY`.
        case planarYUV(bitDepth: Int, bytesPerSample: Int, chromaShiftX: Int, chromaShiftY: Int, fullRange: Bool)
        /// One plane of 8-bit pixels of `pixelStride` bytes with red, green and blue at these byte offsets.
        case packedRGB(pixelStride: Int, red: Int, green: Int, blue: Int)
        /// Anything else (semi-planar, big-endian, paletted, bitstream formats).
        case other
    }

    /// The format's sample layout, from libav's pixel format descriptor.
    public var layout: Layout {
        guard let descriptor = av_pix_fmt_desc_get(av)?.pointee else { return .other }
        let flags = descriptor.flags
        let components = Int(descriptor.nb_components)
        guard flags & UInt64(AV_PIX_FMT_FLAG_BE | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BITSTREAM
                             | AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_FLOAT) == 0, components >= 3 else { return .other }
        let parts = [descriptor.comp.0, descriptor.comp.1, descriptor.comp.2]
        if flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 {
            guard flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) == 0, parts.allSatisfy({ $0.depth == 8 && $0.shift == 0 && $0.plane == 0 })
            else { return .other }
            return .packedRGB(pixelStride: Int(parts[0].step), red: Int(parts[0].offset), green: Int(parts[1].offset),
                              blue: Int(parts[2].offset))
        }
        guard flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0,
              parts.enumerated().allSatisfy({ Int($0.element.plane) == $0.offset && $0.element.shift == 0 }),
              parts[0].depth >= 8, parts[0].depth <= 16 else { return .other }
        let depth = Int(parts[0].depth)
        let name = self.name
        return .planarYUV(bitDepth: depth, bytesPerSample: depth > 8 ? 2 : 1,
                          chromaShiftX: Int(descriptor.log2_chroma_w), chromaShiftY: Int(descriptor.log2_chroma_h),
                          fullRange: name.hasPrefix("yuvj"))
    }
}
