import Foundation
import Synchronization

/// A piece of metadata: read from a file's container tags (`AVAsset.metadata`), or written into a file as one.
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

    /// The value as a date: a date, or text in one of ISO 8601's forms (`2024-05-01T10:11:12+0200`,
    /// `2024-05-01T08:11:12.000000Z`, `2024-05-01`); a year alone is not a date.
    public var dateValue: Date? {
        switch value {
        case let date as NSDate: date as Date
        case let text as NSString: Self.date(from: String(text))
        default: nil
        }
    }

    /// The value as a number, if it is one.
    public var numberValue: NSNumber? { value as? NSNumber }

    /// The key space of the identifier (`comn` for the common identifiers, `mdta`, `udta`, `itsk`).
    public var keySpace: AVMetadataKeySpace? { identifier?.parts?.keySpace }

    /// The key within the key space, as text (`com.apple.quicktime.make`, `©nam`).
    public var key: (any NSCopying & NSObjectProtocol)? { identifier?.parts.map { $0.key as NSString } }

    /// The common key the item stands for (`title` for QuickTime's `©nam`), nil when it has none.
    public var commonKey: AVMetadataKey? {
        identifier?.parts.flatMap { FileMetadata.commonKey(forKey: $0.key, in: $0.keySpace) }
    }

    /// The items of `items` with `identifier`; a common identifier also finds the items its common key stands for.
    public static func metadataItems(from items: [AVMetadataItem],
                                     filteredByIdentifier identifier: AVMetadataIdentifier) -> [AVMetadataItem] {
        let common = identifier.parts.flatMap { $0.keySpace == .common ? AVMetadataKey($0.key) : nil }
        return items.filter { $0.identifier == identifier || (common != nil && $0.commonKey == common) }
    }

    /// The items of `items` whose key is `key` (a string or an `AVMetadataKey`) in `keySpace`; nil for either
    /// matches any. A common key space matches the items whose common key is `key`.
    public static func metadataItems(from items: [AVMetadataItem], withKey key: Any?,
                                     keySpace: AVMetadataKeySpace?) -> [AVMetadataItem] {
        let wanted = (key as? AVMetadataKey)?.rawValue ?? (key as? String) ?? (key as? NSString).map(String.init)
        return items.filter { item in
            if keySpace == .common {
                return item.commonKey != nil && (wanted == nil || item.commonKey?.rawValue == wanted)
            }
            guard let parts = item.identifier?.parts else { return false }
            return (keySpace == nil || parts.keySpace == keySpace) && (wanted == nil || parts.key == wanted)
        }
    }

    /// The date `text` gives in one of ISO 8601's forms, nil when it gives none.
    private static func date(from text: String) -> Date? {
        let formats: [ISO8601DateFormatter.Options] = [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
            [.withFullDate, .withFullTime, .withDashSeparatorInDate, .withColonSeparatorInTime], [.withFullDate],
        ]
        for options in formats {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
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
