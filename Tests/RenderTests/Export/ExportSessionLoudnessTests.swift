import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Testing

/// Loudness normalisation rendered for real and checked by an independent meter: ffmpeg's ebur128 filter.
@Suite struct ExportSessionLoudnessTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// Test signals as ffmpeg `aevalsrc` expressions (48 kHz stereo, 6 s, written as float WAV).
    enum Signal: String, CaseIterable, CustomTestStringConvertible {
        /// A 997 Hz sine at -30 dBFS: needs about +16 dB to reach -14 LUFS (upward gain, no limiting).
        case quietSine = "0.0316*sin(2*PI*997*t)"
        /// A 440 Hz sine at -3 dBFS: needs gain down.
        case loudSine = "0.708*sin(2*PI*440*t)"
        /// Pink-ish noise from ffmpeg's anoisesrc (peaks well above its loudness: the limiter works at -14).
        case noise = "anoisesrc"
        /// A -30 dBFS sine with a 5 ms 3 kHz burst at -10 dBFS every second: after the upward gain the bursts
        /// would peak above 0 dBFS, so the limiter must cut them (which costs loudness the refinement passes win back).
        case quietWithBursts = "0.0316*sin(2*PI*997*t)+if(lt(mod(t,1),0.005),0.316*sin(2*PI*3000*t),0)"

        var testDescription: String { "\(self)" }

        /// Writes the signal to `path`.
        func write(to path: String) throws {
            let escaped = rawValue.replacingOccurrences(of: ",", with: "\\,")
            let input = self == .noise
                ? "anoisesrc=color=pink:amplitude=0.5:seed=7:sample_rate=48000:duration=6"
                : "aevalsrc=\(escaped)|\(escaped):sample_rate=48000:duration=6"
            try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", input, "-ac", "2", "-c:a", "pcm_f32le", path])
        }
    }

    /// A composition of the whole audio of `path`.
    static func composition(of path: String, fixtures: ExportFixtures) throws -> MutableComposition {
        var composition = MutableComposition()
        let track = try fixtures.audioTrack(path)
        try composition.insertTimeRange(track.timeRange, of: [track], at: .invalid)
        return composition
    }

    static func audioSettings(target: Double?) -> ExportSettings {
        var audio = TestPresets.audio
        audio.bitRate = 192_000
        audio.loudnessTarget = target
        return ExportSettings(name: "loudness", container: .m4a, video: nil, audio: audio)
    }

    @Test(arguments: [-14.0, -23.0], Signal.allCases)
    func normalisesToTargetUnderTheCeiling(target: Double, signal: Signal) throws {
        let directory = try fixtures.outputDirectory("loudness")
        let source = directory + "/source.wav", output = directory + "/out.m4a"
        try signal.write(to: source)
        let session = ExportSession(composition: try Self.composition(of: source, fixtures: fixtures),
                                    videoComposition: nil, settings: Self.audioSettings(target: target), outputPath: output)
        let result = try session.export()
        let reference = try ffmpegLoudness(output)
        let reported = try #require(result.loudness)
        print("loudness \(signal) target \(target): ffmpeg I \(reference.integrated) LUFS, peak \(reference.truePeak) dBTP; "
              + "reported \(reported)")
        #expect(abs(reference.integrated - target) <= 0.5, "ffmpeg measured \(reference.integrated) LUFS")
        #expect(reference.truePeak < -1, "ffmpeg true peak \(reference.truePeak) dBTP")
        #expect(abs(reported.integrated - reference.integrated) <= 0.5, "reported \(reported), ffmpeg \(reference)")
        #expect(reported.truePeak < -1)
        if signal == .quietWithBursts, target == -14 {
            // The limiter acted: peaks stand less far above the loudness than in the source.
            let original = try ffmpegLoudness(source)
            let crest = (source: original.truePeak - original.integrated, output: reference.truePeak - reference.integrated)
            #expect(crest.source - crest.output > 3, "crest factor \(crest)")
        }
        // Exactly the source's samples come out: 6 s at 48 kHz.
        #expect(try audioDurationInSamples(output) == 6 * 48_000)
    }

    @Test func withoutTargetTheOutputIsMeasuredAndLeftAlone() throws {
        let directory = try fixtures.outputDirectory("measure")
        let source = directory + "/source.wav", output = directory + "/out.m4a"
        try Signal.loudSine.write(to: source)
        let composition = try Self.composition(of: source, fixtures: fixtures)
        let result = try ExportSession(composition: composition, videoComposition: nil,
                                       settings: Self.audioSettings(target: nil), outputPath: output).export()
        let reference = try ffmpegLoudness(output)
        let reported = try #require(result.loudness)
        // Untouched: the output measures as the source does.
        let original = try ffmpegLoudness(source)
        #expect(abs(reference.integrated - original.integrated) <= 0.2, "ffmpeg \(reference), source \(original)")
        #expect(abs(reported.integrated - reference.integrated) <= 0.5, "reported \(reported), ffmpeg \(reference)")

        let unmeasured = ExportSession(composition: composition, videoComposition: nil,
                                       settings: Self.audioSettings(target: nil), outputPath: directory + "/plain.m4a")
        unmeasured.measuresLoudness = false
        #expect(try unmeasured.export().loudness == nil)
    }

    @Test func silenceGetsNoGain() throws {
        let output = try fixtures.outputDirectory("silence") + "/out.m4a"
        let range = TimeRange(start: .zero, duration: seconds(2))
        let silence = GeneratedSource(kind: .silence, duration: seconds(2))
        var composition = MutableComposition()
        try composition.insertTimeRange(range, of: [SourceTrack(url: silence.url, trackID: 1, mediaType: .audio,
                                                                timeRange: range)], at: .invalid)
        let result = try ExportSession(composition: composition, videoComposition: nil,
                                       settings: Self.audioSettings(target: -14), outputPath: output).export()
        let loudness = try #require(result.loudness)
        #expect(loudness.isSilent)
        #expect(try audioRMS(output) == 0)
    }

    @Test func limiterKeepsVideoAndAudioDurationsSampleCountAndSync() throws {
        let directory = try fixtures.outputDirectory("sync")
        // Video with pink noise as sound: noise has one unambiguous alignment, unlike a tone.
        let source = directory + "/noise.mp4"
        try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=3",
                                   "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.1:seed=3:sample_rate=48000:duration=3",
                                   "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                                   "-c:a", "aac", "-b:a", "192k", "-ac", "2", source])
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: .zero, duration: seconds(3)),
                                        of: try fixtures.sourceTracks(source), at: .invalid)
        var plain = TestPresets.mp4()
        plain.audio?.bitRate = 192_000
        var loud = plain
        loud.audio?.loudnessTarget = -14
        let normalised = try ExportSession(composition: composition, videoComposition: nil, settings: loud,
                                           outputPath: directory + "/loud.mp4").export()
        let reference = try ExportSession(composition: composition, videoComposition: nil, settings: plain,
                                          outputPath: directory + "/plain.mp4").export()
        #expect(normalised.framesWritten == reference.framesWritten)
        #expect(normalised.duration == reference.duration)
        #expect(try audioDurationInSamples(directory + "/loud.mp4") == 3 * 48_000)
        #expect(try audioDurationInSamples(directory + "/plain.mp4") == 3 * 48_000)
        // ffmpeg 5.1 decodes the last AAC frame's padding too, the same amount in both files.
        let loudSamples = try decodedAudio(directory + "/loud.mp4")
        let plainSamples = try decodedAudio(directory + "/plain.mp4")
        #expect(loudSamples.count == plainSamples.count)
        let measured = try ffmpegLoudness(directory + "/loud.mp4")
        #expect(abs(measured.integrated - -14) <= 0.5, "ffmpeg \(measured)")
        // The limiter's latency is compensated: the two files line up at lag 0.
        #expect(bestLag(loudSamples, plainSamples, around: 48_000, window: 8192, maxLag: 400) == 0)
    }
}

/// The lag (in frames, of `a` behind `b`) that best correlates the left channels over `window` frames from `start`.
func bestLag(_ a: [Float], _ b: [Float], around start: Int, window: Int, maxLag: Int) -> Int {
    var best = (lag: 0, score: -Double.infinity)
    for lag in -maxLag...maxLag {
        var score = 0.0
        for i in start..<start + window {
            let j = i + lag
            guard j >= 0, 2 * j < a.count, 2 * i < b.count else { continue }
            score += Double(a[2 * j]) * Double(b[2 * i])
        }
        if score > best.score { best = (lag, score) }
    }
    return best.lag
}

/// ffmpeg's ebur128 summary (integrated LUFS, true peak dBTP) of a file's audio.
func ffmpegLoudness(_ path: String, filterPrefix: String = "") throws -> (integrated: Double, truePeak: Double) {
    let text = try ffmpegLog(["-nostats", "-i", path, "-vn", "-af", filterPrefix + "ebur128=peak=true", "-f", "null", "-"])
    let summary = try #require(text.range(of: "Summary:"), "no ebur128 summary in: \(text)").upperBound
    func value(after label: String) throws -> Double {
        let start = try #require(text.range(of: label, range: summary..<text.endIndex)).upperBound
        let word = text[start...].split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        if word == "-inf" { return -.infinity }
        return try #require(Double(word), "no number after '\(label)' in: \(text[summary...])")
    }
    return (try value(after: "I:"), try value(after: "Peak:"))
}

/// Runs ffmpeg and returns its log; output and log go through files, not pipes (a pipe read can fail with EINTR
/// while other tests run processes).
func ffmpegLog(_ arguments: [String]) throws -> String {
    try toolOutput("ffmpeg", ["-hide_banner", "-nostdin", "-y"] + arguments, stream: \.standardError)
}

/// Runs `tool` and returns what it wrote to stdout (or the chosen stream) through a temporary file.
func toolOutput(_ tool: String, _ arguments: [String],
                stream: ReferenceWritableKeyPath<Process, Any?> = \.standardOutput) throws -> String {
    let log = NSTemporaryDirectory() + "tool-\(UUID().uuidString).log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: log) }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process[keyPath: stream] = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = try String(contentsOfFile: log, encoding: .utf8)
    guard process.terminationStatus == 0 else {
        throw ExportFixtureError(message: "\(tool) \(arguments.joined(separator: " ")) failed: \(text)")
    }
    return text
}

/// A file's audio decoded by ffmpeg to 48 kHz stereo floats, interleaved (optionally through a filter).
func decodedAudio(_ path: String, filter: String? = nil) throws -> [Float] {
    let raw = NSTemporaryDirectory() + "decoded-\(UUID().uuidString).f32"
    defer { try? FileManager.default.removeItem(atPath: raw) }
    _ = try ffmpegLog(["-i", path, "-vn"] + (filter.map { ["-af", $0] } ?? [])
                      + ["-ac", "2", "-ar", "48000", "-f", "f32le", raw])
    let data = try Data(contentsOf: URL(fileURLWithPath: raw))
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}

/// The first audio stream's duration in its time base (1/48000 for our outputs), as ffprobe reads the container.
func audioDurationInSamples(_ path: String) throws -> Int64? {
    let text = try toolOutput("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=duration_ts",
                                          "-of", "default=noprint_wrappers=1:nokey=1", path])
    return Int64(text.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// Frames (samples per channel) of a file's audio as ffmpeg decodes it.
func decodedFrameCount(_ path: String) throws -> Int { try decodedAudio(path).count / 2 }
