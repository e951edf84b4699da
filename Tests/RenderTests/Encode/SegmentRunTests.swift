@testable import Render
import Testing

/// How content groups become segments: plain neighbours join one session, and a plain stretch too short for a
/// keyframe of its own joins a keyed neighbour with text (the shorter one) instead, never a keyed stretch without
/// text.
struct SegmentRunTests {
    /// A run from a compact spelling: `K20` keyed, `T20` keyed with text, `P5` plain, `t5` plain with text, `C8`
    /// copied; the number is its frame count.
    static func runs(_ spelling: String) -> [SegmentPlan.Run] {
        var start: Int64 = 0
        return spelling.split(separator: " ").map { word in
            let count = Int64(word.dropFirst())!
            let frames = start..<start + count
            start += count
            let key = "KT".contains(word.first!) ? SegmentKey(identity: "\(frames)", label: String(word)) : nil
            let segment = PlannedSegment(frames: frames, key: key, isCopied: word.first == "C")
            return SegmentPlan.Run(segment: segment, showsText: "Tt".contains(word.first!))
        }
    }

    /// The segments as `K0..<20`, `P20..<25`, `C25..<33`.
    static func spelled(_ segments: [PlannedSegment]) -> String {
        segments.map { ($0.isCopied ? "C" : $0.key == nil ? "P" : "K") + "\($0.frames)" }.joined(separator: " ")
    }

    @Test(arguments: [
        ("K20 P5 P6 K20", "K0..<20 P20..<31 K31..<51"),
        ("K20 P5 T40", "K0..<20 P20..<65"),
        ("T20 t3 T40", "P0..<23 K23..<63"),
        ("T40 t3 T20", "K0..<40 P40..<63"),
        ("K20 P3 K20", "K0..<20 P20..<23 K23..<43"),
        ("T20 P12 T20", "K0..<20 P20..<32 K32..<52"),
        ("C8 P3 T20", "C0..<8 P8..<31"),
        ("P3", "P0..<3"),
    ])
    func shortPlainStretchesJoinAKeyedNeighbourWithText(spelling: String, expected: String) {
        #expect(Self.spelled(SegmentPlan.joined(SegmentPlan.absorbingShortRuns(Self.runs(spelling)))) == expected)
    }
}
