import LibAV

/// Converts 8-bit 4:2:0 Y'CbCr code values from one matrix and range to BT.709 limited range, the compositor's
/// working space, in 16.16 fixed point.
///
/// The conversion is linear in (Y', Pb, Pr): through R'G'B' with the source's luma coefficients and back with
/// BT.709's. Output chroma depends only on input chroma; output luma is the input luma plus a term from the chroma
/// of its 2x2 block (the block's one Cb/Cr pair serves its four luma samples).
struct ColorMatrixConverter: Hashable {
    /// The source's description.
    let source: ColorDescription
    private let lumaGain: Int
    private let lumaOffset: Int
    private let cbToLuma: Int
    private let crToLuma: Int
    private let cbToCb: Int
    private let crToCb: Int
    private let cbToCr: Int
    private let crToCr: Int

    private static let one = 65_536.0

    /// A converter from `source` to BT.709 limited range.
    init(from source: ColorDescription) {
        self.source = source
        let target = ColorDescription.bt709Limited
        // (y, pb, pr) of the source -> (y, pb, pr) of BT.709, evaluated on the unit vectors.
        func convert(_ y: Double, _ pb: Double, _ pr: Double) -> (Double, Double, Double) {
            let kr = source.matrix.kr, kb = source.matrix.kb
            let r = y + 2 * (1 - kr) * pr, b = y + 2 * (1 - kb) * pb
            let g = (y - kr * r - kb * b) / (1 - kr - kb)
            let tkr = target.matrix.kr, tkb = target.matrix.kb
            let ty = tkr * r + (1 - tkr - tkb) * g + tkb * b
            return (ty, (b - ty) / (2 * (1 - tkb)), (r - ty) / (2 * (1 - tkr)))
        }
        let fromY = convert(1, 0, 0), fromPb = convert(0, 1, 0), fromPr = convert(0, 0, 1)
        // Code value scales: full range Y' = Y/255, P = (C-128)/255; limited Y' = (Y-16)/219, P = (C-128)/224.
        let lumaScale = source.isFullRange ? 1.0 / 255 : 1.0 / 219
        let chromaScale = source.isFullRange ? 1.0 / 255 : 1.0 / 224
        let lumaBase = source.isFullRange ? 0.0 : 16.0
        let one = Self.one
        lumaGain = Int((219 * fromY.0 * lumaScale * one).rounded())
        lumaOffset = Int(((16 - 219 * fromY.0 * lumaScale * lumaBase) * one).rounded()) + 32_768
        cbToLuma = Int((219 * fromPb.0 * chromaScale * one).rounded())
        crToLuma = Int((219 * fromPr.0 * chromaScale * one).rounded())
        cbToCb = Int((224 * fromPb.1 * chromaScale * one).rounded())
        crToCb = Int((224 * fromPr.1 * chromaScale * one).rounded())
        cbToCr = Int((224 * fromPb.2 * chromaScale * one).rounded())
        crToCr = Int((224 * fromPr.2 * chromaScale * one).rounded())
    }

    /// Whether `source` needs converting at all (transfer and primaries are not this converter's business).
    static func isNeeded(for source: ColorDescription) -> Bool { source.matrix != .bt709 || source.isFullRange }

    /// Converts the planes of `input` (a `yuv420p`-layout frame: Y, Cb, Cr, optional alpha, copied as it is) into
    /// `output`, which has the same size and plane layout. Row by row, chroma pairs first; the arithmetic (and so
    /// every byte) is that of `convertPerPixel`.
    func convert(_ input: Frame, into output: Frame) throws {
        try input.withPlanes { (source: [Frame.Plane]) throws in
            try output.withMutablePlanes { target in
                guard source.count >= 3, target.count >= 3 else { return }
                let width = input.width, height = input.height, chromaWidth = (width + 1) / 2
                // Per luma column, the luma offset its chroma pair adds (16.16, rounding included).
                var offsets = [Int32](repeating: 0, count: 2 * chromaWidth + 16)
                for chromaRow in 0..<((height + 1) / 2) {
                    let cbRow = (source[1].base + chromaRow * source[1].bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let crRow = (source[2].base + chromaRow * source[2].bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let cbOut = (target[1].base + chromaRow * target[1].bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    let crOut = (target[2].base + chromaRow * target[2].bytesPerRow).assumingMemoryBound(to: UInt8.self)
                    offsets.withUnsafeMutableBufferPointer { offsets in
                        convertChroma(cbRow, crRow, into: cbOut, crOut, count: chromaWidth, offsets: offsets.baseAddress!)
                        for row in (2 * chromaRow)..<min(2 * chromaRow + 2, height) {
                            convertLuma((source[0].base + row * source[0].bytesPerRow).assumingMemoryBound(to: UInt8.self),
                                        into: (target[0].base + row * target[0].bytesPerRow).assumingMemoryBound(to: UInt8.self),
                                        count: width, offsets: offsets.baseAddress!)
                        }
                    }
                }
                if source.count >= 4, target.count >= 4 {
                    for row in 0..<min(source[3].rows, target[3].rows) {
                        target[3].row(row).copyMemory(from: UnsafeRawBufferPointer(source[3].row(row)))
                    }
                }
            }
        }
    }

    /// One row of chroma pairs converted, and each pair's luma offset written for both of its luma columns.
    private func convertChroma(_ cbRow: UnsafePointer<UInt8>, _ crRow: UnsafePointer<UInt8>,
                               into cbOut: UnsafeMutablePointer<UInt8>, _ crOut: UnsafeMutablePointer<UInt8>, count: Int,
                               offsets: UnsafeMutablePointer<Int32>) {
        for column in 0..<count {
            let cb = Int(cbRow[column]) - 128, cr = Int(crRow[column]) - 128
            cbOut[column] = Self.clamp(128 + ((cbToCb * cb + crToCb * cr + 32_768) >> 16))
            crOut[column] = Self.clamp(128 + ((cbToCr * cb + crToCr * cr + 32_768) >> 16))
            let offset = Int32(truncatingIfNeeded: lumaOffset + cbToLuma * cb + crToLuma * cr)
            offsets[2 * column] = offset
            offsets[2 * column + 1] = offset
        }
    }

    /// One luma row: `(gain * y + offset) >> 16`, clamped (Int32 cannot overflow: the gain is under 2^18 and the
    /// offsets under 2^26). A plain loop over pointers: the optimiser vectorises it (faster than hand-written
    /// `SIMD16` code here), and unoptimised builds, which run SIMD's generic code element by element, stay usable.
    private func convertLuma(_ row: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int,
                             offsets: UnsafePointer<Int32>) {
        let gain = Int32(lumaGain)
        var column = 0
        while column < count {
            out[column] = UInt8(clamping: (gain &* Int32(row[column]) &+ offsets[column]) &>> 16)
            column += 1
        }
    }

    /// The plain per-pixel conversion `convert` must match byte for byte (kept as the tests' reference).
    func convertPerPixel(_ input: Frame, into output: Frame) throws {
        try input.withPlanes { (source: [Frame.Plane]) throws in
            try output.withMutablePlanes { target in
                guard source.count >= 3, target.count >= 3 else { return }
                let width = input.width, height = input.height
                let ySource = source[0].base.assumingMemoryBound(to: UInt8.self)
                let cbSource = source[1].base.assumingMemoryBound(to: UInt8.self)
                let crSource = source[2].base.assumingMemoryBound(to: UInt8.self)
                let yTarget = target[0].base.assumingMemoryBound(to: UInt8.self)
                let cbTarget = target[1].base.assumingMemoryBound(to: UInt8.self)
                let crTarget = target[2].base.assumingMemoryBound(to: UInt8.self)
                let ys = source[0].bytesPerRow, cs = source[1].bytesPerRow
                let yt = target[0].bytesPerRow, ct = target[1].bytesPerRow
                for chromaRow in 0..<((height + 1) / 2) {
                    for chromaColumn in 0..<((width + 1) / 2) {
                        let cb = Int(cbSource[chromaRow * cs + chromaColumn]) - 128
                        let cr = Int(crSource[chromaRow * cs + chromaColumn]) - 128
                        cbTarget[chromaRow * ct + chromaColumn] = Self.clamp(128 + ((cbToCb * cb + crToCb * cr + 32_768) >> 16))
                        crTarget[chromaRow * ct + chromaColumn] = Self.clamp(128 + ((cbToCr * cb + crToCr * cr + 32_768) >> 16))
                        let offset = lumaOffset + cbToLuma * cb + crToLuma * cr
                        for row in (2 * chromaRow)..<min(2 * chromaRow + 2, height) {
                            for column in (2 * chromaColumn)..<min(2 * chromaColumn + 2, width) {
                                let luma = Int(ySource[row * ys + column])
                                yTarget[row * yt + column] = Self.clamp((lumaGain * luma + offset) >> 16)
                            }
                        }
                    }
                }
            }
        }
    }

    private static func clamp(_ value: Int) -> UInt8 {
        UInt8(min(max(value, 0), 255))
    }
}
