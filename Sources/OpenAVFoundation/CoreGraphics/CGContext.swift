import Foundation
import Render

/// A bitmap context: 8-bit RGB pixels in memory (a pixel buffer's, or its own), which images are drawn into and
/// rectangles filled in, as programs fill pixel buffers for an asset writer. Coordinates are CoreGraphics': the
/// origin at the bottom left, y upwards, moved and scaled by `translateBy` and `scaleBy`.
public final class CGContext {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bits per colour component: 8.
    public let bitsPerComponent: Int
    /// The bytes from one row's start to the next's.
    public let bytesPerRow: Int
    /// The layout the context was made with.
    public let bitmapInfo: UInt32
    /// The colour space.
    public let colorSpace: CGColorSpace?
    /// The first byte of the first (top) row.
    public let data: UnsafeMutableRawPointer?
    /// Byte offsets of red, green, blue and alpha (nil for none) in a 4-byte pixel, and whether colours are
    /// premultiplied.
    private let layout: (red: Int, green: Int, blue: Int, alpha: Int?, premultiplied: Bool)
    /// The memory the context made itself, when it was given none.
    private let owned: UnsafeMutableRawPointer?
    /// The current transform from user space to the bitmap's (bottom-left origin) pixels.
    public private(set) var ctm = CGAffineTransform.identity
    /// The colour `fill(_:)` paints, components from 0 to 1.
    private var fillColor: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) = (0, 0, 0, 1)

    /// A context drawing into `data` (or memory of its own when nil): `height` rows of `bytesPerRow` bytes, 4 bytes
    /// per pixel in the order `bitmapInfo` gives. Nil for other layouts: other component sizes, no alpha or
    /// padding byte, alpha only, or rows too short.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        guard width > 0, height > 0, bitsPerComponent == 8,
              let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue),
              alpha != .none, alpha != .alphaOnly else { return nil }
        let rowBytes = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard rowBytes >= width * 4 else { return nil }
        let order = bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue
        guard order == 0 || order == CGBitmapInfo.byteOrder32Big.rawValue
                || order == CGBitmapInfo.byteOrder32Little.rawValue else { return nil }
        let first = [.premultipliedFirst, .first, .noneSkipFirst].contains(alpha)
        // In the word's order: alpha (or padding) then R, G, B, or R, G, B then alpha; little-endian words reverse it.
        var offsets = first ? (red: 1, green: 2, blue: 3, alpha: 0) : (red: 0, green: 1, blue: 2, alpha: 3)
        if order == CGBitmapInfo.byteOrder32Little.rawValue {
            offsets = (3 - offsets.red, 3 - offsets.green, 3 - offsets.blue, 3 - offsets.alpha)
        }
        let hasAlpha = alpha != .noneSkipFirst && alpha != .noneSkipLast
        layout = (offsets.red, offsets.green, offsets.blue, hasAlpha ? offsets.alpha : nil,
                  alpha == .premultipliedFirst || alpha == .premultipliedLast)
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.bytesPerRow = rowBytes
        self.bitmapInfo = bitmapInfo
        colorSpace = space
        if let data {
            self.data = data
            owned = nil
        } else {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
            self.data = memory
            owned = memory
        }
    }

    deinit {
        owned?.deallocate()
    }

    /// Moves user space by `tx`, `ty`.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        ctm = CGAffineTransform(translationX: tx, y: ty).concatenating(ctm)
    }

    /// Scales user space by `sx`, `sy` (a negative scale flips it).
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        ctm = CGAffineTransform(scaleX: sx, y: sy).concatenating(ctm)
    }

    /// Sets the colour `fill(_:)` paints.
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        fillColor = (red, green, blue, alpha)
    }

    /// Paints `rect` with the fill colour, over what is there.
    public func fill(_ rect: CGRect) {
        let (red, green, blue, alpha) = fillColor
        let a = min(max(alpha, 0), 1)
        forEachPixel(in: rect) { pixel, _, _ in
            blend(pixel, red: red, green: green, blue: blue, alpha: a)
        }
    }

    /// Makes `rect` transparent black.
    public func clear(_ rect: CGRect) {
        forEachPixel(in: rect) { pixel, _, _ in
            for byte in 0..<4 { pixel[byte] = 0 }
        }
    }

    /// Draws `image` scaled to fill `rect`, upright (flipped where the transform flips), opaque.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let target = rect.applying(ctm).standardized
        let (columns, rows) = (Int(target.width.rounded()), Int(target.height.rounded()))
        guard columns > 0, rows > 0, let picture = try? image.picture.scaled(width: columns, height: rows) else { return }
        let flipsX = ctm.a < 0, flipsY = ctm.d < 0
        forEachPixel(in: rect) { pixel, column, row in
            // `row` counts down from the rectangle's top in the bitmap; the picture's rows count down too.
            let x = flipsX ? columns - 1 - column : column, y = flipsY ? rows - 1 - row : row
            guard x >= 0, x < columns, y >= 0, y < rows else { return }
            let index = (y * columns + x) * 3
            pixel[layout.red] = picture.rgb[index]
            pixel[layout.green] = picture.rgb[index + 1]
            pixel[layout.blue] = picture.rgb[index + 2]
            if let alpha = layout.alpha { pixel[alpha] = 255 }
        }
    }

    /// The context's pixels as an image (alpha dropped; premultiplied colours as they are stored).
    public func makeImage() -> CGImage? {
        guard let data else { return nil }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = bytes + y * bytesPerRow + x * 4, index = (y * width + x) * 3
                (rgb[index], rgb[index + 1], rgb[index + 2]) = (pixel[layout.red], pixel[layout.green], pixel[layout.blue])
            }
        }
        return CGImage(Picture(width: width, height: height, rgb: rgb))
    }

    /// Calls `body` with each bitmap pixel `rect` covers (after the transform), and its column and row counted from
    /// the covered area's left and top.
    private func forEachPixel(in rect: CGRect, _ body: (UnsafeMutablePointer<UInt8>, Int, Int) -> Void) {
        guard let data else { return }
        let area = rect.applying(ctm).standardized
        let left = Int(area.minX.rounded()), right = Int(area.maxX.rounded())
        // Bitmap rows count down from the top; CoreGraphics' y counts up from the bottom.
        let top = height - Int(area.maxY.rounded()), bottom = height - Int(area.minY.rounded())
        let rows = max(0, top)..<max(max(0, top), min(height, bottom))
        let columns = max(0, left)..<max(max(0, left), min(width, right))
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        for row in rows {
            for column in columns {
                body(bytes + row * bytesPerRow + column * 4, column - left, row - top)
            }
        }
    }

    /// Paints a colour over `pixel` with source-over blending.
    private func blend(_ pixel: UnsafeMutablePointer<UInt8>, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let keep = 1 - alpha
        let destinationAlpha = layout.alpha.map { CGFloat(pixel[$0]) / 255 } ?? 1
        for (offset, value) in [(layout.red, red), (layout.green, green), (layout.blue, blue)] {
            let old = CGFloat(pixel[offset]) / 255
            // Premultiplied pixels hold colour times alpha; straight ones blend by the destination's alpha too.
            let new = layout.premultiplied || layout.alpha == nil
                ? value * alpha + old * keep
                : (value * alpha + old * destinationAlpha * keep) / max(alpha + destinationAlpha * keep, 1e-6)
            pixel[offset] = UInt8(clamping: Int((min(max(new, 0), 1) * 255).rounded()))
        }
        if let offset = layout.alpha {
            pixel[offset] = UInt8(clamping: Int(((alpha + destinationAlpha * keep) * 255).rounded()))
        }
    }
}
