import Composition
import Foundation
import LibAV
import MediaCore
import Render
import Testing

/// `ExportSession.timeRange`: a part of the timeline becomes the whole file, pictures and sound alike.
@Suite struct ExportSessionTimeRangeTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// One second of red then one second of the 1 kHz tone of `longer` (its pictures and sound).
    func redThenLonger() throws -> MutableComposition {
        var composition = MutableComposition()
        try composition.insertTimeRange(TimeRange(start: .zero, duration: seconds(1)), of: try fixtures.sourceTracks(fixtures.red),
                                        at: .invalid)
        try composition.insertTimeRange(TimeRange(start: .zero, duration: seconds(1)),
                                        of: try fixtures.sourceTracks(fixtures.longer), at: .invalid)
        return composition
    }

    @Test func theRangeBecomesTheWholeFile() throws {
        let output = try fixtures.outputDirectory("time-range") + "/range.mp4"
        let session = ExportSession(composition: try redThenLonger(), videoComposition: nil,
                                    settings: TestPresets.mp4(), outputPath: output)
        session.timeRange = TimeRange(start: seconds(1, 2), duration: seconds(1))
        let result = try session.export()
        #expect(result.framesWritten == 30)
        let probe = try ProbeReport(path: output)
        #expect(ProbeReport.string(probe.video, "nb_read_frames") == "30")
        #expect(abs(probe.formatDuration - 1) <= 0.05)
        // Frame 0 is composition time 0.5 s (red, silent); frame 29 is 1.467 s (testsrc2, with its tone).
        #expect(try RGBPicture(path: output, frame: 0, width: 160, height: 120).matches(80, 60, (255, 0, 0)))
        #expect(!(try RGBPicture(path: output, frame: 29, width: 160, height: 120).matches(80, 60, (255, 0, 0))))
        let firstHalf = try audioRMS(output, from: 0, duration: 0.45)
        let secondHalf = try audioRMS(output, from: 0.55, duration: 0.45)
        #expect(firstHalf < 0.01, "the red second is silent: \(firstHalf)")
        #expect(secondHalf > 0.05, "the tone (RMS 0.062) plays from 0.5 s: \(secondHalf)")
    }

    @Test func aRangeReachingPastTheEndStopsAtTheEnd() throws {
        let output = try fixtures.outputDirectory("time-range-tail") + "/tail.mp4"
        let session = ExportSession(composition: try redThenLonger(), videoComposition: nil,
                                    settings: TestPresets.mp4(audio: false), outputPath: output)
        session.timeRange = TimeRange(start: seconds(3, 2), duration: .positiveInfinity)
        #expect(try session.export().framesWritten == 15)
    }

    @Test(arguments: [
        (TimeRange(start: seconds(5), duration: seconds(1)),
         "setup: the time range [5/1, 6/1) has nothing of the composition, which lasts 2/1"),
        (TimeRange.invalid, "setup: the time range (invalid) has nothing of the composition, which lasts 2/1"),
        (TimeRange(start: seconds(1), duration: .zero),
         "setup: the time range [1/1, 1/1) has nothing of the composition, which lasts 2/1"),
    ])
    func aRangeWithoutMediaFailsBeforeWriting(range: TimeRange, message: String) throws {
        let output = try fixtures.outputDirectory("time-range-empty") + "/none.mp4"
        let session = ExportSession(composition: try redThenLonger(), videoComposition: nil,
                                    settings: TestPresets.mp4(), outputPath: output)
        session.timeRange = range
        let error = #expect(throws: ExportError.self) { try session.export() }
        #expect(error?.description == message)
        #expect(session.status == .failed)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
