import Foundation

/// A metadata key space (`comn`, `mdta`).
public struct AVMetadataKeySpace: RawRepresentable, Sendable, Hashable {
    /// The key space's code.
    public let rawValue: String
    /// Creates a key space.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Keys shared by every format.
    public static let common = AVMetadataKeySpace(rawValue: "comn")
    /// QuickTime metadata (`mdta`): keys such as `com.apple.quicktime.location.ISO6709`, as phones record them.
    public static let quickTimeMetadata = AVMetadataKeySpace(rawValue: "mdta")
    /// QuickTime user data (`udta`): four-character keys such as `©nam`.
    public static let quickTimeUserData = AVMetadataKeySpace(rawValue: "udta")
    /// iTunes metadata (`itsk`), in MPEG-4 files: four-character keys such as `©nam`.
    public static let iTunes = AVMetadataKeySpace(rawValue: "itsk")
}

/// A metadata key: a common key (`title`) or a key of one key space.
public struct AVMetadataKey: RawRepresentable, Sendable, Hashable {
    /// The key.
    public let rawValue: String
    /// Creates a key.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a key.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The common key of the title.
    public static let commonKeyTitle = AVMetadataKey("title")
    /// The common key of a description.
    public static let commonKeyDescription = AVMetadataKey("description")
    /// The common key of copyright statements.
    public static let commonKeyCopyrights = AVMetadataKey("copyrights")
    /// The common key of the artist.
    public static let commonKeyArtist = AVMetadataKey("artist")
    /// The common key of the author.
    public static let commonKeyAuthor = AVMetadataKey("author")
    /// The common key of the creator.
    public static let commonKeyCreator = AVMetadataKey("creator")
    /// The common key of the album.
    public static let commonKeyAlbumName = AVMetadataKey("albumName")
    /// The common key of the creation date.
    public static let commonKeyCreationDate = AVMetadataKey("creationDate")
    /// The common key of the language.
    public static let commonKeyLanguage = AVMetadataKey("language")
    /// The common key of the publisher.
    public static let commonKeyPublisher = AVMetadataKey("publisher")
    /// The common key of where the media was recorded.
    public static let commonKeyLocation = AVMetadataKey("location")
    /// The common key of the recording device's maker.
    public static let commonKeyMake = AVMetadataKey("make")
    /// The common key of the recording device's model.
    public static let commonKeyModel = AVMetadataKey("model")
    /// The common key of the software that made the file.
    public static let commonKeySoftware = AVMetadataKey("software")
    /// The QuickTime metadata key of where the media was recorded.
    public static let quickTimeMetadataKeyLocationISO6709 = AVMetadataKey("com.apple.quicktime.location.ISO6709")
    /// The QuickTime metadata key of when the media was recorded.
    public static let quickTimeMetadataKeyCreationDate = AVMetadataKey("com.apple.quicktime.creationdate")
    /// The QuickTime metadata key of the recording device's maker.
    public static let quickTimeMetadataKeyMake = AVMetadataKey("com.apple.quicktime.make")
    /// The QuickTime metadata key of the recording device's model.
    public static let quickTimeMetadataKeyModel = AVMetadataKey("com.apple.quicktime.model")
}
