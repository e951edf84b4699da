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

/// One picture of packed 8-bit pixels in memory that the buffer owns: `height` rows of `bytesPerRow` bytes, in
/// the layout its `pixelFormatType` names. Lock the base address around reading it, as on Apple's platforms.
public final class CVPixelBuffer: @unchecked Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// The bytes from one row's start to the next's.
    public let bytesPerRow: Int
    /// The layout of a pixel's bytes.
    public let pixelFormatType: OSType
    /// The pixels; freed with the buffer.
    private let storage: UnsafeMutableRawBufferPointer
    /// How many locks are held.
    private let locks = Mutex(0)

    /// A buffer holding `bytes`, `height` rows of `bytesPerRow`.
    init(width: Int, height: Int, bytesPerRow: Int, pixelFormatType: OSType, bytes: [UInt8]) {
        precondition(bytes.count == height * bytesPerRow, "pixel bytes do not fill \(height) rows of \(bytesPerRow)")
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.pixelFormatType = pixelFormatType
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 64)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
    }

    deinit {
        storage.deallocate()
    }

    /// The first byte of the first row.
    var baseAddress: UnsafeMutableRawPointer? { storage.baseAddress }
    /// The bytes of all rows.
    var dataSize: Int { height * bytesPerRow }

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

/// False: every format here is packed in one plane.
public func CVPixelBufferIsPlanar(_ pixelBuffer: CVPixelBuffer) -> Bool { false }

/// 0: a packed buffer has no planes.
public func CVPixelBufferGetPlaneCount(_ pixelBuffer: CVPixelBuffer) -> Int { 0 }
