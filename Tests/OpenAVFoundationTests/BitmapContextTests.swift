import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `CGImageSource` and `CGContext` as slideshow programs use them: images loaded from files ffmpeg made, drawn and
/// filled into pixel memory in each byte order, read back byte by byte.
@Suite struct BitmapContextTests {
    /// A 200x100 PNG, its left half red and its right half blue, made once.
    static let halves = Result { () throws -> URL in
        let directory = try MediaTool.freshDirectory(prefix: "bitmap-context")
        let url = URL(fileURLWithPath: directory).appendingPathComponent("halves.png")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF0000:size=200x100,drawbox=x=100:y=0:w=100:h=100:color=0x0000FF:t=fill",
                              "-frames:v", "1", url.path])
        return url
    }

    private func image() throws -> CGImage {
        let source = try #require(CGImageSourceCreateWithURL(try Self.halves.get() as CFURL, nil))
        #expect(CGImageSourceGetCount(source) == 1)
        return try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }

    @Test func anImageSourceDecodesThePicture() throws {
        let picture = try image()
        #expect(picture.width == 200 && picture.height == 100)
        let (left, right) = (picture.pixel(x: 50, y: 50), picture.pixel(x: 150, y: 50))
        #expect(left.red > 240 && left.blue < 15 && right.blue > 240 && right.red < 15, "\(left) \(right)")
        #expect(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/no/such.png") as CFURL, nil) == nil)
    }

    @Test(arguments: [
        // Bitmap info, then the byte offsets of red, green, blue and alpha (nil for a padding byte).
        ("premultipliedFirst, little", CGBitmapInfo.byteOrder32Little.rawValue | CGImageAlphaInfo.premultipliedFirst.rawValue, [2, 1, 0, 3]),
        ("noneSkipFirst", CGImageAlphaInfo.noneSkipFirst.rawValue, [1, 2, 3, -1]),
        ("premultipliedLast", CGImageAlphaInfo.premultipliedLast.rawValue, [0, 1, 2, 3]),
        ("noneSkipLast, big", CGBitmapInfo.byteOrder32Big.rawValue | CGImageAlphaInfo.noneSkipLast.rawValue, [0, 1, 2, -1]),
    ])
    func drawingFillsEachLayoutsBytes(name: String, info: UInt32, offsets: [Int]) throws {
        let picture = try image()
        let (width, height, row) = (80, 40, 352)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: row * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 7, count: row * height)
        let context = try #require(CGContext(data: memory, width: width, height: height, bitsPerComponent: 8,
                                             bytesPerRow: row, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        // The image in the top half (CoreGraphics' y counts up): red on the left, blue on the right.
        context.draw(picture, in: CGRect(x: 0, y: 20, width: 80, height: 20))
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let base = bytes + y * row + x * 4
            return offsets.prefix(3).map { base[$0] } + (offsets[3] >= 0 ? [base[offsets[3]]] : [])
        }
        // The PNG's red and blue are 253-254 (ffmpeg's colour source is Y'CbCr); the fill is exact.
        func near(_ actual: [UInt8], _ expected: [UInt8]) -> Bool {
            actual.count == expected.count && zip(actual, expected).allSatisfy { abs(Int($0) - Int($1)) <= 3 }
        }
        let opaque: [UInt8] = offsets[3] >= 0 ? [255] : []
        #expect(near(pixel(10, 10), [255, 0, 0] + opaque), "\(name): top left \(pixel(10, 10))")
        #expect(near(pixel(70, 10), [0, 0, 255] + opaque), "\(name): top right \(pixel(70, 10))")
        #expect(pixel(40, 30) == [0, 255, 0] + opaque, "\(name): the fill below")
        // Bytes past the row's pixels are left alone.
        #expect(bytes[row - 1] == 7)
    }

    @Test func halfTransparentFillsBlendAndFlippedDrawingTurnsThePicture() throws {
        let context = try #require(CGContext(data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        context.fill(CGRect(x: 20, y: 0, width: 20, height: 20))
        // Outside the bitmap, nothing is painted.
        context.fill(CGRect(x: 100, y: -50, width: 10, height: 10))
        context.draw(try image(), in: CGRect(x: -300, y: 0, width: 100, height: 20))
        let blended = try #require(context.makeImage())
        #expect(blended.pixel(x: 5, y: 5) == (255, 0, 0))
        let mixed = blended.pixel(x: 30, y: 5)
        #expect(abs(Int(mixed.red) - 128) <= 1 && mixed.green == 0 && abs(Int(mixed.blue) - 128) <= 1, "\(mixed)")
        // Flipped upside down and left to right, the blue half lands on the left.
        context.translateBy(x: 40, y: 20)
        context.scaleBy(x: -1, y: -1)
        context.draw(try image(), in: CGRect(x: 0, y: 0, width: 40, height: 20))
        let flipped = try #require(context.makeImage())
        #expect(flipped.pixel(x: 5, y: 5).blue > 240 && flipped.pixel(x: 35, y: 5).red > 240)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.none.rawValue) == nil)
    }
}
