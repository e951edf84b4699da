import Foundation
import LibAV
import Testing

/// LoudnessMeter against ffmpeg's ebur128 filter (an independent implementation) on the very same samples.
@Suite struct LoudnessMeterTests {
    /// A stereo programme: `seconds` of a sine at `frequency` Hz and `dBFS` peak, the right channel optionally
    /// silent, as planar arrays at 48 kHz.
    static func sine(frequency: Double, dBFS: Double, seconds: Double, rightSilent: Bool = false) -> [[Float]] {
        let amplitude = pow(10, dBFS / 20)
        let count = Int(seconds * 48_000)
        let left = (0..<count).map { Float(amplitude * sin(2 * Double.pi * frequency * Double($0) / 48_000)) }
        return [left, rightSilent ? Array(repeating: 0, count: count) : left]
    }

    /// Deterministic noise on both channels, uncorrelated: uniform +-amplitude, smoothed by a 4-tap moving average so
    /// little energy sits near Nyquist (where oversampling filters, and so true-peak estimates, differ most).
    static func noise(dBFS: Double, seconds: Double) -> [[Float]] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Float {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Double(seed >> 11) / Double(1 << 53) * 2 - 1)
        }
        let amplitude = Float(pow(10, dBFS / 20)), count = Int(seconds * 48_000)
        return (0..<2).map { _ in
            let white = (0..<count + 3).map { _ in next() * amplitude }
            return (0..<count).map { (white[$0] + white[$0 + 1] + white[$0 + 2] + white[$0 + 3]) / 4 }
        }
    }

    /// Integrated loudness and true peak as ffmpeg's ebur128 filter measures raw float samples.
    static func ffmpegReference(_ planar: [[Float]]) throws -> (integrated: Double, truePeak: Double) {
        let path = NSTemporaryDirectory() + "loudness-\(UUID().uuidString).f32"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var interleaved = [Float](repeating: 0, count: planar[0].count * 2)
        for i in 0..<planar[0].count {
            interleaved[2 * i] = planar[0][i]
            interleaved[2 * i + 1] = planar[1][i]
        }
        try interleaved.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-hide_banner", "-nostdin", "-nostats", "-f", "f32le", "-ar", "48000", "-ac", "2",
                             "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"]
        // stderr goes to a file: reading a pipe can fail with EINTR while other tests run processes.
        let log = path + ".log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let summary = try #require(text.range(of: "Summary:")).upperBound
        func value(after label: String) throws -> Double {
            let start = try #require(text.range(of: label, range: summary..<text.endIndex)).upperBound
            let word = text[start...].split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
            return try #require(Double(word), "no number after '\(label)' in: \(text[summary...])")
        }
        return (try value(after: "I:"), try value(after: "Peak:"))
    }

    @Test(arguments: [
        (997.0, -20.0, false), (1000.0, -18.0, true), (440.0, -3.0, false), (5000.0, -30.0, false),
    ])
    func sineAgreesWithFFmpeg(frequency: Double, dBFS: Double, rightSilent: Bool) throws {
        let samples = Self.sine(frequency: frequency, dBFS: dBFS, seconds: 3, rightSilent: rightSilent)
        let meter = try LoudnessMeter(channels: 2, sampleRate: 48_000, measuresRange: true)
        try meter.add(planar: samples)
        let measured = try meter.measurement()
        let reference = try Self.ffmpegReference(samples)
        #expect(abs(measured.integrated - reference.integrated) < 0.15, "ours \(measured), ffmpeg \(reference)")
        #expect(abs(measured.truePeak - reference.truePeak) < 0.3, "ours \(measured), ffmpeg \(reference)")
        #expect(try abs(#require(measured.range)) < 0.5)
        #expect(meter.frameCount == 3 * 48_000)
    }

    @Test func noiseAgreesWithFFmpegAndInterleavedEqualsPlanar() throws {
        let samples = Self.noise(dBFS: -12, seconds: 4)
        let planar = try LoudnessMeter(channels: 2, sampleRate: 48_000)
        // Fed in uneven chunks through the pointer API.
        var offset = 0
        for chunk in [1000, 4801, 77, 100_000, 1_000_000] where offset < samples[0].count {
            let count = min(chunk, samples[0].count - offset)
            try samples[0].withUnsafeBufferPointer { left in
                try samples[1].withUnsafeBufferPointer { right in
                    try planar.add(planar: [left.baseAddress! + offset, right.baseAddress! + offset], frameCount: count)
                }
            }
            offset += count
        }
        let interleavedMeter = try LoudnessMeter(channels: 2, sampleRate: 48_000)
        var interleaved = [Float](repeating: 0, count: samples[0].count * 2)
        for i in 0..<samples[0].count { interleaved[2 * i] = samples[0][i]; interleaved[2 * i + 1] = samples[1][i] }
        try interleaved.withUnsafeBufferPointer {
            try interleavedMeter.add(interleaved: $0.baseAddress!, frameCount: samples[0].count)
        }
        let ours = try planar.measurement()
        #expect(ours == (try interleavedMeter.measurement()))
        let reference = try Self.ffmpegReference(samples)
        #expect(abs(ours.integrated - reference.integrated) < 0.15, "ours \(ours), ffmpeg \(reference)")
        #expect(abs(ours.truePeak - reference.truePeak) < 0.3, "ours \(ours), ffmpeg \(reference)")
        #expect(try planar.samplePeakLinear() <= pow(10, -12.0 / 20) + 1e-6)
    }

    @Test func silenceHasNoLoudness() throws {
        let meter = try LoudnessMeter(channels: 2, sampleRate: 48_000)
        try meter.add(planar: [[Float](repeating: 0, count: 96_000), [Float](repeating: 0, count: 96_000)])
        let measured = try meter.measurement()
        #expect(measured.isSilent)
        #expect(measured.truePeak == -.infinity)
    }

    @Test func errorsAreWholeSentences() throws {
        #expect(throws: LibAVError.invalidArgument("cannot measure the loudness of 48000 Hz 0 ch: invalid audio format")) {
            _ = try LoudnessMeter(channels: 0, sampleRate: 48_000)
        }
        let meter = try LoudnessMeter(channels: 2, sampleRate: 48_000)
        let error = #expect(throws: LibAVError.self) { try meter.add(planar: [[0, 0, 0]]) }
        #expect(error?.description == "cannot measure the loudness of 1 planes: the meter was set up for 48000 Hz 2 ch")
        let range = #expect(throws: LibAVError.self) { try meter.loudnessRange() }
        #expect(range?.description == "cannot measure the loudness of 48000 Hz 2 ch: the meter was not set up for this "
            + "measurement (ebur128_loudness_range)")
        #expect(try meter.measurement().range == nil)
        let failed = LibAVError.failed(.measureLoudness("48000 Hz 2 ch"), function: "ebur128_true_peak", code: 2,
                                       message: "the meter was not set up for this measurement")
        #expect(failed.description
            == "cannot measure the loudness of 48000 Hz 2 ch: the meter was not set up for this measurement (ebur128_true_peak)")
        #expect(failed.stage == .convert)
    }
}
