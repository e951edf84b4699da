import Foundation
import MediaTestSupport
import OpenAVFoundation
import Synchronization
import Testing

/// The parts of Apple's surface that the corpus programs lean on, each checked on its own: boxed times, Codable
/// times, CoreGraphics equality, key-value loading, the file length limit, asynchronous pictures, player items.
@Suite struct CompatibilityTests {
    @Test func timesRangesAndMappingsRoundTripThroughNSValue() {
        let time = CMTime(value: 1001, timescale: 30000)
        let range = CMTimeRange(start: time, duration: CMTime(value: 3, timescale: 2))
        let mapping = CMTimeMapping(source: range, target: CMTimeRange(start: .zero, duration: range.duration))
        #expect(NSValue(time: time).timeValue == time)
        #expect(NSValue(timeRange: range).timeRangeValue == range)
        #expect(NSValue(timeMapping: mapping).timeMappingValue == mapping)
        #expect(NSValue(time: time) == NSValue(time: time))
        #expect(NSValue(time: time).timeRangeValue == .invalid, "a time read as a range")
        #expect(!NSValue(timeRange: range).timeValue.isValid, "a range read as a time")
    }

    @Test func timesEncodeTheirFourFields() throws {
        let time = CMTime(value: 7, timescale: 600, flags: [.valid, .hasBeenRounded], epoch: 2)
        let json = String(decoding: try JSONEncoder().encode(time), as: UTF8.self)
        #expect(json.contains("\"value\":7") && json.contains("\"flags\":3") && json.contains("\"epoch\":2"))
        #expect(try JSONDecoder().decode(CMTime.self, from: Data(json.utf8)) == time)
        let range = CMTimeRange(start: time, duration: CMTime(value: 1, timescale: 1))
        #expect(try JSONDecoder().decode(CMTimeRange.self, from: JSONEncoder().encode(range)) == range)
        #expect(CMTime() == .invalid && CMTimeRange() == .invalid && CMTime.invalid.flags.isEmpty)
    }

    @Test func geometryEqualityFollowsCoreGraphics() {
        #expect(CGSize(width: 2, height: 3).equalTo(CGSize(width: 2, height: 3)))
        #expect(!CGPoint(x: 1, y: 0).equalTo(.zero))
        #expect(CGRect(x: 10, y: 10, width: -5, height: 5).equalTo(CGRect(x: 5, y: 10, width: 5, height: 5)))
    }

    @Test func keyValueLoadingReportsMissingFilesAndUnknownKeys() async throws {
        let missing = AVURLAsset(url: URL(fileURLWithPath: "/nonexistent/clip.mp4"))
        await withCheckedContinuation { continuation in
            missing.loadValuesAsynchronously(forKeys: ["duration"]) { continuation.resume() }
        }
        var error: NSError?
        #expect(missing.statusOfValue(forKey: "duration", error: &error) == .failed)
        #expect(error?.domain == NSURLErrorDomain && error?.code == NSURLErrorFileDoesNotExist)
        let asset = AVURLAsset(url: try AVFixtures.get().red)
        #expect(asset.statusOfValue(forKey: "tracks", error: nil) == .loaded)
        #expect(asset.tracks(withMediaCharacteristic: .audible).map(\.mediaType) == [.audio])
        #expect(try await asset.loadTracks(withMediaCharacteristic: .legible).isEmpty)
        #expect(asset.statusOfValue(forKey: "tracks ", error: &error) == .failed)
        #expect(error?.domain == AVFoundationErrorDomain && error?.localizedDescription
            == "unknown (-11800): 'tracks ' is not a property of AVAsset that can be loaded")
        #expect(AVPlayerItem(asset: missing).status == .failed && AVPlayerItem(asset: asset).status == .readyToPlay)
    }

    @Test func anExportOverItsFileLengthLimitFailsAndLeavesNoFile() async throws {
        let fixtures = try AVFixtures.get()
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: fixtures.red),
                                                        presetName: AVAssetExportPresetHighestQuality))
        session.outputURL = try fixtures.output("length-limit")
        session.outputFileType = .mp4
        session.fileLengthLimit = 1000
        await session.export()
        #expect(session.status == .failed)
        let error = try #require(session.error as? AVError)
        #expect(error.code == .exportFailed && error.localizedDescription.contains("over the fileLengthLimit of 1000"))
        #expect(!FileManager.default.fileExists(atPath: session.outputURL?.path ?? ""))
    }

    @Test func aPartOfACompositionInsertedIntoAnotherPlaysWhatItPlayedThere() async throws {
        let fixtures = try AVFixtures.get()
        let first = AVMutableComposition()
        let second = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))
        try first.insertTimeRange(second, of: AVURLAsset(url: fixtures.red), at: .zero)
        try first.insertTimeRange(second, of: AVURLAsset(url: fixtures.blue), at: .invalid)
        let middle = CMTimeRange(start: CMTime(value: 1, timescale: 2), duration: CMTime(value: 1, timescale: 1))
        let whole = AVMutableComposition()
        try whole.insertTimeRange(middle, of: first, at: .zero)
        let single = AVMutableComposition()
        let track = try #require(single.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        try track.insertTimeRange(middle, of: try #require(first.tracks(withMediaType: .video).first), at: .zero)
        for composition in [whole, single] {
            #expect(composition.duration == CMTime(value: 1, timescale: 1))
            let generator = AVAssetImageGenerator(asset: composition)
            let early = try await generator.image(at: CMTime(value: 1, timescale: 4)).image
            let late = try await generator.image(at: CMTime(value: 3, timescale: 4)).image
            #expect(early.pixel(x: 80, y: 60).red > 230 && late.pixel(x: 80, y: 60).blue > 230)
        }
        #expect(whole.tracks.map(\.mediaType) == [.video, .audio])
    }

    /// Cancelling ends only the requests made before it; pictures have their pixels.
    @Test func asynchronousPicturesAnswerEachTimeAndHavePixels() async throws {
        let generator = AVAssetImageGenerator(asset: AVURLAsset(url: try AVFixtures.get().green))
        generator.cancelAllCGImageGeneration()
        let (image, _) = try await generator.image(at: CMTime(value: 1, timescale: 2))
        #expect(image.pixel(x: 80, y: 60).green > 230 && image.bytesPerRow == 480 && image.rgbData.count == 160 * 120 * 3)
        let results = await withCheckedContinuation { (continuation: CheckedContinuation<[AVAssetImageGenerator.Result], Never>) in
            let collected = Mutex<[AVAssetImageGenerator.Result]>([])
            generator.generateCGImagesAsynchronously(forTimes: [NSValue(time: .zero), NSValue(time: CMTime(value: 5, timescale: 1))]) {
                _, _, _, result, _ in
                let all = collected.withLock { $0.append(result); return $0 }
                if all.count == 2 { continuation.resume(returning: all) }
            }
        }
        #expect(results == [.succeeded, .failed], "the second time is past the end")
    }
}
