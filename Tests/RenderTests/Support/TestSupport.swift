import Render

/// A buffer whose every sample is a distinct function of its position, so misplaced copies show.
func gradientBuffer(width: Int, height: Int, format: VideoFrameBuffer.PixelFormat = .yuv420p) throws -> VideoFrameBuffer {
    let buffer = try VideoFrameBuffer(width: width, height: height, format: format)
    for plane in 0..<buffer.planeCount {
        buffer.withPlane(plane) { pointer, stride, width, height in
            for y in 0..<height {
                for x in 0..<width { pointer[y * stride + x] = UInt8(truncatingIfNeeded: 20 + plane * 7 + x + 9 * y) }
            }
        }
    }
    return buffer
}

/// A buffer filled with one colour.
func solidBuffer(width: Int, height: Int, color: YUVColor, format: VideoFrameBuffer.PixelFormat = .yuv420p) throws -> VideoFrameBuffer {
    let buffer = try VideoFrameBuffer(width: width, height: height, format: format)
    buffer.fill(color)
    return buffer
}

/// The integer blend the compositor promises.
func blended(_ source: UInt8, over destination: UInt8, weight: Int) -> UInt8 {
    UInt8((Int(source) * weight + Int(destination) * (255 - weight) + 127) / 255)
}
