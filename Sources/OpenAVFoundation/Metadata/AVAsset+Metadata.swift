import Foundation

/// A file asset's metadata, read from its container's tags.
extension AVAsset {
    /// The file's metadata items, sorted by identifier; empty for compositions and files that cannot be read.
    public var metadata: [AVMetadataItem] { (try? loadedMetadata()) ?? [] }

    /// The items that have a common key (`title`, `creationDate`, `location`, ...).
    public var commonMetadata: [AVMetadataItem] { metadata.filter { $0.commonKey != nil } }

    /// The item giving the creation date: a tag's, else the movie header's.
    public var creationDate: AVMetadataItem? { metadata.first { $0.commonKey == .commonKeyCreationDate } }

    /// The file's items; throws when the file cannot be read.
    func loadedMetadata() throws -> [AVMetadataItem] {
        guard let file else { return [] }
        let media = try file.contents().media
        let family: FileMetadata.Family
        if media.formatName.hasPrefix("mov,") {
            family = media.metadata["major_brand"]?.hasPrefix("qt") == true ? .quickTime : .mpeg4
        } else {
            family = .other
        }
        return FileMetadata.items(media.metadata, family: family)
    }
}

extension AVAsyncProperty where Root: AVAsset, Value == [AVMetadataItem] {
    /// The file's metadata items.
    public static var metadata: AVAsyncProperty<Root, [AVMetadataItem]> { AVAsyncProperty { try $0.loadedMetadata() } }
    /// The items that have a common key.
    public static var commonMetadata: AVAsyncProperty<Root, [AVMetadataItem]> {
        AVAsyncProperty { try $0.loadedMetadata().filter { $0.commonKey != nil } }
    }
}

extension AVAsyncProperty where Root: AVAsset, Value == AVMetadataItem? {
    /// The item giving the creation date.
    public static var creationDate: AVAsyncProperty<Root, AVMetadataItem?> {
        AVAsyncProperty { try $0.loadedMetadata().first { $0.commonKey == .commonKeyCreationDate } }
    }
}

extension AVMetadataItem: _AVAsyncPropertyLoading {}

extension AVAsyncProperty where Root: AVMetadataItem, Value == String? {
    /// The value as text.
    public static var stringValue: AVAsyncProperty<Root, String?> { AVAsyncProperty { $0.stringValue } }
}

extension AVAsyncProperty where Root: AVMetadataItem, Value == Date? {
    /// The value as a date.
    public static var dateValue: AVAsyncProperty<Root, Date?> { AVAsyncProperty { $0.dateValue } }
}

extension AVAsyncProperty where Root: AVMetadataItem, Value == NSNumber? {
    /// The value as a number.
    public static var numberValue: AVAsyncProperty<Root, NSNumber?> { AVAsyncProperty { $0.numberValue } }
}
