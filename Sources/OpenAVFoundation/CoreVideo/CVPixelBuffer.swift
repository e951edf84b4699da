import Foundation
import Synchronization

/// A CoreVideo status code; `kCVReturnSuccess` is 0.
public typealias CVReturn = Int32
/// CoreVideo's option bits.
public typealias CVOptionFlags = UInt64
/// A pixel format's four-character code (`kCVPixelFormatType_32BGRA`).
public typealias OSType = FourCharCode
/// A picture in memory; all of them are pixel buffers here.
public typealias CVImageBuffer = CVPixelBuffer
/// A buffer of CoreVideo; all of them are pixel buffers here.
public typealias CVBuffer = CVPixelBuffer

/// Success.
public let kCVReturnSuccess: CVReturn = 0
/// A failure without a more precise code, such as unlocking a buffer that is not locked.
public let kCVReturnError: CVReturn = -6660
/// An argument was out of range, such as a plane index.
public let kCVReturnInvalidArgument: CVReturn = -6661

/// Blue, green, red, alpha: 8 bits each, in that byte order.
public let kCVPixelFormatType_32BGRA: OSType = 0x4247_5241
/// Alpha, red, green, blue: 8 bits each, in that byte order.
public let kCVPixelFormatType_32ARGB: OSType = 0x0000_0020
/// Red, green, blue, alpha: 8 bits each, in that byte order.
public let kCVPixelFormatType_32RGBA: OSType = 0x5247_4241
/// Red, green, blue: 8 bits each, in that byte order.
public let kCVPixelFormatType_24RGB: OSType = 0x0000_0018
/// Blue, green, red: 8 bits each, in that byte order.
public let kCVPixelFormatType_24BGR: OSType = 0x3234_4247
/// Y'CbCr 4:2:0 in two planes (luma; Cb and Cr interleaved), limited range: `'420v'`.
public let kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: OSType = 0x3432_3076
/// Y'CbCr 4:2:0 in two planes (luma; Cb and Cr interleaved), full range: `'420f'`.
public let kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: OSType = 0x3432_3066

/// The settings key of the pixel format, an `OSType`.
public let kCVPixelBufferPixelFormatTypeKey = "PixelFormatType"
/// The settings key of the width in pixels.
public let kCVPixelBufferWidthKey = "Width"
/// The settings key of the height in pixels.
public let kCVPixelBufferHeightKey = "Height"
/// A settings key about Apple's shared video memory; it does not change the pixels, so it is accepted and has no
/// effect here.
public let kCVPixelBufferIOSurfacePropertiesKey = "IOSurfaceProperties"
/// A settings key about Metal textures; accepted and without effect here, like the other compatibility keys.
public let kCVPixelBufferMetalCompatibilityKey = "MetalCompatibility"
/// A settings key about OpenGL textures; accepted and without effect here.
public let kCVPixelBufferOpenGLCompatibilityKey = "OpenGLCompatibility"
/// A settings key about CGImage; accepted and without effect here.
public let kCVPixelBufferCGImageCompatibilityKey = "CGImageCompatibility"
/// A settings key about CGBitmapContext; accepted and without effect here.
public let kCVPixelBufferCGBitmapContextCompatibilityKey = "CGBitmapContextCompatibility"

/// How a pixel buffer's base address is locked.
public struct CVPixelBufferLockFlags: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: CVOptionFlags
    /// Flags from their bits.
    public init(rawValue: CVOptionFlags) { self.rawValue = rawValue }
    /// The caller only reads the pixels.
    public static let readOnly = CVPixelBufferLockFlags(rawValue: 1)
}

/// One picture of 8-bit pixels in memory that the buffer owns, in the layout its `pixelFormatType` names: packed,
/// `height` rows of `bytesPerRow` bytes, or in planes of their own sizes (`'420v'`, `'420f'`: luma, then Cb and Cr
/// interleaved at half the width and height). Lock the base address around reading it, as on Apple's platforms.
public final class CVPixelBuffer: @unchecked Sendable {
    /// Where one plane lies in the buffer.
    struct Plane: Sendable, Hashable {
        /// Its first byte's distance from the buffer's.
        var offset: Int
        /// Its width in samples (pairs of samples for interleaved chroma).
        var width: Int
        /// Its rows.
        var height: Int
        /// The bytes from one row's start to the next's.
        var bytesPerRow: Int
    }

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The bytes from one row's start to the next's (the first plane's, for a planar buffer).
    public let bytesPerRow: Int
    /// The layout of a pixel's bytes.
    public let pixelFormatType: OSType
    /// The planes of a planar buffer; empty for a packed one.
    let planes: [Plane]
    /// The pixels; freed with the buffer.
    private let storage: UnsafeMutableRawBufferPointer
    /// How many locks are held.
    private let locks = Mutex(0)

    /// A packed buffer holding `bytes`, `height` rows of `bytesPerRow`.
    convenience init(width: Int, height: Int, bytesPerRow: Int, pixelFormatType: OSType, bytes: [UInt8]) {
        precondition(bytes.count == height * bytesPerRow, "pixel bytes do not fill \(height) rows of \(bytesPerRow)")
        self.init(width: width, height: height, pixelFormatType: pixelFormatType, bytes: bytes, planes: [],
                  bytesPerRow: bytesPerRow)
    }

    /// A buffer holding `bytes`, which `planes` describe (none for a packed buffer, whose rows are `bytesPerRow`).
    init(width: Int, height: Int, pixelFormatType: OSType, bytes: [UInt8], planes: [Plane], bytesPerRow: Int? = nil) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow ?? planes.first?.bytesPerRow ?? 0
        self.pixelFormatType = pixelFormatType
        self.planes = planes
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 64)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = storage
        dataSize = bytes.count
    }

    deinit {
        storage.deallocate()
    }

    /// The first byte of the first row (of the first plane, for a planar buffer).
    var baseAddress: UnsafeMutableRawPointer? { storage.baseAddress }
    /// The bytes of all rows of all planes.
    let dataSize: Int

    /// The first byte of plane `index`; nil for a packed buffer or an index past the planes.
    func baseAddress(ofPlane index: Int) -> UnsafeMutableRawPointer? {
        guard planes.indices.contains(index) else { return nil }
        return storage.baseAddress.map { $0 + planes[index].offset }
    }

    /// Takes a lock on the base address.
    func lock() -> CVReturn {
        locks.withLock { $0 += 1 }
        return kCVReturnSuccess
    }

    /// Gives back a lock; fails when none is held.
    func unlock() -> CVReturn {
        locks.withLock { count in
            guard count > 0 else { return kCVReturnError }
            count -= 1
            return kCVReturnSuccess
        }
    }
}

/// Locks the pixels before they are read; always succeeds here.
@discardableResult
public func CVPixelBufferLockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ lockFlags: CVPixelBufferLockFlags) -> CVReturn {
    pixelBuffer.lock()
}

/// Gives back a lock taken with the same flags; fails when none is held.
@discardableResult
public func CVPixelBufferUnlockBaseAddress(_ pixelBuffer: CVPixelBuffer, _ unlockFlags: CVPixelBufferLockFlags) -> CVReturn {
    pixelBuffer.unlock()
}

/// The first byte of the first row.
public func CVPixelBufferGetBaseAddress(_ pixelBuffer: CVPixelBuffer) -> UnsafeMutableRawPointer? { pixelBuffer.baseAddress }

/// The width in pixels.
public func CVPixelBufferGetWidth(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.width }

/// The height in pixels.
public func CVPixelBufferGetHeight(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.height }

/// The bytes from one row's start to the next's.
public func CVPixelBufferGetBytesPerRow(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.bytesPerRow }

/// The layout of a pixel's bytes.
public func CVPixelBufferGetPixelFormatType(_ pixelBuffer: CVPixelBuffer) -> OSType { pixelBuffer.pixelFormatType }

/// The bytes of all rows.
public func CVPixelBufferGetDataSize(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.dataSize }

/// Whether the pixels lie in planes (`'420v'`, `'420f'`).
public func CVPixelBufferIsPlanar(_ pixelBuffer: CVPixelBuffer) -> Bool { !pixelBuffer.planes.isEmpty }

/// The planes: 2 for `'420v'` and `'420f'`, 0 for a packed buffer.
public func CVPixelBufferGetPlaneCount(_ pixelBuffer: CVPixelBuffer) -> Int { pixelBuffer.planes.count }

/// The first byte of plane `planeIndex`; nil for a packed buffer or an index past the planes.
public func CVPixelBufferGetBaseAddressOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> UnsafeMutableRawPointer? {
    pixelBuffer.baseAddress(ofPlane: planeIndex)
}

/// The bytes from one row's start to the next's in plane `planeIndex`; 0 past the planes.
public func CVPixelBufferGetBytesPerRowOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    pixelBuffer.planes.indices.contains(planeIndex) ? pixelBuffer.planes[planeIndex].bytesPerRow : 0
}

/// The width of plane `planeIndex` in samples (Cb and Cr pairs for interleaved chroma); 0 past the planes.
public func CVPixelBufferGetWidthOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    pixelBuffer.planes.indices.contains(planeIndex) ? pixelBuffer.planes[planeIndex].width : 0
}

/// The rows of plane `planeIndex`; 0 past the planes.
public func CVPixelBufferGetHeightOfPlane(_ pixelBuffer: CVPixelBuffer, _ planeIndex: Int) -> Int {
    pixelBuffer.planes.indices.contains(planeIndex) ? pixelBuffer.planes[planeIndex].height : 0
}
