import Foundation
import Testing

/// A preset's loudness target, from manifest to file, checked by ffmpeg's own EBU R128 meter.
struct LoudnessRunTests {
    /// Integrated loudness (LUFS) and true peak (dBTP) of `path` as ffmpeg's `ebur128` filter measures them.
    static func measure(_ path: String) throws -> (integrated: Double, peak: Double) {
        let text = try ExternalTool.run("ffmpeg", ["-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true",
                                                   "-f", "null", "-"]).stderr
        let summary = try #require(text.range(of: "Summary:")).upperBound
        func value(after label: String) throws -> Double {
            let start = try #require(text.range(of: label, range: summary..<text.endIndex)).upperBound
            let number = text[start...].drop { $0 == " " }.prefix { "-.0123456789".contains($0) }
            return try #require(Double(number))
        }
        return (try value(after: "I:"), try value(after: "Peak:"))
    }

    @Test(arguments: [-14.0, -23.0])
    func renderedOutputMeetsThePresetsLoudnessTarget(target: Double) throws {
        let directory = try CommandRunner.temporaryDirectory("loudness")
        let manifest = """
            mediabatch: 1
            defaults: { out: out }
            presets:
              loud: { base: draft, video: { width: 160, height: 96, fps: 15 }, audio: { loudness: \(Int(target)), true_peak: -1 } }
            outputs:
              - name: tone
                preset: loud
                clips: [ { source: { generate: testpattern, duration: 4s } } ]
                soundtrack: { source: { generate: tone, duration: 4s, frequency: 300 }, volume: -20dB }

            """
        try CommandRunner.write(manifest, to: "m/loud.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m", "--out", "out"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let measured = try Self.measure(directory.appendingPathComponent("out/tone.mp4").path)
        #expect(abs(measured.integrated - target) <= 0.5, "integrated \(measured.integrated) LUFS")
        #expect(measured.peak < -1, "true peak \(measured.peak) dBTP")
        let data = try Data(contentsOf: directory.appendingPathComponent("out/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outputs = try #require(report["outputs"] as? [[String: Any]])
        let reported = try #require(outputs.first?["loudnessLUFS"] as? Double)
        #expect(abs(reported - measured.integrated) <= 0.5, "report says \(reported) LUFS")
    }
}
