internal import CFFmpeg

extension Frame {
    /// One plane of a frame's data, valid only inside the closure that lent it.
    public struct Plane {
        /// The first byte of the plane.
        public var base: UnsafeMutableRawPointer
        /// Bytes from one row to the next (may exceed the used width; padding is not picture).
        public var bytesPerRow: Int
        /// The number of rows (chroma planes of subsampled formats have fewer; audio has one).
        public var rows: Int
        /// The bytes of a row that carry picture or samples.
        public var usedBytesPerRow: Int

        /// The row `row` as a buffer of its used bytes.
        public func row(_ row: Int) -> UnsafeMutableRawBufferPointer {
            precondition(row >= 0 && row < rows, "row \(row) outside plane of \(rows) rows")
            return UnsafeMutableRawBufferPointer(start: base + row * bytesPerRow, count: usedBytesPerRow)
        }
    }

    /// Lends the planes to `body` for reading. Writing through them is allowed only on a frame that is writable
    /// (see `withMutablePlanes`).
    public func withPlanes<R, E: Error>(_ body: ([Plane]) throws(E) -> R) throws(E) -> R {
        try body(planes())
    }

    /// Makes the buffers writable (copying them if shared), then lends the planes to `body`.
    public func withMutablePlanes<R>(_ body: ([Plane]) throws -> R) throws -> R {
        try makeWritable(.allocate("a writable frame"))
        return try body(planes())
    }

    /// The plane descriptions for this frame's format and size.
    private func planes() -> [Plane] {
        var planes: [Plane] = []
        let frame = pointer.pointee
        withUnsafeBytes(of: frame.data) { dataTuple in
            withUnsafeBytes(of: frame.linesize) { sizeTuple in
                let data = dataTuple.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
                let lineSizes = sizeTuple.bindMemory(to: Int32.self)
                if frame.width > 0, let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.format)) {
                    let count = Int(av_pix_fmt_count_planes(AVPixelFormat(rawValue: frame.format)))
                    for index in 0..<min(count, data.count) {
                        guard let base = data[index] else { continue }
                        let chroma = (index == 1 || index == 2) && descriptor.pointee.nb_components >= 3
                        let shiftH = chroma ? Int(descriptor.pointee.log2_chroma_h) : 0
                        let rows = (Int(frame.height) + (1 << shiftH) - 1) >> shiftH
                        let used = Int(av_image_get_linesize(AVPixelFormat(rawValue: frame.format), frame.width,
                                                              Int32(index)))
                        planes.append(Plane(base: UnsafeMutableRawPointer(base), bytesPerRow: Int(lineSizes[index]),
                                            rows: rows, usedBytesPerRow: max(0, used)))
                    }
                } else if frame.nb_samples > 0 {
                    let format = SampleFormat(raw: frame.format)
                    let channels = Int(frame.ch_layout.nb_channels)
                    let planeCount = format.isPlanar ? channels : 1
                    let used = Int(frame.nb_samples) * format.bytesPerSample * (format.isPlanar ? 1 : channels)
                    for index in 0..<planeCount {
                        // Audio with more than 8 planes keeps the rest in extended_data.
                        guard let base = frame.extended_data[index] else { continue }
                        planes.append(Plane(base: UnsafeMutableRawPointer(base), bytesPerRow: used, rows: 1,
                                            usedBytesPerRow: used))
                    }
                }
            }
        }
        return planes
    }
}
