import Foundation

/// An audio format's four-character code (`kAudioFormatLinearPCM`).
public typealias AudioFormatID = FourCharCode
/// The flags of an `AudioStreamBasicDescription`.
public typealias AudioFormatFlags = UInt32

/// Uncompressed sound: `'lpcm'`.
public let kAudioFormatLinearPCM: AudioFormatID = 0x6C70_636D
/// Samples are floating point.
public let kAudioFormatFlagIsFloat: AudioFormatFlags = 1 << 0
/// Samples are big-endian.
public let kAudioFormatFlagIsBigEndian: AudioFormatFlags = 1 << 1
/// Integer samples are signed.
public let kAudioFormatFlagIsSignedInteger: AudioFormatFlags = 1 << 2
/// Samples fill their bytes with no padding.
public let kAudioFormatFlagIsPacked: AudioFormatFlags = 1 << 3
/// Each channel's samples are a block of their own, one after another.
public let kAudioFormatFlagIsNonInterleaved: AudioFormatFlags = 1 << 5

/// The settings key of the audio format, an `AudioFormatID`; only `kAudioFormatLinearPCM` is read here.
public let AVFormatIDKey = "AVFormatIDKey"
/// The settings key of the sample rate in hertz.
public let AVSampleRateKey = "AVSampleRateKey"
/// The settings key of the channel count.
public let AVNumberOfChannelsKey = "AVNumberOfChannelsKey"
/// The settings key of the bits per sample: 8, 16, 24 or 32 (32 or 64 for floats).
public let AVLinearPCMBitDepthKey = "AVLinearPCMBitDepthKey"
/// The settings key saying whether samples are floating point.
public let AVLinearPCMIsFloatKey = "AVLinearPCMIsFloatKey"
/// The settings key saying whether samples are big-endian.
public let AVLinearPCMIsBigEndianKey = "AVLinearPCMIsBigEndianKey"
/// The settings key saying whether each channel's samples are a block of their own.
public let AVLinearPCMIsNonInterleaved = "AVLinearPCMIsNonInterleaved"
/// The same setting as `AVLinearPCMIsNonInterleaved`, under its later name.
public let AVLinearPCMIsNonInterleavedKey = "AVLinearPCMIsNonInterleaved"

/// The whole number under `key` in `settings`, nil when the key is absent; throws `refuse`'s error, saying what is
/// wrong, when the value is not a whole number in `range`.
func wholeNumberSetting(_ settings: [String: Any], _ key: String, in range: ClosedRange<Int>,
                        refuse: (String) -> AVError) throws(AVError) -> Int? {
    guard let value = settings[key] else { return nil }
    guard let number = settingsNumber(value), let whole = Int(exactly: number), range.contains(whole) else {
        throw refuse("'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(value)")
    }
    return whole
}

/// Reads the number in a value given as any numeric type or `NSNumber`: a settings dictionary's value, an
/// animation's or a filter's input.
func settingsNumber(_ value: Any) -> Double? {
    switch value {
    case let number as NSNumber: number.doubleValue
    case let value as Int: Double(value)
    case let value as Int32: Double(value)
    case let value as Int64: Double(value)
    case let value as UInt32: Double(value)
    case let value as UInt64: Double(value)
    case let value as UInt: Double(value)
    case let value as Double: value
    case let value as Float: Double(value)
    case let value as CGFloat: Double(value)
    case let value as Bool: value ? 1 : 0
    default: nil
    }
}
