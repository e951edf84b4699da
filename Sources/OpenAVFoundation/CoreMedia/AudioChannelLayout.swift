import Foundation

/// Which channels a layout has and in what order: a code whose low 16 bits are the channel count.
public typealias AudioChannelLayoutTag = UInt32
/// What one channel carries (left, right, centre, ...).
public typealias AudioChannelLabel = UInt32

/// The layout is given by its channel descriptions.
public let kAudioChannelLayoutTag_UseChannelDescriptions: AudioChannelLayoutTag = 0
/// The layout is given by its channel bitmap.
public let kAudioChannelLayoutTag_UseChannelBitmap: AudioChannelLayoutTag = 1 << 16
/// One channel.
public let kAudioChannelLayoutTag_Mono: AudioChannelLayoutTag = 100 << 16 | 1
/// Left and right.
public let kAudioChannelLayoutTag_Stereo: AudioChannelLayoutTag = 101 << 16 | 2

/// The channels of a layout given by bitmap, one bit per speaker position.
public struct AudioChannelBitmap: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt32
    /// A bitmap of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The front left speaker.
    public static let bit_Left = AudioChannelBitmap(rawValue: 1 << 0)
    /// The front right speaker.
    public static let bit_Right = AudioChannelBitmap(rawValue: 1 << 1)
    /// The front centre speaker.
    public static let bit_Center = AudioChannelBitmap(rawValue: 1 << 2)
}

/// How a channel's coordinates are given.
public struct AudioChannelFlags: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt32
    /// Flags of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// One channel of a layout given by descriptions.
public struct AudioChannelDescription: Sendable {
    /// What the channel carries.
    public var mChannelLabel: AudioChannelLabel
    /// How `mCoordinates` are given.
    public var mChannelFlags: AudioChannelFlags
    /// The speaker's position.
    public var mCoordinates: (Float32, Float32, Float32)

    /// A description with every field zero.
    public init() { self.init(mChannelLabel: 0, mChannelFlags: [], mCoordinates: (0, 0, 0)) }

    /// A description of its fields.
    public init(mChannelLabel: AudioChannelLabel, mChannelFlags: AudioChannelFlags,
                mCoordinates: (Float32, Float32, Float32)) {
        self.mChannelLabel = mChannelLabel
        self.mChannelFlags = mChannelFlags
        self.mCoordinates = mCoordinates
    }
}

/// A channel layout as Core Audio lays it out in memory, which programs pass as the bytes of `AVChannelLayoutKey`.
public struct AudioChannelLayout: Sendable {
    /// The layout's tag.
    public var mChannelLayoutTag: AudioChannelLayoutTag
    /// The channels, when the tag is `kAudioChannelLayoutTag_UseChannelBitmap`.
    public var mChannelBitmap: AudioChannelBitmap
    /// How many descriptions follow, when the tag is `kAudioChannelLayoutTag_UseChannelDescriptions`.
    public var mNumberChannelDescriptions: UInt32
    /// The first description.
    public var mChannelDescriptions: AudioChannelDescription

    /// A layout with every field zero.
    public init() {
        self.init(mChannelLayoutTag: 0, mChannelBitmap: [], mNumberChannelDescriptions: 0,
                  mChannelDescriptions: AudioChannelDescription())
    }

    /// A layout of its fields.
    public init(mChannelLayoutTag: AudioChannelLayoutTag, mChannelBitmap: AudioChannelBitmap,
                mNumberChannelDescriptions: UInt32, mChannelDescriptions: AudioChannelDescription) {
        self.mChannelLayoutTag = mChannelLayoutTag
        self.mChannelBitmap = mChannelBitmap
        self.mNumberChannelDescriptions = mNumberChannelDescriptions
        self.mChannelDescriptions = mChannelDescriptions
    }
}

/// The settings key of the channel layout: the bytes of an `AudioChannelLayout`. Written files have the default
/// layout of their channel count, so the mono and stereo tags are read here.
public let AVChannelLayoutKey = "AVChannelLayoutKey"

/// Why the channel layout `value` (the bytes of an `AudioChannelLayout`) does not describe `channels` channels as they
/// are written; nil when it does.
func channelLayoutProblem(_ value: Any, channels: Int) -> String? {
    guard let bytes = value as? Data, bytes.count >= 12 else {
        return "AVChannelLayoutKey must hold the bytes of an AudioChannelLayout, not \(value)"
    }
    let tag = bytes.withUnsafeBytes { $0.loadUnaligned(as: AudioChannelLayoutTag.self) }
    let expected = channels == 1 ? kAudioChannelLayoutTag_Mono : kAudioChannelLayoutTag_Stereo
    guard channels <= 2, tag == expected else {
        return String(format: "AVChannelLayoutKey's tag 0x%08X is not written here for %d channel%@; the layouts read are "
                      + "kAudioChannelLayoutTag_Mono for one channel and kAudioChannelLayoutTag_Stereo for two",
                      tag, channels, channels == 1 ? "" : "s")
    }
    return nil
}
