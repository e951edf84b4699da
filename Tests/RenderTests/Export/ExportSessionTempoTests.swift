import Composition
import Foundation
import MediaCore
import Render
import Testing

/// Sped-up and slowed-down clips rendered for real: the pitch stays (time stretching) unless the track asks for
/// varispeed, the audio lasts as long as the video, and trimmed starts line up. Checked by decoding the output with
/// the ffmpeg CLI.
@Suite struct ExportSessionTempoTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// 2 s of 160x120 testsrc2 at 30 fps with stereo 44.1 kHz aac: a 440 Hz tone for 1 s, then 660 Hz, at 0.5.
    func source() throws -> String {
        let path = try fixtures.outputDirectory("tempo-source") + "/switch.mp4"
        let tone = "if(lt(t\\,1)\\,0.5*sin(2*PI*440*t)\\,0.5*sin(2*PI*660*t))"
        try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=2",
                                   "-f", "lavfi", "-i", "aevalsrc=\(tone)|\(tone):sample_rate=44100:duration=2",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                   "-c:a", "aac", "-b:a", "192k", path])
        return path
    }

    /// What one export gave: the left channel at 48 kHz and the stream durations.
    struct Rendered {
        var samples: [Float]
        var audioDuration: Double
        var videoDuration: Double
        var compositionDuration: Double
    }

    /// Source range `[from, 2 s)` of every track of `path` played at `speed`, exported with `algorithm` on the audio.
    func render(_ path: String, from: MediaTime = .zero, speed: Int32, slower: Bool = false,
                algorithm: TimePitchAlgorithm?, name: String) throws -> Rendered {
        var composition = MutableComposition()
        let range = TimeRange(start: from, end: seconds(2))
        try composition.insertTimeRange(range, of: try fixtures.sourceTracks(path), at: .zero)
        let target = slower ? range.duration * speed : MediaTime(value: range.duration.value,
                                                                 timescale: range.duration.timescale * speed)
        try composition.scaleTimeRange(TimeRange(start: .zero, duration: range.duration), toDuration: target)
        let audioID = try #require(composition.tracks(withMediaType: .audio).first?.trackID)
        var parameters = AudioMixInputParameters(trackID: audioID)
        parameters.timePitchAlgorithm = algorithm
        var settings = TestPresets.mp4()
        settings.audio?.bitRate = 192_000
        let output = try fixtures.outputDirectory(name) + "/out.mp4"
        _ = try ExportSession(composition: composition, videoComposition: nil,
                              audioMix: AudioMix(inputParameters: [parameters]), settings: settings,
                              outputPath: output).export()
        let probe = try ProbeReport(path: output)
        let stereo = try decodedAudio(output)
        return Rendered(samples: stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] },
                        audioDuration: try #require(ProbeReport.number(probe.audio, "duration")),
                        videoDuration: try #require(ProbeReport.number(probe.video, "duration")),
                        compositionDuration: composition.duration.seconds)
    }

    /// The time (s) after `after` s at which `second` first outweighs `first` in 10 ms windows moved by 1 ms (the
    /// very start is skipped: the encoder's first frame is a short transient).
    static func switchTime(_ samples: [Float], from first: Double, to second: Double, after: Double) -> Double? {
        var start = Int(after * 48_000)
        while start + 480 <= samples.count {
            let window = samples[start..<start + 480]
            if toneAmplitude(window, frequency: second, sampleRate: 48_000)
                > toneAmplitude(window, frequency: first, sampleRate: 48_000) {
                return Double(start + 240) / 48_000
            }
            start += 48
        }
        return nil
    }

    /// The samples between `from` and `to` seconds.
    static func slice(_ samples: [Float], _ from: Double, _ to: Double) -> ArraySlice<Float> {
        samples[Int(from * 48_000)..<min(samples.count, Int(to * 48_000))]
    }

    @Test(arguments: [
        (2, false, nil, 1.0),
        (2, true, nil, 1.0),
        (2, false, TimePitchAlgorithm.spectral, 1.0),
        (2, false, TimePitchAlgorithm.varispeed, 2.0),
        (2, true, TimePitchAlgorithm.varispeed, 0.5),
    ] as [(Int32, Bool, TimePitchAlgorithm?, Double)])
    func speedKeepsThePitchUnlessVarispeed(speed: Int32, slower: Bool, algorithm: TimePitchAlgorithm?,
                                           pitch: Double) throws {
        let rendered = try render(try source(), speed: speed, slower: slower, algorithm: algorithm,
                                  name: "tempo-\(speed)-\(slower)-\(algorithm?.rawValue ?? "default")")
        let duration = rendered.compositionDuration
        #expect(abs(duration - (slower ? 4 : 1)) < 1e-9)
        // The first half of the output plays the 440 Hz second, the second half the 660 Hz one.
        for (tone, from, to) in [(440.0, 0.05, 0.45), (660.0, 0.55, 0.95)] {
            let part = Self.slice(rendered.samples, from * duration, to * duration)
            let measured = dominantFrequency(part, sampleRate: 48_000, in: 100...2000)
            let level = 20 * log10(toneAmplitude(part, frequency: measured, sampleRate: 48_000) / 0.5)
            print("tempo \(slower ? "1/" : "")\(speed)x \(algorithm?.rawValue ?? "default"): \(tone) Hz source -> "
                  + "\(measured) Hz at \(level) dB")
            #expect(abs(measured - tone * pitch) < 1.5, "\(tone) Hz played at \(measured) Hz")
            #expect(abs(level) < 1, "level \(level) dB")
        }
        // A/V sync: the audio lasts as long as the composition and the video, within one aac frame.
        print("tempo \(slower ? "1/" : "")\(speed)x \(algorithm?.rawValue ?? "default"): composition \(duration) s, "
              + "audio \(rendered.audioDuration) s, video \(rendered.videoDuration) s")
        #expect(abs(rendered.audioDuration - duration) <= 1024.0 / 48_000 + 1e-6, "audio \(rendered.audioDuration) s")
        #expect(abs(rendered.audioDuration - rendered.videoDuration) <= 1024.0 / 48_000 + 1e-6,
                "audio \(rendered.audioDuration) s, video \(rendered.videoDuration) s")
        // The switch from the first tone to the second sits where the source's second 1 plays.
        let switchTime = try #require(Self.switchTime(rendered.samples, from: 440 * pitch, to: 660 * pitch,
                                                      after: 0.1 * duration))
        print("tempo \(slower ? "1/" : "")\(speed)x \(algorithm?.rawValue ?? "default"): switch at \(switchTime) s "
              + "(expected \(duration / 2))")
        // The stretcher plays input within 12 ms of its nominal place: 24 ms of output at half speed.
        #expect(abs(switchTime - duration / 2) < (slower && pitch == 1 ? 0.03 : 0.02), "switch at \(switchTime) s")
    }

    @Test(arguments: [nil, TimePitchAlgorithm.varispeed])
    func trimmedStartLinesUp(algorithm: TimePitchAlgorithm?) throws {
        // Source [0.5 s, 2 s) at 2x: 0.75 s, the source's second 1 (the switch) at 0.25 s.
        let rendered = try render(try source(), from: seconds(1, 2), speed: 2, algorithm: algorithm,
                                  name: "tempo-trim-\(algorithm?.rawValue ?? "default")")
        let pitch = algorithm == .varispeed ? 2.0 : 1.0
        #expect(abs(rendered.compositionDuration - 0.75) < 1e-9)
        #expect(abs(rendered.audioDuration - 0.75) <= 1024.0 / 48_000 + 1e-6)
        let switchTime = try #require(Self.switchTime(rendered.samples, from: 440 * pitch, to: 660 * pitch, after: 0.1))
        print("tempo trimmed start \(algorithm?.rawValue ?? "default"): switch at \(switchTime) s (expected 0.25)")
        #expect(abs(switchTime - 0.25) < 0.02, "switch at \(switchTime) s")
    }

    @Test func timePitchAlgorithmIsOptionalInJSONAndRoundTrips() throws {
        let old = Data(#"{"trackID": 3, "volumeRamps": []}"#.utf8)
        let decoded = try JSONDecoder().decode(AudioMixInputParameters.self, from: old)
        #expect(decoded.timePitchAlgorithm == nil)
        // Unset, it is not written: existing JSON (and fingerprints) stay as they were.
        let plain = String(decoding: try JSONEncoder().encode(AudioMixInputParameters(trackID: 3)), as: UTF8.self)
        #expect(!plain.contains("timePitchAlgorithm"))
        var parameters = AudioMixInputParameters(trackID: 2)
        parameters.timePitchAlgorithm = .varispeed
        let data = try JSONEncoder().encode(parameters)
        #expect(String(decoding: data, as: UTF8.self).contains(#""timePitchAlgorithm":"varispeed""#))
        #expect(try JSONDecoder().decode(AudioMixInputParameters.self, from: data) == parameters)
    }

    @Test(arguments: [
        (nil, TimePitchAlgorithm.timeDomain), (.timeDomain, .timeDomain), (.spectral, .timeDomain),
        (.varispeed, .varispeed),
    ] as [(TimePitchAlgorithm?, TimePitchAlgorithm)])
    func spectralAndTheDefaultRenderAsTimeDomain(algorithm: TimePitchAlgorithm?, effective: TimePitchAlgorithm) {
        #expect(TimePitchAlgorithm.effective(algorithm) == effective)
    }
}
