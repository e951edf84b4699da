import Composition

/// One of the eight axis-aligned orientations of a picture (quarter-turn rotations, optionally mirrored), as a
/// mapping from output samples back to input samples. With `swapsAxes` the output is the input transposed (an
/// output row reads an input column); `reversesX` / `reversesY` read the input's columns / rows from the far end.
struct PictureOrientation: Hashable {
    /// Output x comes from input y and output y from input x.
    var swapsAxes: Bool
    /// Input x counts from the right.
    var reversesX: Bool
    /// Input y counts from the bottom.
    var reversesY: Bool

    /// As it is.
    static let identity = PictureOrientation(swapsAxes: false, reversesX: false, reversesY: false)

    /// Whether the picture is used as it is.
    var isIdentity: Bool { self == .identity }

    /// The orientation that shows a picture turned `degrees` clockwise (0, 90, 180, 270; others give identity), as a
    /// display matrix asks.
    init(clockwise degrees: Int) {
        switch ((degrees % 360) + 360) % 360 {
        case 90: self.init(swapsAxes: true, reversesX: false, reversesY: true)
        case 180: self.init(swapsAxes: false, reversesX: true, reversesY: true)
        case 270: self.init(swapsAxes: true, reversesX: true, reversesY: false)
        default: self = .identity
        }
    }

    /// Creates an orientation from its three flags.
    init(swapsAxes: Bool, reversesX: Bool, reversesY: Bool) {
        self.swapsAxes = swapsAxes
        self.reversesX = reversesX
        self.reversesY = reversesY
    }

    /// The orientation of an axis-aligned transform (`b`, `c` zero, or `a`, `d` zero, with the signs of the others
    /// saying the direction; top-left origin, y down); nil for other transforms (arbitrary angles, shear).
    init?(_ transform: AffineTransform2D, tolerance: Double = 1e-9) {
        let zero = { (value: Double) in abs(value) < tolerance }
        let nonZero = { (value: Double) in value.isFinite && abs(value) >= tolerance }
        if zero(transform.b), zero(transform.c), nonZero(transform.a), nonZero(transform.d) {
            self.init(swapsAxes: false, reversesX: transform.a < 0, reversesY: transform.d < 0)
        } else if zero(transform.a), zero(transform.d), nonZero(transform.b), nonZero(transform.c) {
            // x' = c y + tx and y' = b x + ty: output x reads input y (reversed when c < 0), output y reads input x.
            self.init(swapsAxes: true, reversesX: transform.b < 0, reversesY: transform.c < 0)
        } else {
            return nil
        }
    }

    /// The transform taking a point of a `width` x `height` input (pixel edges, origin top-left) to where it shows
    /// in the output: the continuous form of `remap`.
    func displayTransform(width: Int, height: Int) -> AffineTransform2D {
        let (w, h) = (Double(width), Double(height))
        if !swapsAxes {
            return AffineTransform2D(a: reversesX ? -1 : 1, b: 0, c: 0, d: reversesY ? -1 : 1,
                                     tx: reversesX ? w : 0, ty: reversesY ? h : 0)
        }
        // Output x is input y (from the bottom when reversesY), output y is input x (from the right when reversesX).
        return AffineTransform2D(a: 0, b: reversesX ? -1 : 1, c: reversesY ? -1 : 1, d: 0,
                                 tx: reversesY ? h : 0, ty: reversesX ? w : 0)
    }

    /// The size of the output for an input of `width` x `height`.
    func outputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Writes the oriented `width` x `height` input plane into the output plane (of `outputSize`); strides count
    /// samples.
    func remap<Sample>(from source: UnsafePointer<Sample>, sourceStride: Int, width: Int, height: Int,
                       into target: UnsafeMutablePointer<Sample>, targetStride: Int) {
        let (outWidth, outHeight) = outputSize(width: width, height: height)
        if !swapsAxes {
            for row in 0..<outHeight {
                let sourceRow = source + (reversesY ? height - 1 - row : row) * sourceStride
                let targetRow = target + row * targetStride
                if reversesX {
                    for column in 0..<outWidth { targetRow[column] = sourceRow[width - 1 - column] }
                } else {
                    targetRow.update(from: sourceRow, count: outWidth)
                }
            }
            return
        }
        if MemoryLayout<Sample>.size == 1 {
            return remapBytesSwapped(from: UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self),
                                     sourceStride: sourceStride, width: width, height: height,
                                     into: UnsafeMutableRawPointer(target).assumingMemoryBound(to: UInt8.self),
                                     targetStride: targetStride)
        }
        remapSwapped(from: source, sourceStride: sourceStride, width: width, height: height, into: target,
                     targetStride: targetStride, rows: 0..<outHeight, columns: 0..<outWidth)
    }

    /// The axis-swapping remap of the output rectangle `rows` x `columns`, sample by sample. Output row r reads input
    /// column x = r (or width-1-r); output column k reads input row y = k (or height-1-k). Tile by tile, so the input
    /// rows a tile reads stay in the cache while its output rows take their columns (column by column over a whole
    /// 4K picture, every read missed it: 110 ms a picture).
    func remapSwapped<Sample>(from source: UnsafePointer<Sample>, sourceStride: Int, width: Int, height: Int,
                              into target: UnsafeMutablePointer<Sample>, targetStride: Int,
                              rows: Range<Int>, columns: Range<Int>) {
        let rowStep = reversesY ? -sourceStride : sourceStride
        let firstRow = reversesY ? (height - 1) * sourceStride : 0
        let tile = 64
        for tileRow in stride(from: rows.lowerBound, to: rows.upperBound, by: tile) {
            for tileColumn in stride(from: columns.lowerBound, to: columns.upperBound, by: tile) {
                let tileColumns = tileColumn..<min(tileColumn + tile, columns.upperBound)
                for row in tileRow..<min(tileRow + tile, rows.upperBound) {
                    let column = reversesX ? width - 1 - row : row
                    var sample = source + firstRow + column + tileColumn * rowStep
                    let targetRow = target + row * targetStride
                    for index in tileColumns {
                        targetRow[index] = sample.pointee
                        sample += rowStep
                    }
                }
            }
        }
    }
}
