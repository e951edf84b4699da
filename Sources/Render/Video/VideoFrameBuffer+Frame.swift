import LibAV

/// Row copies between the compositor's buffers and LibAV frames of the same size (`yuv420p` or `yuva420p`).
extension VideoFrameBuffer {
    /// The LibAV pixel format with this buffer's plane layout.
    var libavFormat: LibAV.PixelFormat {
        format == .yuva420p ? VideoFrameBuffer.yuva420p : .yuv420p
    }

    /// LibAV's `yuva420p`, which `LibAV.PixelFormat` has no constant for.
    static let yuva420p: LibAV.PixelFormat = (try? LibAV.PixelFormat(name: "yuva420p")) ?? .yuv420p

    /// Copies `frame`'s planes (same width and height, and this buffer's plane layout) into this buffer.
    func copy(from frame: Frame) {
        frame.withPlanes { planes in
            for plane in 0..<min(planeCount, planes.count) {
                let source = planes[plane]
                withPlane(plane) { pointer, stride, width, height in
                    let bytes = min(width, source.usedBytesPerRow)
                    for row in 0..<min(height, source.rows) {
                        (pointer + row * stride).update(
                            from: source.base.advanced(by: row * source.bytesPerRow).assumingMemoryBound(to: UInt8.self),
                            count: bytes)
                    }
                }
            }
        }
    }

    /// Copies the `width` x `height` window at (`x`, `y`) of `frame` (even values; this buffer's plane layout) to the
    /// top-left of this buffer.
    func copy(from frame: Frame, x: Int, y: Int, width: Int, height: Int) {
        frame.withPlanes { planes in
            for plane in 0..<min(planeCount, planes.count) {
                let source = planes[plane]
                let shift = plane == 1 || plane == 2 ? 1 : 0
                withPlane(plane) { pointer, stride, bufferWidth, bufferHeight in
                    let left = x >> shift, top = y >> shift
                    let bytes = min(width >> shift, bufferWidth, source.usedBytesPerRow - left)
                    guard bytes > 0 else { return }
                    for row in 0..<min(height >> shift, bufferHeight, source.rows - top) {
                        (pointer + row * stride).update(
                            from: source.base.advanced(by: (top + row) * source.bytesPerRow + left)
                                .assumingMemoryBound(to: UInt8.self),
                            count: bytes)
                    }
                }
            }
        }
    }

    /// Copies the `width` x `height` window at (`x`, `y`) of `frame` turned by `orientation` (even values, in the
    /// turned picture's pixels; this buffer's plane layout) to the top-left of this buffer: the window is the turn of
    /// one rectangle of `frame`, which is all that is read.
    func copy(from frame: Frame, orientation: PictureOrientation, x: Int, y: Int, width: Int, height: Int) {
        guard !orientation.isIdentity else { return copy(from: frame, x: x, y: y, width: width, height: height) }
        let turned = orientation.outputSize(width: frame.width, height: frame.height)
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= turned.width, y + height <= turned.height else { return }
        // The window's columns and rows as ranges of the frame's (see `PictureOrientation.remap`).
        let (across, down) = orientation.swapsAxes ? ((y, height), (x, width)) : ((x, width), (y, height))
        let left = orientation.reversesX ? frame.width - across.0 - across.1 : across.0
        let top = orientation.reversesY ? frame.height - down.0 - down.1 : down.0
        frame.withPlanes { planes in
            for plane in 0..<min(planeCount, planes.count) {
                let source = planes[plane]
                let shift = plane == 1 || plane == 2 ? 1 : 0
                withPlane(plane) { pointer, stride, _, _ in
                    let start = source.base.advanced(by: (top >> shift) * source.bytesPerRow + (left >> shift))
                    orientation.remap(from: UnsafePointer(start.assumingMemoryBound(to: UInt8.self)),
                                      sourceStride: source.bytesPerRow, width: across.1 >> shift,
                                      height: down.1 >> shift, into: pointer, targetStride: stride)
                }
            }
        }
    }

    /// Copies `frame`'s planes turned by `orientation` (its size is this buffer's size with width and height swapped
    /// when the orientation swaps axes; this buffer's plane layout) into this buffer.
    func copy(from frame: Frame, orientation: PictureOrientation) {
        guard !orientation.isIdentity else { return copy(from: frame) }
        frame.withPlanes { planes in
            for plane in 0..<min(planeCount, planes.count) {
                let source = planes[plane]
                withPlane(plane) { pointer, stride, width, height in
                    let size = orientation.outputSize(width: source.usedBytesPerRow, height: source.rows)
                    guard size.width == width, size.height == height else { return }
                    orientation.remap(from: UnsafePointer(source.base.assumingMemoryBound(to: UInt8.self)),
                                      sourceStride: source.bytesPerRow, width: source.usedBytesPerRow,
                                      height: source.rows, into: pointer, targetStride: stride)
                }
            }
        }
    }

    /// Copies this buffer into `frame` (same width and height, this buffer's plane layout), making it writable first.
    func copy(into frame: Frame) throws {
        try frame.withMutablePlanes { planes in
            for plane in 0..<min(planeCount, planes.count) {
                let target = planes[plane]
                withPlane(plane) { pointer, stride, width, height in
                    let bytes = min(width, target.usedBytesPerRow)
                    for row in 0..<min(height, target.rows) {
                        target.base.advanced(by: row * target.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                            .update(from: pointer + row * stride, count: bytes)
                    }
                }
            }
        }
    }
}
