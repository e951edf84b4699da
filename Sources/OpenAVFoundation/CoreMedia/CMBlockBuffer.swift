import Foundation

/// A status code of CoreMedia's C functions; 0 is success.
public typealias OSStatus = Int32

/// Success.
public let kCMBlockBufferNoErr: OSStatus = 0
/// An offset lies outside the buffer.
public let kCMBlockBufferBadOffsetParameterErr: OSStatus = -12703
/// A length reaches past the buffer's end.
public let kCMBlockBufferBadLengthParameterErr: OSStatus = -12704
/// A required pointer was nil.
public let kCMBlockBufferBadPointerParameterErr: OSStatus = -12705

/// Bytes of sample data in one contiguous block that the buffer owns, such as an audio sample buffer's PCM.
public final class CMBlockBuffer: @unchecked Sendable {
    /// The bytes; freed with the buffer.
    private let storage: UnsafeMutableRawBufferPointer

    /// A buffer holding a copy of `bytes`.
    init(bytes: UnsafeRawBufferPointer) {
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        storage.copyMemory(from: bytes)
        dataLength = bytes.count
    }

    deinit {
        storage.deallocate()
    }

    /// How many bytes the buffer holds.
    public let dataLength: Int

    /// Whether the bytes are one contiguous block: always here.
    public var isContiguous: Bool { true }

    /// Whether the buffer holds no bytes.
    public var isEmpty: Bool { dataLength == 0 }

    /// Lends the bytes to `body` for reading.
    func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(rebasing: storage[0..<dataLength]))
    }

    /// A copy of the bytes.
    public func dataBytes() throws -> Data { Data(bytes: storage.baseAddress!, count: dataLength) }

    /// Lends the bytes from `offset` on; valid only inside `body`.
    public func withUnsafeMutableBytes<R>(atOffset offset: Int = 0,
                                          _ body: (UnsafeMutableRawBufferPointer) throws -> R) throws -> R {
        guard offset >= 0, offset <= dataLength else { throw CMBlockBufferError(kCMBlockBufferBadOffsetParameterErr) }
        return try body(UnsafeMutableRawBufferPointer(rebasing: storage[offset..<dataLength]))
    }

    /// The status of checking `offset ..< offset + length` against the buffer.
    func check(offset: Int, length: Int) -> OSStatus {
        guard offset >= 0, offset <= dataLength else { return kCMBlockBufferBadOffsetParameterErr }
        guard length >= 0, length <= dataLength - offset else { return kCMBlockBufferBadLengthParameterErr }
        return kCMBlockBufferNoErr
    }

    /// The first byte.
    var baseAddress: UnsafeMutableRawPointer { storage.baseAddress! }
}

/// A block buffer function's failure, as its status code.
public struct CMBlockBufferError: Error, Sendable, Hashable {
    /// The status code.
    public let status: OSStatus

    init(_ status: OSStatus) { self.status = status }
}

/// How many bytes `theBuffer` holds.
public func CMBlockBufferGetDataLength(_ theBuffer: CMBlockBuffer) -> Int { theBuffer.dataLength }

/// Whether the bytes of `theBuffer` from `offset` for `length` are one contiguous block: true when they are inside.
public func CMBlockBufferIsRangeContiguous(_ theBuffer: CMBlockBuffer, atOffset offset: Int, length: Int) -> Bool {
    theBuffer.check(offset: offset, length: length) == kCMBlockBufferNoErr
}

/// Copies `dataLength` bytes from `offsetToData` into `destination`.
@discardableResult
public func CMBlockBufferCopyDataBytes(_ theSourceBuffer: CMBlockBuffer, atOffset offsetToData: Int, dataLength: Int,
                                       destination: UnsafeMutableRawPointer) -> OSStatus {
    let status = theSourceBuffer.check(offset: offsetToData, length: dataLength)
    guard status == kCMBlockBufferNoErr else { return status }
    destination.copyMemory(from: theSourceBuffer.baseAddress + offsetToData, byteCount: dataLength)
    return kCMBlockBufferNoErr
}

/// Points `dataPointerOut` at the byte at `offset`, with the bytes from there (`lengthAtOffsetOut`) and in all
/// (`totalLengthOut`).
@discardableResult
public func CMBlockBufferGetDataPointer(_ theBuffer: CMBlockBuffer, atOffset offset: Int,
                                        lengthAtOffsetOut: UnsafeMutablePointer<Int>?,
                                        totalLengthOut: UnsafeMutablePointer<Int>?,
                                        dataPointerOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> OSStatus {
    let status = theBuffer.check(offset: offset, length: 0)
    guard status == kCMBlockBufferNoErr else { return status }
    lengthAtOffsetOut?.pointee = theBuffer.dataLength - offset
    totalLengthOut?.pointee = theBuffer.dataLength
    dataPointerOut?.pointee = (theBuffer.baseAddress + offset).assumingMemoryBound(to: CChar.self)
    return kCMBlockBufferNoErr
}
