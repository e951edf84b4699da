import Foundation
import Synchronization

/// A metadata identifier: key space and key (`common/title`).
public struct AVMetadataIdentifier: RawRepresentable, Sendable, Hashable {
    /// `keySpace/key`.
    public let rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }

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

    /// The container tag the identifier is written as: the table above, else the part after the key space.
    var tag: String {
        let tags: [AVMetadataIdentifier: String] = [
            .commonIdentifierTitle: "title", .commonIdentifierDescription: "description",
            .commonIdentifierCopyrights: "copyright", .commonIdentifierArtist: "artist",
            .commonIdentifierAuthor: "author", .commonIdentifierCreator: "artist",
            .commonIdentifierAlbumName: "album", .commonIdentifierCreationDate: "date",
            .commonIdentifierLanguage: "language", .commonIdentifierPublisher: "publisher",
        ]
        return tags[self] ?? String(rawValue.split(separator: "/").last ?? Substring(rawValue))
    }
}

/// A metadata key space (`comn`).
public struct AVMetadataKeySpace: RawRepresentable, Sendable, Hashable {
    /// The key space's code.
    public let rawValue: String
    /// Creates a key space.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Keys shared by every format.
    public static let common = AVMetadataKeySpace(rawValue: "comn")
}

/// A piece of metadata written into an exported file as a container tag.
public class AVMetadataItem: @unchecked Sendable {
    /// `@unchecked Sendable`: the values metadata carries (NSString, NSNumber, NSDate) are immutable.
    struct Contents: @unchecked Sendable {
        var identifier: AVMetadataIdentifier?
        var value: (any NSCopying & NSObjectProtocol)?
    }

    let state: Mutex<Contents>

    init(_ contents: Contents) {
        state = Mutex(contents)
    }

    /// What the item is.
    public var identifier: AVMetadataIdentifier? { state.withLock { $0.identifier } }

    /// The value: text, a number or a date.
    public var value: (any NSCopying & NSObjectProtocol)? { state.withLock { $0.value } }

    /// The value as text, if it is text or a number.
    public var stringValue: String? {
        switch value {
        case let text as NSString: String(text)
        case let number as NSNumber: number.stringValue
        case let date as NSDate: ISO8601DateFormatter().string(from: date as Date)
        default: nil
        }
    }

    /// The key space of the identifier (`comn` for the common identifiers).
    public var keySpace: AVMetadataKeySpace? {
        identifier?.rawValue.hasPrefix("common/") == true ? .common : nil
    }

    /// The container tag and value this item becomes, when it has both.
    var tag: (String, String)? {
        guard let identifier, let text = stringValue else { return nil }
        return (identifier.tag, text)
    }
}

/// A metadata item whose identifier and value you set.
public class AVMutableMetadataItem: AVMetadataItem, @unchecked Sendable {
    /// An item without identifier or value.
    public init() {
        super.init(Contents(identifier: nil, value: nil))
    }

    /// What the item is.
    override public var identifier: AVMetadataIdentifier? {
        get { super.identifier }
        set { state.withLock { $0.identifier = newValue } }
    }

    /// The value: text, a number or a date.
    override public var value: (any NSCopying & NSObjectProtocol)? {
        get { super.value }
        set { state.withLock { $0.value = newValue } }
    }
}
