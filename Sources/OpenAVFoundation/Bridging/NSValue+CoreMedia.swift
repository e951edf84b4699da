import Foundation

/// Times, ranges and mappings boxed in `NSValue`s, as AVFoundation's `NSValue(time:)` family does (for
/// `generateCGImagesAsynchronously(forTimes:)` and instruction bookkeeping). swift-corelibs-foundation cannot box
/// structs by their Objective-C type, so each is stored as its bytes under a type code of its own; reading a value as
/// another kind gives the invalid time, range or mapping.
extension NSValue {
    /// The type codes: byte arrays of each struct's size.
    private static let timeType = "[\(MemoryLayout<CMTime>.size)C]"
    private static let timeRangeType = "[\(MemoryLayout<CMTimeRange>.size)C]"
    private static let timeMappingType = "[\(MemoryLayout<CMTimeMapping>.size)C]"

    /// A value holding `time`.
    public convenience init(time: CMTime) {
        var stored = time
        self.init(bytes: &stored, objCType: Self.timeType)
    }

    /// A value holding `timeRange`.
    public convenience init(timeRange: CMTimeRange) {
        var stored = timeRange
        self.init(bytes: &stored, objCType: Self.timeRangeType)
    }

    /// A value holding `timeMapping`.
    public convenience init(timeMapping: CMTimeMapping) {
        var stored = timeMapping
        self.init(bytes: &stored, objCType: Self.timeMappingType)
    }

    /// The time held; invalid if the value holds something else.
    public var timeValue: CMTime { unboxed(as: Self.timeType, or: CMTime.invalid) }

    /// The range held; invalid if the value holds something else.
    public var timeRangeValue: CMTimeRange { unboxed(as: Self.timeRangeType, or: CMTimeRange.invalid) }

    /// The mapping held; invalid if the value holds something else.
    public var timeMappingValue: CMTimeMapping { unboxed(as: Self.timeMappingType, or: CMTimeMapping.invalid) }

    /// The bytes as a `T` when the type code is `type`, else `fallback` (never reading past the stored bytes).
    private func unboxed<T>(as type: String, or fallback: T) -> T {
        guard String(cString: objCType) == type else { return fallback }
        var value = fallback
        withUnsafeMutableBytes(of: &value) { bytes in
            if let address = bytes.baseAddress { getValue(address) }
        }
        return value
    }
}
