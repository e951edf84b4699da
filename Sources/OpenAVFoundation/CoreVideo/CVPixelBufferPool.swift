import Foundation

/// A CoreFoundation allocator; memory here always comes from Swift's, so the only value is `kCFAllocatorDefault`.
public final class CFAllocator: Sendable {}
/// The default allocator: nil, as every allocator argument is ignored the same way.
public let kCFAllocatorDefault: CFAllocator? = nil
/// A settings dictionary passed where CoreFoundation takes one (`attributes as CFDictionary`).
public typealias CFDictionary = NSDictionary
/// Any CoreFoundation object, as a property such as `CATextLayer.font` takes it (`"Helvetica" as CFTypeRef`).
public typealias CFTypeRef = AnyObject

/// A buffer's pixels could not be made: a format or size not made here.
public let kCVReturnInvalidPixelFormat: CVReturn = -6680
/// A size of zero or past 16384 pixels, or an odd size for a 4:2:0 format.
public let kCVReturnInvalidSize: CVReturn = -6681

extension CVPixelBuffer {
    /// A zeroed buffer of `width` x `height` pixels of `format`, rows padded to a multiple of 16 bytes; a status
    /// for a format or size not made here.
    static func make(width: Int, height: Int, format: OSType) -> Result<CVPixelBuffer, CVReturnError> {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return .failure(.init(kCVReturnInvalidSize)) }
        guard let layout = PixelLayout.all[format] else { return .failure(.init(kCVReturnInvalidPixelFormat)) }
        if !layout.isPlanar {
            let row = (width * layout.size + 15) / 16 * 16
            return .success(CVPixelBuffer(width: width, height: height, bytesPerRow: row, pixelFormatType: format,
                                          bytes: [UInt8](repeating: 0, count: row * height)))
        }
        guard width.isMultiple(of: 2), height.isMultiple(of: 2) else { return .failure(.init(kCVReturnInvalidSize)) }
        let row = (width + 15) / 16 * 16
        // Black: luma at its floor, chroma at its middle.
        let black: UInt8 = layout.fullRange == true ? 0 : 16
        let bytes = [UInt8](repeating: black, count: row * height) + [UInt8](repeating: 128, count: row * height / 2)
        return .success(CVPixelBuffer(width: width, height: height, pixelFormatType: format, bytes: bytes, planes: [
            .init(offset: 0, width: width, height: height, bytesPerRow: row),
            .init(offset: row * height, width: width / 2, height: height / 2, bytesPerRow: row),
        ]))
    }
}

/// A CoreVideo status as an error.
struct CVReturnError: Error {
    /// The status.
    let status: CVReturn
    init(_ status: CVReturn) { self.status = status }
}

/// Makes pixel buffers of one size and format; an asset writer's pixel buffer adaptor offers one.
public final class CVPixelBufferPool: @unchecked Sendable {
    /// The pixel format of the buffers.
    let format: OSType
    /// Their width.
    let width: Int
    /// Their height.
    let height: Int

    /// A pool of `width` x `height` buffers of `format`.
    init(width: Int, height: Int, format: OSType) {
        self.width = width
        self.height = height
        self.format = format
    }
}

/// Makes a zeroed buffer of `width` x `height` pixels of `pixelFormatType` into `pixelBufferOut`; the attributes
/// and allocator change nothing here. Black pixels for the Y'CbCr formats.
@discardableResult
public func CVPixelBufferCreate(_ allocator: CFAllocator?, _ width: Int, _ height: Int, _ pixelFormatType: OSType,
                                _ pixelBufferAttributes: CFDictionary?,
                                _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>) -> CVReturn {
    switch CVPixelBuffer.make(width: width, height: height, format: pixelFormatType) {
    case let .success(buffer):
        pixelBufferOut.pointee = buffer
        return kCVReturnSuccess
    case let .failure(error):
        pixelBufferOut.pointee = nil
        return error.status
    }
}

/// Makes a buffer of `pixelBufferPool`'s size and format into `pixelBufferOut`.
@discardableResult
public func CVPixelBufferPoolCreatePixelBuffer(_ allocator: CFAllocator?, _ pixelBufferPool: CVPixelBufferPool,
                                               _ pixelBufferOut: UnsafeMutablePointer<CVPixelBuffer?>) -> CVReturn {
    CVPixelBufferCreate(allocator, pixelBufferPool.width, pixelBufferPool.height, pixelBufferPool.format, nil,
                        pixelBufferOut)
}
