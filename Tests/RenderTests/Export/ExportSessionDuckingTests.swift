import Composition
import Foundation
import MediaCore
import Render
import Testing

/// A music bed ducked under "speech" (tone bursts) by listening to it, rendered for real and measured in the file.
@Suite struct ExportSessionDuckingTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// Amplitude of the `frequency` component of the left channel over frames `start ..< start + count` (Goertzel).
    static func amplitude(of samples: [Float], frequency: Double, start: Int, count: Int) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / 48_000)
        var previous = 0.0, beforePrevious = 0.0
        for i in start..<start + count {
            let value = Double(samples[2 * i]) + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = value
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return 2 * power.squareRoot() / Double(count)
    }

    /// 6 s: speech = a 1 kHz tone at -12 dBFS on for 1 s, off for 1 s; bed = a 200 Hz tone at -20 dBFS with volume
    /// 0.5, ducked (or not) under the speech.
    func render(ducking: Ducking?, name: String) throws -> [Float] {
        let directory = try fixtures.outputDirectory(name)
        let speech = directory + "/speech.wav", bed = directory + "/bed.wav"
        // Stereo sources (a mono one would be spread at -3 dB per channel).
        let burst = "0.25*sin(2*PI*1000*t)*lt(mod(t\\,2)\\,1)", tone = "0.1*sin(2*PI*200*t)"
        try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=\(burst)|\(burst):sample_rate=48000:duration=6",
                                   "-c:a", "pcm_f32le", speech])
        try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "aevalsrc=\(tone)|\(tone):sample_rate=48000:duration=6",
                                   "-c:a", "pcm_f32le", bed])
        let range = TimeRange(start: .zero, duration: seconds(6))
        var composition = MutableComposition()
        let speechTrack = composition.addMutableTrack(withMediaType: .audio)
        let bedTrack = composition.addMutableTrack(withMediaType: .audio)
        let speechID = try #require(speechTrack), bedID = try #require(bedTrack)
        try composition.modifyTrack(speechID) { try $0.insertTimeRange(range, of: try fixtures.audioTrack(speech), at: .zero) }
        try composition.modifyTrack(bedID) { try $0.insertTimeRange(range, of: try fixtures.audioTrack(bed), at: .zero) }
        var parameters = AudioMixInputParameters(trackID: bedID)
        try parameters.setVolume(0.5, at: .zero)
        parameters.ducking = ducking.map { var d = $0; d.sideChainTrackIDs = [speechID]; return d }
        var audio = TestPresets.audio
        audio.bitRate = 192_000
        let output = directory + "/out.m4a"
        _ = try ExportSession(composition: composition, videoComposition: nil,
                              audioMix: AudioMix(inputParameters: [parameters]),
                              settings: ExportSettings(name: "duck", container: .m4a, video: nil, audio: audio),
                              outputPath: output).export()
        return try decodedAudio(output)
    }

    /// The bed's (200 Hz) amplitude over 0.4 s windows starting 0.5 s into each second: speech on, then off.
    static func bedLevels(_ samples: [Float]) -> (bursts: [Double], gaps: [Double]) {
        let window = 19_200
        var bursts: [Double] = [], gaps: [Double] = []
        for second in 0..<6 {
            let level = amplitude(of: samples, frequency: 200, start: second * 48_000 + 24_000, count: window)
            if second.isMultiple(of: 2) { bursts.append(level) } else { gaps.append(level) }
        }
        return (bursts, gaps)
    }

    @Test func bedDropsByTheDepthUnderSpeechAndReturnsInTheGaps() throws {
        let ducking = Ducking(sideChainTrackIDs: [], depth: 0.316, threshold: -40,
                              attack: MediaTime(value: 30, timescale: 1000), release: MediaTime(value: 100, timescale: 1000))
        let levels = Self.bedLevels(try render(ducking: ducking, name: "ducked"))
        print("ducking: bed under speech \(levels.bursts), in gaps \(levels.gaps)")
        for gap in levels.gaps {
            // The bed's own level: 0.1 at volume 0.5.
            #expect(abs(20 * log10(gap / 0.05)) < 0.5, "gap level \(gap)")
        }
        for (burst, gap) in zip(levels.bursts, levels.gaps) {
            let drop = 20 * log10(burst / gap)
            #expect(abs(drop - 20 * log10(0.316)) < 1, "bed drops \(drop) dB under speech")
        }
    }

    @Test func withoutDuckingTheBedStaysLevel() throws {
        let levels = Self.bedLevels(try render(ducking: nil, name: "level"))
        for level in levels.bursts + levels.gaps {
            #expect(abs(20 * log10(level / 0.05)) < 0.5, "bed level \(level)")
        }
    }

    @Test func quietSideChainUnderTheThresholdDoesNotDuck() throws {
        // The speech's block RMS is about -15 dBFS: a -10 dBFS threshold never engages.
        let ducking = Ducking(sideChainTrackIDs: [], depth: 0.1, threshold: -10)
        let levels = Self.bedLevels(try render(ducking: ducking, name: "threshold"))
        for level in levels.bursts + levels.gaps {
            #expect(abs(20 * log10(level / 0.05)) < 0.5, "bed level \(level)")
        }
    }

    @Test func duckingIsOptionalInJSONAndRoundTrips() throws {
        let old = Data(#"{"trackID": 3, "volumeRamps": []}"#.utf8)
        let decoded = try JSONDecoder().decode(AudioMixInputParameters.self, from: old)
        #expect(decoded.ducking == nil)
        #expect(decoded.trackID == 3)
        var parameters = AudioMixInputParameters(trackID: 2)
        parameters.ducking = Ducking(sideChainTrackIDs: [1, 4], depth: 0.5, threshold: -35,
                                     attack: MediaTime(value: 1, timescale: 100), release: MediaTime(value: 1, timescale: 2))
        let again = try JSONDecoder().decode(AudioMixInputParameters.self, from: try JSONEncoder().encode(parameters))
        #expect(again == parameters)
    }

    @Test(arguments: [
        (Ducking(sideChainTrackIDs: [1], depth: 1.5), "'ducking depth' must be from 0.0 to 1.0, got 1.5"),
        (Ducking(sideChainTrackIDs: [1], threshold: .nan), "'ducking threshold' must be a finite number, got nan"),
    ])
    func invalidDuckingIsRefused(ducking: Ducking, message: String) {
        let error = #expect(throws: CompositionError.self) { try ducking.validate() }
        #expect(error?.description == message)
    }

    @Test func negativeAttackIsRefused() {
        let ducking = Ducking(sideChainTrackIDs: [1], attack: MediaTime(value: -1, timescale: 10))
        #expect(throws: CompositionError.invalidTime(operation: "ducking attack", time: MediaTime(value: -1, timescale: 10))) {
            try ducking.validate()
        }
        #expect(throws: Never.self) { try Ducking(sideChainTrackIDs: [1]).validate() }
    }
}
