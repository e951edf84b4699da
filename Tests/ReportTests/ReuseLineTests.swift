import Report
import Testing

/// The summary line on what outputs took from the run's shared cache (video segments, copied soundtracks) and
/// copied from their sources (pictures), any mix of them, or nothing (no line).
@Suite struct ReuseLineTests {
    /// An output reusing `segments` video segments (1.5 s each) and, when `sound`, another output's soundtrack, having
    /// copied `copied` pictures from its sources.
    static func output(_ name: String, segments: Int, sound: Bool, copied: Int64 = 0) -> OutputReport {
        var report = OutputReport(name: name, path: "out/\(name).mp4", status: .rendered)
        if segments > 0 {
            report.reusedSegments = (0..<segments).map { "intro.mp4 \($0)" }
            report.reusedSeconds = 1.5 * Double(segments)
        }
        report.reusedSoundtrack = sound ? "soundtrack (bed.m4a, shoes.mp4)" : nil
        report.copiedFrames = copied > 0 ? copied : nil
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

    @Test func countsThePicturesCopiedFromSources() {
        let report = Fixtures.report([Self.output("a", segments: 0, sound: false, copied: 120),
                                      Self.output("b", segments: 1, sound: false, copied: 30),
                                      Self.output("c", segments: 0, sound: false)])
        #expect(report.reuseLine == "shared segments: 1 reused by 1 output, 1.5 s of video not rendered again; "
                + "2 outputs copied 150 pictures from their sources")
        #expect(report.markdown().contains("- **a**: 120 pictures copied from the sources\n"))
        #expect(report.markdown().contains("- **b** (1.5 s of video): intro.mp4 0; 30 pictures copied from the sources\n"))
    }

    @Test func noReuseNoLine() {
        #expect(Fixtures.report([Self.output("a", segments: 0, sound: false)]).reuseLine == nil)
    }
}
