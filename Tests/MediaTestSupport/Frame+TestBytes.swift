import LibAV

extension Frame {
    /// A `width` x `height` frame of `format` whose every used byte is deterministic noise over 0...255 from `seed`.
    public static func noise(width: Int, height: Int, format: PixelFormat, seed: UInt32 = 12345) throws -> Frame {
        let frame = try Frame(width: width, height: height, pixelFormat: format)
        var state = seed
        try frame.withMutablePlanes { planes in
            for plane in planes {
                for y in 0..<plane.rows {
                    let row = plane.row(y)
                    for x in 0..<plane.usedBytesPerRow {
                        state = state &* 1_664_525 &+ 1_013_904_223
                        row[x] = UInt8(truncatingIfNeeded: state >> 24)
                    }
                }
            }
        }
        return frame
    }

    /// Every used byte of every plane, in order (padding left out), for comparing pictures byte for byte.
    public var usedBytes: [UInt8] {
        withPlanes { planes in
            planes.flatMap { plane in (0..<plane.rows).flatMap { Array(plane.row($0)[0..<plane.usedBytesPerRow]) } }
        }
    }
}
