import Composition
import Foundation
import MediaCore
import Render
import Testing

/// Audio mix volumes and still-image layers with alpha, rendered for real.
@Suite struct ExportSessionMixTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// A 1 s composition of a 440 Hz generated tone only.
    func toneComposition() throws -> MutableComposition {
        let range = TimeRange(start: .zero, duration: seconds(1))
        let tone = GeneratedSource(kind: .tone, duration: seconds(1), frequency: 440)
        var composition = MutableComposition()
        try composition.insertTimeRange(range, of: [SourceTrack(url: tone.url, trackID: 1, mediaType: .audio,
                                                                timeRange: range)], at: .invalid)
        return composition
    }

    @Test(arguments: [(1.0, 0.354), (0.5, 0.177), (0.0, 0.0)])
    func volumeScalesTheTrack(volume: Double, expectedRMS: Double) throws {
        let output = try fixtures.outputDirectory("volume") + "/volume.m4a"
        let composition = try toneComposition()
        let trackID = try #require(composition.tracks.first?.trackID)
        var parameters = AudioMixInputParameters(trackID: trackID)
        try parameters.setVolume(volume, at: .zero)
        let settings = ExportSettings(name: "audio", container: .m4a, video: nil, audio: TestPresets.audio)
        _ = try ExportSession(composition: composition, videoComposition: nil,
                              audioMix: AudioMix(inputParameters: [parameters]), settings: settings,
                              outputPath: output).export()
        let rms = try audioRMS(output)
        #expect(abs(rms - expectedRMS) < 0.02, "rms \(rms)")
    }

    @Test func volumeRampFadesIn() throws {
        let directory = try fixtures.outputDirectory("ramp")
        let output = directory + "/ramp.m4a"
        let composition = try toneComposition()
        var parameters = AudioMixInputParameters(trackID: try #require(composition.tracks.first?.trackID))
        try parameters.setVolumeRamp(fromStartVolume: 0, toEndVolume: 1,
                                     timeRange: TimeRange(start: .zero, duration: seconds(1)))
        let settings = ExportSettings(name: "audio", container: .m4a, video: nil, audio: TestPresets.audio)
        _ = try ExportSession(composition: composition, videoComposition: nil,
                              audioMix: AudioMix(inputParameters: [parameters]), settings: settings,
                              outputPath: output).export()
        let head = directory + "/head.wav", tail = directory + "/tail.wav"
        try ExportFixtures.ffmpeg(["-i", output, "-t", "0.2", head])
        try ExportFixtures.ffmpeg(["-ss", "0.75", "-i", output, "-t", "0.2", tail])
        let quiet = try audioRMS(head), loud = try audioRMS(tail)
        // Mean gain 0.1 over the first 0.2 s, about 0.85 over 0.75...0.95 s.
        #expect(quiet < 0.06, "head rms \(quiet)")
        #expect(loud > 0.25, "tail rms \(loud)")
    }

    /// The logo's own alpha (0.5) times the layer's opacity gives the weight of its green over the red video.
    @Test(arguments: [(1.0, (128, 128, 0)), (0.5, (191, 64, 0)), (0.0, (255, 0, 0))])
    func stillPNGWithAlphaBlendsOverVideoAtTheLayersOpacity(opacity: Double, expected: (Int, Int, Int)) throws {
        let output = try fixtures.outputDirectory("alpha") + "/alpha.mp4"
        let range = TimeRange(start: .zero, duration: seconds(1))
        var composition = MutableComposition()
        let overlayID = composition.addMutableTrack(withMediaType: .video)
        let backgroundID = composition.addMutableTrack(withMediaType: .video)
        let overlay = try #require(overlayID), background = try #require(backgroundID)
        let png = SourceTrack(url: URL(fileURLWithPath: fixtures.alphaPNG), trackID: 1, mediaType: .video,
                              timeRange: range, naturalSize: Size(width: 64, height: 48))
        try composition.modifyTrack(overlay) { try $0.insertTimeRange(range, of: png, at: .zero) }
        try composition.modifyTrack(background) {
            try $0.insertTimeRange(range, of: try fixtures.videoTrack(fixtures.red), at: .zero)
        }
        // The 64x48 picture over the left half of a 160x120 canvas.
        var top = LayerInstruction(trackID: overlay)
        try top.setTransform(.scale(x: 1.25, y: 2.5), at: .zero)
        try top.setOpacity(opacity, at: .zero)
        var bottom = LayerInstruction(trackID: background)
        try bottom.setTransform(.scale(x: 0.5, y: 0.5), at: .zero)
        let video = VideoComposition(
            renderSize: Size(width: 160, height: 120), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: range, layerInstructions: [top, bottom])])
        _ = try ExportSession(composition: composition, videoComposition: video, settings: TestPresets.mp4(audio: false),
                              outputPath: output).export()
        let picture = try RGBPicture(path: output, frame: 10, width: 160, height: 120)
        // Half-transparent green over red on the left, plain red on the right.
        #expect(picture.matches(40, 60, expected, tolerance: 30), "left is \(picture.rgb(40, 60))")
        #expect(picture.matches(120, 60, (255, 0, 0)), "right is \(picture.rgb(120, 60))")
    }
}
