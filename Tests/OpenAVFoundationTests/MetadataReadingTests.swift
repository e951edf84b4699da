import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// Reading a file's metadata: files tagged by the ffmpeg CLI as phones and tools tag them, read back as
/// `AVMetadataItem`s with Apple's identifiers, common keys and values.
@Suite struct MetadataReadingTests {
    /// A 0.2 s clip at `name` in a fresh folder, tagged with `tags` (`-metadata` pairs) and `options`.
    private func tagged(_ name: String, _ tags: [String], options: [String] = []) throws -> URL {
        let url = URL(fileURLWithPath: try MediaTool.freshDirectory(prefix: "metadata-reading"))
            .appendingPathComponent(name)
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64:d=0.2", "-c:v", "libx264", "-preset",
                              "ultrafast", "-fflags", "+bitexact"] + options
                             + tags.flatMap { ["-metadata", $0] } + [url.path])
        return url
    }

    /// Each item as `identifier = value (commonKey)`.
    private func listed(_ items: [AVMetadataItem]) -> [String] {
        items.map { "\($0.identifier?.rawValue ?? "-") = \($0.stringValue ?? "-") (\($0.commonKey?.rawValue ?? "-"))" }
    }

    @Test func aPhoneVideosQuickTimeMetadataGivesWhereAndWhen() async throws {
        let url = try tagged("phone.mov", [
            "title=Harbour at dawn", "com.apple.quicktime.location.ISO6709=+37.7858-122.4064+010.000/",
            "com.apple.quicktime.make=Apple", "com.apple.quicktime.model=iPhone 15",
            "com.apple.quicktime.creationdate=2024-05-01T10:11:12+0200", "creation_time=2024-05-01T08:11:12Z",
        ], options: ["-movflags", "use_metadata_tags"])
        let asset = AVURLAsset(url: url)
        #expect(listed(asset.metadata) == [
            "mdta/com.apple.quicktime.creationdate = 2024-05-01T10:11:12+0200 (creationDate)",
            "mdta/com.apple.quicktime.location.ISO6709 = +37.7858-122.4064+010.000/ (location)",
            "mdta/com.apple.quicktime.make = Apple (make)",
            "mdta/com.apple.quicktime.model = iPhone 15 (model)",
            "udta/%A9nam = Harbour at dawn (title)",
        ])
        #expect(asset.commonMetadata.count == 5)
        let location = AVMetadataItem.metadataItems(from: asset.metadata,
                                                    filteredByIdentifier: .quickTimeMetadataLocationISO6709)
        #expect(location.map(\.stringValue) == ["+37.7858-122.4064+010.000/"])
        #expect(AVMetadataItem.metadataItems(from: asset.commonMetadata, filteredByIdentifier: .commonIdentifierLocation)
            .map(\.identifier) == [.quickTimeMetadataLocationISO6709])
        #expect(AVMetadataItem.metadataItems(from: asset.metadata, withKey: AVMetadataKey.commonKeyModel,
                                             keySpace: .common).map(\.stringValue) == ["iPhone 15"])
        #expect(AVMetadataItem.metadataItems(from: asset.metadata, withKey: "©nam", keySpace: .quickTimeUserData)
            .map(\.stringValue) == ["Harbour at dawn"])
        let title = try #require(asset.metadata.last)
        #expect(title.keySpace == .quickTimeUserData && title.key as? NSString == "©nam")
        // The tag's date (10:11:12 at +02:00), not the movie header's; both are 08:11:12 UTC here.
        let created = try #require(try await asset.load(.creationDate))
        #expect(created.identifier == .quickTimeMetadataCreationDate)
        #expect(try await created.load(.dateValue) == Date(timeIntervalSince1970: 1_714_551_072))
        #expect(try await asset.load(.commonMetadata).count == 5)
        #expect(try await title.load(.stringValue) == "Harbour at dawn")
    }

    @Test func anMPEG4FilesTagsAreITunesMetadataAndTheMovieHeaderDatesIt() throws {
        let url = try tagged("tagged.mp4", ["title=Harbour", "artist=Ann", "location=+37.7858-122.4064/",
                                            "creation_time=2024-05-01T08:11:12Z"])
        let asset = AVURLAsset(url: url)
        #expect(listed(asset.metadata) == [
            "common/creationDate = 2024-05-01T08:11:12.000000Z (creationDate)",
            "itsk/%A9ART = Ann (artist)",
            "itsk/%A9nam = Harbour (title)",
            "udta/%A9xyz = +37.7858-122.4064/ (location)",
        ])
        #expect(asset.creationDate?.dateValue == Date(timeIntervalSince1970: 1_714_551_072))
        #expect(AVMetadataItem.metadataItems(from: asset.metadata, filteredByIdentifier: .iTunesMetadataSongName)
            .map(\.stringValue) == ["Harbour"])
        // A year alone is kept as text, not taken for a date.
        let year = try tagged("year.mp4", ["date=2024"])
        let item = try #require(AVURLAsset(url: year).creationDate)
        #expect(item.stringValue == "2024" && item.dateValue == nil && item.identifier?.rawValue == "itsk/%A9day")
    }

    @Test func otherContainersGiveTheirTagsThatHaveACommonKey() throws {
        let url = try tagged("tagged.mkv", ["title=Harbour", "comment=not common"])
        #expect(listed(AVURLAsset(url: url).metadata) == ["common/software = Lavf (software)",
                                                           "common/title = Harbour (title)"])
        #expect(AVMutableComposition().metadata.isEmpty)
        #expect(AVURLAsset(url: URL(fileURLWithPath: "/nonexistent.mov")).metadata.isEmpty)
    }

    @Test func whatAWriterTagsIsReadBack() async throws {
        let url = URL(fileURLWithPath: try MediaTool.freshDirectory(prefix: "metadata-written"))
            .appendingPathComponent("written.mov")
        let writer = try AVAssetWriter(outputURL: url, fileType: .mov)
        let title = AVMutableMetadataItem()
        title.identifier = .commonIdentifierTitle
        title.value = "Written" as NSString
        let userTitle = AVMutableMetadataItem()
        userTitle.identifier = .quickTimeUserDataLocationISO6709
        userTitle.value = "+48.8584+002.2945/" as NSString
        writer.metadata = [title, userTitle]
        let input = AVAssetWriterInput(mediaType: .audio, outputSettings: [AVFormatIDKey: kAudioFormatMPEG4AAC])
        writer.add(input)
        #expect(writer.startWriting())
        writer.startSession(atSourceTime: .zero)
        input.markAsFinished()
        await writer.finishWriting()
        #expect(writer.status == .completed, "\(String(describing: writer.error))")
        #expect(listed(AVURLAsset(url: url).commonMetadata) == ["udta/%A9nam = Written (title)",
                                                                 "udta/%A9xyz = +48.8584+002.2945/ (location)"])
    }
}
