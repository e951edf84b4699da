import Foundation

/// A file's container tags as metadata items, and the tag an identifier is written as: one table for both ways.
enum FileMetadata {
    /// The kind of container, which decides the key space of its tags.
    enum Family: Sendable {
        /// QuickTime (`.mov`): user data (`udta`) and QuickTime metadata (`mdta`).
        case quickTime
        /// MPEG-4 (`.mp4`, `.m4a`, `.m4v`): iTunes metadata (`itsk`), user data and QuickTime metadata.
        case mpeg4
        /// Any other container: its tags that have a common key, in the common key space.
        case other
    }

    /// A tag libavformat reads and writes, with its QuickTime user-data and iTunes keys and its common key.
    private struct Row {
        let tag: String
        let userData: String?
        let iTunes: String?
        let common: AVMetadataKey?
    }

    private static let rows: [Row] = [
        Row(tag: "title", userData: "©nam", iTunes: "©nam", common: .commonKeyTitle),
        Row(tag: "artist", userData: "©ART", iTunes: "©ART", common: .commonKeyArtist),
        Row(tag: "album", userData: "©alb", iTunes: "©alb", common: .commonKeyAlbumName),
        Row(tag: "date", userData: "©day", iTunes: "©day", common: .commonKeyCreationDate),
        Row(tag: "comment", userData: "©cmt", iTunes: "©cmt", common: nil),
        Row(tag: "genre", userData: "©gen", iTunes: "©gen", common: nil),
        Row(tag: "copyright", userData: "©cpy", iTunes: "cprt", common: .commonKeyCopyrights),
        Row(tag: "description", userData: "©des", iTunes: "desc", common: .commonKeyDescription),
        Row(tag: "encoder", userData: "©swr", iTunes: "©too", common: .commonKeySoftware),
        Row(tag: "location", userData: "©xyz", iTunes: nil, common: .commonKeyLocation),
        Row(tag: "make", userData: "©mak", iTunes: nil, common: .commonKeyMake),
        Row(tag: "model", userData: "©mod", iTunes: nil, common: .commonKeyModel),
        Row(tag: "author", userData: "©aut", iTunes: nil, common: .commonKeyAuthor),
        Row(tag: "publisher", userData: nil, iTunes: nil, common: .commonKeyPublisher),
        Row(tag: "language", userData: nil, iTunes: nil, common: .commonKeyLanguage),
    ]

    /// The QuickTime metadata keys (after `com.apple.quicktime.`) that have a common key.
    private static let quickTimeCommonKeys: [String: AVMetadataKey] = [
        "title": .commonKeyTitle, "artist": .commonKeyArtist, "author": .commonKeyAuthor, "album": .commonKeyAlbumName,
        "copyright": .commonKeyCopyrights, "creationdate": .commonKeyCreationDate,
        "description": .commonKeyDescription, "location.ISO6709": .commonKeyLocation, "make": .commonKeyMake,
        "model": .commonKeyModel, "software": .commonKeySoftware, "publisher": .commonKeyPublisher,
    ]

    /// The prefix of QuickTime metadata keys.
    private static let quickTimePrefix = "com.apple.quicktime."

    /// The items `tags` hold, sorted by identifier. Tags that describe the container itself (brands, versions) and
    /// tags without a key in the family's key spaces are left out; the movie header's `creation_time` stands for the
    /// creation date when no tag gives one.
    static func items(_ tags: [String: String], family: Family) -> [AVMetadataItem] {
        var items = tags.compactMap { tag, value -> AVMetadataItem? in
            if tag.hasPrefix(quickTimePrefix), family != .other {
                return item(.quickTimeMetadata, tag, value)
            }
            guard let row = rows.first(where: { $0.tag == tag }) else { return nil }
            switch family {
            case .mpeg4 where row.iTunes != nil: return item(.iTunes, row.iTunes!, value)
            case .quickTime, .mpeg4: return row.userData.map { item(.quickTimeUserData, $0, value) }
            case .other: return row.common.map { item(.common, $0.rawValue, value) }
            }
        }
        if let created = tags["creation_time"], !items.contains(where: { $0.commonKey == .commonKeyCreationDate }) {
            items.append(item(.common, AVMetadataKey.commonKeyCreationDate.rawValue, created))
        }
        return items.sorted { ($0.identifier?.rawValue ?? "") < ($1.identifier?.rawValue ?? "") }
    }

    /// The item of `key` in `keySpace` with the text `value`.
    private static func item(_ keySpace: AVMetadataKeySpace, _ key: String, _ value: String) -> AVMetadataItem {
        AVMetadataItem(.init(identifier: AVMetadataIdentifier(keySpace: keySpace, key: key), value: value as NSString))
    }

    /// The container tag `key` of `keySpace` is written as, nil when the table has none.
    static func tag(forKey key: String, in keySpace: AVMetadataKeySpace) -> String? {
        switch keySpace {
        case .common:
            if key == AVMetadataKey.commonKeyCreator.rawValue { return "artist" }
            return rows.first { $0.common?.rawValue == key }?.tag
        case .quickTimeUserData: return rows.first { $0.userData == key }?.tag
        case .iTunes: return rows.first { $0.iTunes == key }?.tag
        case .quickTimeMetadata: return key
        default: return nil
        }
    }

    /// The common key of `key` in `keySpace`, nil when it has none.
    static func commonKey(forKey key: String, in keySpace: AVMetadataKeySpace) -> AVMetadataKey? {
        switch keySpace {
        case .common: return AVMetadataKey(key)
        case .quickTimeMetadata: return key.hasPrefix(quickTimePrefix)
            ? quickTimeCommonKeys[String(key.dropFirst(quickTimePrefix.count))] : nil
        default: return tag(forKey: key, in: keySpace).flatMap { tag in rows.first { $0.tag == tag }?.common }
        }
    }
}
