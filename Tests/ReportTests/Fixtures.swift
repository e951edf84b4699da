import Foundation
import MediaCore
import Report

/// Small reports shared by the tests.
enum Fixtures {
    static let start = Date(timeIntervalSince1970: 1_714_557_600)  // 2024-05-01T10:00:00Z

    static let rendered = OutputReport(
        name: "promo-16x9", location: SourceLocation(file: "spring.yaml", line: 12, column: 5),
        path: "out/promo-16x9.mp4", status: .rendered,
        expectedDuration: ReportTime(MediaTime(value: 15, timescale: 2)),
        actualDuration: ReportTime(MediaTime(value: 7500, timescale: 1000)), renderSeconds: 2.5,
        byteSize: 1_234_567, videoCodec: "h264", audioCodec: "aac", resolution: Resolution(width: 1920, height: 1080),
        frameRate: FrameRate(30000, 1001), loudnessLUFS: -16.5, attempts: 1, posterPath: "posters/promo-16x9.jpg",
        warnings: [SourceWarning(stage: .decode, source: "media/shoes.mp4",
                                 message: "shoes.mp4: 3 corrupt audio packets concealed near 4.2 s")])

    static let failed = OutputReport(
        name: "promo-9x16", location: SourceLocation(file: "spring.yaml", line: 20, column: 5),
        path: "out/promo-9x16.mp4", status: .failed, expectedDuration: ReportTime(MediaTime(value: 6, timescale: 1)),
        renderSeconds: 0.75, attempts: 2,
        failure: OutputFailure(stage: .decode, reason: "source 'media/shoes.mp4' is corrupt\nat packet 12"))

    static let skipped = OutputReport(
        name: "promo-9x16-captioned", location: SourceLocation(file: "spring.yaml", line: 31, column: 5),
        path: "out/promo-9x16-captioned.mp4", status: .skipped, dependencies: ["promo-9x16"],
        skipReason: "dependency 'promo-9x16' failed")

    static func report(_ outputs: [OutputReport], shard: String? = nil, wall: Double = 4.25, host: String = "ci-1")
        -> RunReport
    {
        RunReport(
            toolVersion: "0.1.0", host: host, startedAt: start, finishedAt: start.addingTimeInterval(wall),
            shard: shard, outputs: outputs)
    }

    static let three = report([rendered, failed, skipped])
}
