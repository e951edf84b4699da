import Composition
import LibAV

/// `ColorControls` as lookup tables for one planar Y'CbCr format: every luma code value's new value, every chroma
/// code value's, so a picture is changed sample by sample (a pure function of each sample, as the controls are).
struct ColorControlsTable {
    /// The format the tables are for.
    let format: LibAV.PixelFormat
    private let bytesPerSample: Int
    private let luma: [UInt16]
    private let chroma: [UInt16]

    /// Tables applying `controls` to `format` pictures (`fullRange` when their code values span the whole depth);
    /// nil when the format is not planar Y'CbCr.
    init?(_ controls: ColorControls, format: LibAV.PixelFormat, fullRange: Bool) {
        guard case let .planarYUV(depth, bytes, _, _, formatFullRange) = format.layout else { return nil }
        self.format = format
        bytesPerSample = bytes
        let full = fullRange || formatFullRange
        let top = Double((1 << depth) - 1), scale = Double(1 << (depth - 8))
        // Black, white and the chroma zero and reach in code values, at this depth.
        let black = full ? 0 : 16 * scale, white = full ? top : 235 * scale
        let middle = Double(1 << (depth - 1)), reach = full ? top / 2 : 112 * scale
        let chromaGain = controls.contrast * controls.saturation
        luma = (0..<(1 << depth)).map { code in
            let y = (Double(code) - black) / (white - black)
            let changed = (y - 0.5) * controls.contrast + 0.5 + controls.brightness
            return UInt16(min(white, max(black, black + changed * (white - black))).rounded())
        }
        chroma = (0..<(1 << depth)).map { code in
            let changed = (Double(code) - middle) * chromaGain
            return UInt16(min(middle + reach, max(middle - reach, middle + changed)).rounded())
        }
    }

    /// `source`'s samples through the tables into `target` (a frame of the same size and format, perhaps `source`
    /// itself); an alpha plane is copied as it is.
    func apply(_ source: Frame, into target: Frame) throws {
        // The target is made writable first: when it is the source, both then see the same (writable) buffers.
        try target.withMutablePlanes { targetPlanes in
            source.withPlanes { sourcePlanes in
                for (index, (from, to)) in zip(sourcePlanes, targetPlanes).enumerated() {
                    let table: [UInt16]? = switch index {
                    case 0: luma
                    case 1, 2: chroma
                    default: nil
                    }
                    map(from, into: to, through: table)
                }
            }
        }
    }

    /// Every row of `from` through `table` (or copied, without one) into `to`.
    private func map(_ from: Frame.Plane, into to: Frame.Plane, through table: [UInt16]?) {
        let rows = min(from.rows, to.rows), bytes = min(from.usedBytesPerRow, to.usedBytesPerRow)
        guard let table else {
            guard from.base != to.base else { return }
            for row in 0..<rows {
                (to.base + row * to.bytesPerRow).copyMemory(from: from.base + row * from.bytesPerRow, byteCount: bytes)
            }
            return
        }
        table.withUnsafeBufferPointer { values in
            let last = values.count - 1
            for row in 0..<rows {
                let input = from.base + row * from.bytesPerRow, output = to.base + row * to.bytesPerRow
                if bytesPerSample == 1 {
                    let samples = input.assumingMemoryBound(to: UInt8.self)
                    let changed = output.assumingMemoryBound(to: UInt8.self)
                    for column in 0..<bytes { changed[column] = UInt8(truncatingIfNeeded: values[Int(samples[column])]) }
                } else {
                    let samples = input.assumingMemoryBound(to: UInt16.self)
                    let changed = output.assumingMemoryBound(to: UInt16.self)
                    for column in 0..<bytes / 2 {
                        changed[column] = values[min(last, Int(UInt16(littleEndian: samples[column])))].littleEndian
                    }
                }
            }
        }
    }
}
