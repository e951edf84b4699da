import Foundation
import LibAV

/// How a picture of another shape fills the encoded size: what part of it is scaled to what size, and where that lies.
extension WriterVideoTrack {
    /// Where a `source`-sized picture goes in a `target`-sized one: the part of it kept (nil for all), the size it is
    /// scaled to and where that lies, in even pixels.
    static func placement(of source: (width: Int, height: Int), in target: (width: Int, height: Int),
                          scaling: WriterScaling) -> (crop: Scaler.Rect?, width: Int, height: Int, x: Int, y: Int) {
        let sourceWide = source.width * target.height, targetWide = target.width * source.height
        switch scaling {
        case .stretch:
            return (nil, target.width, target.height, 0, 0)
        case .fill where sourceWide == targetWide, .fit where sourceWide == targetWide:
            return (nil, target.width, target.height, 0, 0)
        case .fill:
            // Keep the middle of the source in the target's shape.
            let width = sourceWide > targetWide ? targetWide / target.height : source.width
            let height = sourceWide > targetWide ? source.height : source.width * target.height / target.width
            return (Scaler.Rect(x: (source.width - width) / 2, y: (source.height - height) / 2, width: width,
                                height: height), target.width, target.height, 0, 0)
        case .fit:
            let width = sourceWide > targetWide ? target.width : max(2, sourceWide / source.height / 2 * 2)
            let height = sourceWide > targetWide ? max(2, targetWide / source.width / 2 * 2) : target.height
            return (nil, width, height, (target.width - width) / 4 * 2, (target.height - height) / 4 * 2)
        }
    }

    /// `picture` placed at `x`, `y` in a black `width` x `height` yuv420p frame (`x` and `y` even).
    static func letterbox(_ picture: Frame, x: Int, y: Int, width: Int, height: Int) throws(LibAVError) -> Frame {
        let frame = try Frame(width: width, height: height, pixelFormat: .yuv420p)
        do {
            try picture.withPlanes { sources throws in
                try frame.withMutablePlanes { targets in
                    for (index, (source, target)) in zip(sources, targets).enumerated() {
                        let shift = index == 0 ? 0 : 1
                        let black: UInt8 = index == 0 ? 16 : 128
                        for row in 0..<target.rows { target.row(row).initializeMemory(as: UInt8.self, repeating: black) }
                        for row in 0..<source.rows {
                            let into = target.row(row + y >> shift)
                            let from = source.row(row)
                            UnsafeMutableRawBufferPointer(rebasing: into[(x >> shift)..<((x >> shift) + from.count)])
                                .copyMemory(from: UnsafeRawBufferPointer(from))
                        }
                    }
                }
            }
        } catch let error as LibAVError {
            throw error
        } catch {
            throw LibAVError.invalidArgument("\(error)")
        }
        return frame
    }
}
