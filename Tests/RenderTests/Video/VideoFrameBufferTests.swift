import Testing
import Render

struct VideoFrameBufferTests {
    @Test(arguments: [VideoFrameBuffer.PixelFormat.yuv420p, .yuva420p])
    func layout(_ format: VideoFrameBuffer.PixelFormat) throws {
        let buffer = try VideoFrameBuffer(width: 100, height: 6, format: format)
        #expect(buffer.planeCount == (format == .yuv420p ? 3 : 4))
        #expect(buffer.hasAlpha == (format == .yuva420p))
        for plane in 0..<buffer.planeCount {
            buffer.withPlane(plane) { pointer, stride, width, height in
                #expect(stride % 64 == 0)
                #expect(stride >= width)
                #expect(UInt(bitPattern: pointer) % 64 == 0)
                let chroma = plane == 1 || plane == 2
                #expect(width == (chroma ? 50 : 100))
                #expect(height == (chroma ? 3 : 6))
            }
        }
        #expect(buffer.stride(ofPlane: 0) == 128)
        #expect(buffer.stride(ofPlane: 1) == 64)
    }

    @Test(arguments: [(0, 2), (2, 0), (3, 2), (2, 5), (-2, 2), (16386, 2)])
    func invalidSizes(_ width: Int, _ height: Int) {
        #expect(throws: RenderError.invalidFrameSize(width: width, height: height)) {
            _ = try VideoFrameBuffer(width: width, height: height)
        }
    }

    @Test(arguments: [VideoFrameBuffer.PixelFormat.yuv420p, .yuva420p])
    func fillSetsEverySample(_ format: VideoFrameBuffer.PixelFormat) throws {
        let buffer = try VideoFrameBuffer(width: 6, height: 4, format: format)
        let color = YUVColor(y: 81, cb: 90, cr: 240, a: 77)
        buffer.fill(color)
        let expected = [81, 90, 240, 77].map(UInt8.init)
        for plane in 0..<buffer.planeCount {
            buffer.withPlane(plane) { pointer, stride, width, height in
                for y in 0..<height {
                    for x in 0..<width { #expect(pointer[y * stride + x] == expected[plane]) }
                }
            }
        }
        #expect(buffer.pixel(x: 5, y: 3) == (format == .yuva420p ? color : YUVColor(y: 81, cb: 90, cr: 240)))
    }

    @Test func copyBetweenFormats() throws {
        let source = try gradientBuffer(width: 8, height: 4)
        let withAlpha = try VideoFrameBuffer(width: 8, height: 4, format: .yuva420p)
        try withAlpha.copy(from: source)
        #expect(withAlpha.pixel(x: 3, y: 2) == YUVColor(y: source.pixel(x: 3, y: 2).y, cb: source.pixel(x: 3, y: 2).cb,
                                                          cr: source.pixel(x: 3, y: 2).cr, a: 255))
        let plain = try VideoFrameBuffer(width: 8, height: 4)
        try plain.copy(from: withAlpha)
        #expect(plain.packedBytes() == source.packedBytes())
    }

    @Test func copyRejectsOtherSizes() throws {
        let source = try VideoFrameBuffer(width: 8, height: 4, format: .yuva420p)
        let target = try VideoFrameBuffer(width: 4, height: 4)
        #expect(throws: RenderError.frameMismatch(operation: "copy", source: "8x4 yuva420p", destination: "4x4 yuv420p")) {
            try target.copy(from: source)
        }
    }

    @Test func packedBytesSkipsPadding() throws {
        let buffer = try gradientBuffer(width: 4, height: 2)
        #expect(buffer.packedBytes().count == 4 * 2 + 2 * 2 * 1)
    }
}
