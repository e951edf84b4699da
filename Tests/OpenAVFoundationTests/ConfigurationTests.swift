import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// The configuration API of iOS 26 and macOS 26 (`AVVideoComposition.Configuration` and the instruction and layer
/// instruction configurations), which replaces the mutable classes: a crossfade built with it exports as the
/// mutable classes' does.
@Suite struct ConfigurationTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    @Test func aCrossfadeBuiltFromConfigurationsExportsLikeTheMutableOne() async throws {
        // Red for a second, then blue, overlapping by half a second, the red fading out over the overlap.
        let composition = AVMutableComposition()
        let red = try #require(try await AVURLAsset(url: fixtures.red).loadTracks(withMediaType: .video).first)
        let blue = try #require(try await AVURLAsset(url: fixtures.blue).loadTracks(withMediaType: .video).first)
        let upper = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 1))
        let lower = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 2))
        let second = CMTime(value: 1, timescale: 1), half = CMTime(value: 1, timescale: 2)
        try upper.insertTimeRange(CMTimeRange(start: .zero, duration: second), of: red, at: .zero)
        try lower.insertTimeRange(CMTimeRange(start: .zero, duration: second), of: blue, at: half)
        let fade = CMTimeRange(start: half, duration: half)

        var fading = AVVideoCompositionLayerInstruction.Configuration(assetTrack: upper)
        fading.addOpacityRamp(AVVideoCompositionLayerInstruction.OpacityRamp(timeRange: fade, start: 1, end: 0))
        #expect(fading.opacityRamp(at: CMTime(value: 3, timescale: 4))
                == AVVideoCompositionLayerInstruction.OpacityRamp(timeRange: fade, start: 1, end: 0))
        #expect(fading.transformRamp(at: .zero) == nil)
        let instructions = [
            (CMTimeRange(start: .zero, end: half), [AVVideoCompositionLayerInstruction.Configuration(trackID: 1)]),
            (fade, [fading, AVVideoCompositionLayerInstruction.Configuration(trackID: 2)]),
            (CMTimeRange(start: fade.end, end: composition.duration), [.init(trackID: 2)]),
        ].map { range, layers in
            AVVideoCompositionInstruction(configuration: AVVideoCompositionInstruction.Configuration(
                layerInstructions: layers.map(AVVideoCompositionLayerInstruction.init(configuration:)),
                timeRange: range))
        }
        var configuration = try await AVVideoComposition.Configuration(for: composition)
        #expect(configuration.renderSize == CGSize(width: 160, height: 120))
        #expect(configuration.frameDuration == CMTime(value: 1, timescale: 30))
        configuration.instructions = instructions
        let videoComposition = AVVideoComposition(configuration: configuration)
        #expect(videoComposition.instructions.count == 3)

        let session = try #require(AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality))
        session.videoComposition = videoComposition
        let output = try fixtures.output("configuration")
        try await session.export(to: output, as: .mp4)
        #expect(near(try color(output, frame: 7), (255, 0, 0)))
        // Frame 22 is at 0.733 s, 0.467 into the half-second fade: red at opacity 0.533 over blue.
        #expect(near(try color(output, frame: 22), (136, 0, 119), tolerance: 16))
        #expect(near(try color(output, frame: 40), (0, 0, 255)))
    }

    @Test func aPrototypeInstructionGivesEveryInstructionItsBackground() async throws {
        let prototype = AVVideoCompositionInstruction(configuration: AVVideoCompositionInstruction.Configuration(
            backgroundColor: CGColor(red: 0, green: 1, blue: 0, alpha: 1), enablePostProcessing: false))
        let configuration = try await AVVideoComposition.Configuration(for: AVURLAsset(url: fixtures.red),
                                                                       prototypeInstruction: prototype)
        let first = try #require(configuration.instructions.first as? AVVideoCompositionInstruction)
        #expect(first.backgroundColor?.components == [0, 1, 0, 1] && !first.enablePostProcessing)
        #expect(first.layerInstructions.map(\.trackID) == [1])
        let colored = AVVideoComposition(configuration: AVVideoComposition.Configuration(
            colorTransferFunction: AVVideoTransferFunction_ITU_R_709_2, renderSize: CGSize(width: 16, height: 16)))
        #expect(colored.colorTransferFunction == AVVideoTransferFunction_ITU_R_709_2 && colored.renderScale == 1)
    }
}
