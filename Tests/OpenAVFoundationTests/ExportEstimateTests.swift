import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `estimatedOutputFileLength` and `estimateOutputFileLength()`: the presets' rates over the session's range.
@Suite struct ExportEstimateTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// The estimate for the red clip (1 s of 160x120 at 30 fps with AAC) with `preset` over `range`.
    private func estimate(_ preset: String, range: CMTimeRange? = nil) async throws -> Int64 {
        let session = try #require(AVAssetExportSession(asset: AVURLAsset(url: fixtures.red), presetName: preset))
        if let range { session.timeRange = range }
        let length = try await session.estimateOutputFileLength()
        #expect(session.estimatedOutputFileLength == length)
        return length
    }

    @Test func estimatesFollowThePresetsRatesAndTheRange() async throws {
        // Highest quality: crf 18, 0.08 * 2^(5/6) bits a pixel at 576 000 pixels a second, and AAC at 160 kb/s.
        let highest = try await estimate(AVAssetExportPresetHighestQuality)
        let bitsPerPixel: Double = 0.08 * pow(2, 5.0 / 6)
        let expected: Double = (576_000 * bitsPerPixel + 160_000) / 8
        #expect(abs(Double(highest) - expected) < 2, "\(highest)")
        let half = try await estimate(AVAssetExportPresetHighestQuality,
                                      range: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)))
        #expect(abs(half - highest / 2) <= 1)
        #expect(try await estimate(AVAssetExportPresetLowQuality) < highest)
        #expect(try await estimate(AVAssetExportPresetAppleM4A) == 24_000)
        let file = try #require(try FileManager.default.attributesOfItem(atPath: fixtures.red.path)[.size] as? NSNumber)
        #expect(try await estimate(AVAssetExportPresetPassthrough) == file.int64Value)
        #expect(try await AVAssetExportSession(asset: AVURLAsset(url: fixtures.red),
                                               presetName: AVAssetExportPresetPassthrough)?.estimateMaximumDuration()
                == CMTime(value: 1, timescale: 1))
    }
}
