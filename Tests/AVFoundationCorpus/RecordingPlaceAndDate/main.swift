// Corpus: where and when a phone video was recorded, as a photo or travel app shows it. The asset's metadata is
// loaded with `load(.metadata)` and `load(.creationDate)`; the ISO 6709 location is found by its QuickTime metadata
// identifier, falling back to the common location key, and parsed into latitude and longitude with a Scanner; the
// common items are listed by common key.
// Usage: recording-place-and-date VIDEO
import OpenAVFoundation

guard CommandLine.arguments.count == 2 else {
    print("usage: recording-place-and-date VIDEO")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: CommandLine.arguments[1]))

/// Latitude and longitude from ISO 6709 text such as "+37.7858-122.4064+010.000/".
func coordinates(from iso6709: String) -> (latitude: Double, longitude: Double)? {
    let scanner = Scanner(string: iso6709)
    guard let latitude = scanner.scanDouble(), let longitude = scanner.scanDouble() else { return nil }
    return (latitude, longitude)
}

do {
    let metadata = try await asset.load(.metadata)
    let locationItems = AVMetadataItem.metadataItems(from: metadata, filteredByIdentifier: .quickTimeMetadataLocationISO6709)
        + AVMetadataItem.metadataItems(from: metadata, withKey: AVMetadataKey.commonKeyLocation, keySpace: .common)
    if let item = locationItems.first, let text = try await item.load(.stringValue),
       let place = coordinates(from: text) {
        print(String(format: "recorded at %.4f, %.4f", place.latitude, place.longitude))
    } else {
        print("no location")
    }

    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    if let item = try await asset.load(.creationDate), let date = try await item.load(.dateValue) {
        print("recorded on \(formatter.string(from: date))")
    } else {
        print("no creation date")
    }

    for item in try await asset.load(.commonMetadata) {
        guard let key = item.commonKey, key != .commonKeyLocation, key != .commonKeyCreationDate,
              let value = item.stringValue else { continue }
        print("\(key.rawValue): \(value)")
    }
} catch {
    print("cannot read the metadata: \(error.localizedDescription)")
    exit(1)
}
