import Composition
import Foundation
import LibAV
import MediaCore
import MediaTestSupport
@testable import Render
import Synchronization
import Testing

/// What an export stages for later runs (`SegmentArchive.stage`) is settled however the export ends: published when
/// its sources were whole, also when the export is cancelled after the segment was encoded.
@Suite struct ExportStagingTests {
    /// An archive that keeps nothing and records what the export asked of it.
    final class RecordingArchive: SegmentArchive {
        let calls = Mutex<[String]>([])

        func load(_ key: SegmentKey, extradata: [UInt8]) -> ArchivedSegment? { nil }

        func stage(_ key: SegmentKey, _ segment: ArchivedSegment) -> StagedSegment {
            calls.withLock { $0.append("stage \(segment.packets.count) packets") }
            return StagedSegment(key: key, name: "only")
        }

        func publish(_ staged: StagedSegment) { calls.withLock { $0.append("publish \(staged.name)") } }

        func discard(_ staged: StagedSegment) { calls.withLock { $0.append("discard \(staged.name)") } }

        func remove(_ key: SegmentKey) { calls.withLock { $0.append("remove") } }
    }

    @Test func aCancelledExportOfWholeSourcesPublishesWhatItStaged() throws {
        let range = TimeRange(start: .zero, duration: seconds(2))
        let composition = try TestPresets.pattern(seconds: 2, tone: false)
        let video = try TestPresets.oneLayer(of: composition, size: Size(width: 160, height: 120), range: range)
        let output = try ExportFixtures.get().outputDirectory("staging-cancelled") + "/out.mp4"
        let session = ExportSession(composition: composition, videoComposition: video, audioMix: AudioMix(),
                                    settings: TestPresets.mp4(audio: false), outputPath: output)
        session.shareableRanges = [range]
        #expect(session.plannedVideoSegments().map { $0.key != nil } == [true])
        let archive = RecordingArchive()
        session.segmentCache = SegmentCache(archive: archive)
        // Once every picture is encoded; the export stops before it writes the file's end.
        session.onTail = { [session] in session.cancel() }
        #expect(throws: ExportError.cancelled) { try session.export() }
        #expect(archive.calls.withLock { $0 } == ["stage 60 packets", "publish only"])
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
