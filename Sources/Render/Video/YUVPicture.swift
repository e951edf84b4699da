import LibAV

/// A rendered picture as 8-bit Y'CbCr 4:2:0 planes in the compositor's working space (BT.709, limited range): what
/// `FrameGrabber` returns when asked for planes, for readers that hand pictures out as luma and chroma.
public struct YUVPicture: Sendable, Hashable {
    /// Width in pixels (even).
    public let width: Int
    /// Height in pixels (even).
    public let height: Int
    /// `width * height` luma samples, rows top to bottom.
    public let luma: [UInt8]
    /// `width/2 * height/2` blue-difference samples, one per 2x2 block.
    public let blue: [UInt8]
    /// `width/2 * height/2` red-difference samples, one per 2x2 block.
    public let red: [UInt8]

    /// The planes of a `yuv420p` frame, without their row padding.
    init(frame: Frame) {
        width = frame.width
        height = frame.height
        var planes: [[UInt8]] = [[], [], []]
        frame.withPlanes { lent in
            for (index, plane) in lent.prefix(3).enumerated() {
                let columns = index == 0 ? frame.width : frame.width / 2
                planes[index].reserveCapacity(columns * plane.rows)
                for row in 0..<plane.rows {
                    let start = plane.base.advanced(by: row * plane.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    planes[index].append(contentsOf: UnsafeBufferPointer(start: start, count: columns))
                }
            }
        }
        (luma, blue, red) = (planes[0], planes[1], planes[2])
    }
}
