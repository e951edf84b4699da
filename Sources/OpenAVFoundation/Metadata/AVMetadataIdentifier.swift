import Foundation

/// A metadata identifier: key space and key (`common/title`, `mdta/com.apple.quicktime.make`, `udta/%A9nam`).
public struct AVMetadataIdentifier: RawRepresentable, Sendable, Hashable {
    /// `keySpace/key`, the key's bytes outside printable ASCII percent-encoded as Apple encodes them (`%A9` for `©`).
    public let rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The identifier of `key` in `keySpace` (`common` for the common key space, whose code is `comn`).
    init(keySpace: AVMetadataKeySpace, key: String) {
        let space = keySpace == .common ? "common" : keySpace.rawValue
        self.init(space + "/" + key.replacingOccurrences(of: "©", with: "%A9"))
    }

    /// The title (container tag `title`).
    public static let commonIdentifierTitle = AVMetadataIdentifier("common/title")
    /// A description (tag `description`).
    public static let commonIdentifierDescription = AVMetadataIdentifier("common/description")
    /// Copyright statements (tag `copyright`).
    public static let commonIdentifierCopyrights = AVMetadataIdentifier("common/copyrights")
    /// The artist (tag `artist`).
    public static let commonIdentifierArtist = AVMetadataIdentifier("common/artist")
    /// The author (tag `author`).
    public static let commonIdentifierAuthor = AVMetadataIdentifier("common/author")
    /// The creator (tag `artist`).
    public static let commonIdentifierCreator = AVMetadataIdentifier("common/creator")
    /// The album (tag `album`).
    public static let commonIdentifierAlbumName = AVMetadataIdentifier("common/albumName")
    /// The creation date (tag `date`).
    public static let commonIdentifierCreationDate = AVMetadataIdentifier("common/creationDate")
    /// The language (tag `language`).
    public static let commonIdentifierLanguage = AVMetadataIdentifier("common/language")
    /// The publisher (tag `publisher`).
    public static let commonIdentifierPublisher = AVMetadataIdentifier("common/publisher")
    /// Where the media was recorded, as ISO 6709 text (tag `location`).
    public static let commonIdentifierLocation = AVMetadataIdentifier("common/location")
    /// The recording device's maker (tag `make`).
    public static let commonIdentifierMake = AVMetadataIdentifier("common/make")
    /// The recording device's model (tag `model`).
    public static let commonIdentifierModel = AVMetadataIdentifier("common/model")
    /// The software that made the file (tag `encoder`).
    public static let commonIdentifierSoftware = AVMetadataIdentifier("common/software")
    /// QuickTime metadata: where the media was recorded, as ISO 6709 text.
    public static let quickTimeMetadataLocationISO6709
        = AVMetadataIdentifier("mdta/com.apple.quicktime.location.ISO6709")
    /// QuickTime metadata: when the media was recorded, as ISO 8601 text.
    public static let quickTimeMetadataCreationDate = AVMetadataIdentifier("mdta/com.apple.quicktime.creationdate")
    /// QuickTime metadata: the recording device's maker.
    public static let quickTimeMetadataMake = AVMetadataIdentifier("mdta/com.apple.quicktime.make")
    /// QuickTime metadata: the recording device's model.
    public static let quickTimeMetadataModel = AVMetadataIdentifier("mdta/com.apple.quicktime.model")
    /// QuickTime metadata: the software that made the file.
    public static let quickTimeMetadataSoftware = AVMetadataIdentifier("mdta/com.apple.quicktime.software")
    /// QuickTime user data: the title (`©nam`).
    public static let quickTimeUserDataFullName = AVMetadataIdentifier("udta/%A9nam")
    /// QuickTime user data: where the media was recorded (`©xyz`).
    public static let quickTimeUserDataLocationISO6709 = AVMetadataIdentifier("udta/%A9xyz")
    /// iTunes metadata: the title (`©nam`).
    public static let iTunesMetadataSongName = AVMetadataIdentifier("itsk/%A9nam")
    /// iTunes metadata: the artist (`©ART`).
    public static let iTunesMetadataArtist = AVMetadataIdentifier("itsk/%A9ART")

    /// The key space and key (percent-decoded) the identifier names; nil when it has no `/`.
    var parts: (keySpace: AVMetadataKeySpace, key: String)? {
        guard let slash = rawValue.firstIndex(of: "/") else { return nil }
        let space = String(rawValue[..<slash])
        let key = String(rawValue[rawValue.index(after: slash)...]).replacingOccurrences(of: "%A9", with: "©")
        return (space == "common" ? .common : AVMetadataKeySpace(rawValue: space), key)
    }

    /// The container tag the identifier is written as: the common identifiers' tags above, a QuickTime or iTunes
    /// key's tag, a QuickTime metadata key itself, else the part after the key space.
    var tag: String {
        if let parts, let tag = FileMetadata.tag(forKey: parts.key, in: parts.keySpace) { return tag }
        return parts?.key ?? rawValue
    }
}
