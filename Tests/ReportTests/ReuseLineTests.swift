import Report
import Testing

/// The summary line on what outputs took from the run's shared cache: video segments, copied soundtracks, both,
/// or nothing (no line).
@Suite struct ReuseLineTests {
    /// An output reusing `segments` video segments (1.5 s each) and, when `sound`, another output's soundtrack.
    static func output(_ name: String, segments: Int, sound: Bool) -> OutputReport {
        var report = OutputReport(name: name, path: "out/\(name).mp4", status: .rendered)
        if segments > 0 {
            report.reusedSegments = (0..<segments).map { "intro.mp4 \($0)" }
            report.reusedSeconds = 1.5 * Double(segments)
        }
        report.reusedSoundtrack = sound ? "soundtrack (bed.m4a, shoes.mp4)" : nil
        return report
    }

    @Test(arguments: [
        ([(2, false), (0, false)], "shared segments: 2 reused by 1 output, 3.0 s of video not rendered again"),
        ([(0, true), (0, true), (0, false)], "shared segments: 2 outputs copied the sound of another"),
        ([(2, true), (1, false)],
         "shared segments: 3 reused by 2 outputs, 4.5 s of video not rendered again; 1 output copied the sound of another"),
    ])
    func summarisesWhatWasReused(outputs: [(Int, Bool)], line: String) {
        let report = Fixtures.report(outputs.enumerated().map { Self.output("o\($0)", segments: $1.0, sound: $1.1) })
        #expect(report.reuseLine == line)
    }

    @Test func noReuseNoLine() {
        #expect(Fixtures.report([Self.output("a", segments: 0, sound: false)]).reuseLine == nil)
    }
}
