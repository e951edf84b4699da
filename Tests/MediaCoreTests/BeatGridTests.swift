import MediaCore
import Testing

/// `BeatGrid.downbeats`: every 4th beat, from the phase whose beats carry the strongest onsets.
struct BeatGridTests {
    /// Beats every 0.5 s from 0 s; each row puts strong onsets on the beats of one phase (and weak ones elsewhere).
    @Test(arguments: [
        (strongPhase: 0, expected: [0.0, 2.0, 4.0]),
        (strongPhase: 1, expected: [0.5, 2.5, 4.5]),
        (strongPhase: 3, expected: [1.5, 3.5, 5.5]),
    ])
    func downbeatsStartAtTheStrongestPhase(strongPhase: Int, expected: [Double]) {
        let beats = (0..<12).map { Double($0) * 0.5 }
        let onsets = beats.enumerated().map { index, time in
            BeatGrid.Onset(time: time + 0.01, strength: index % 4 == strongPhase ? 9 : 1)
        }
        let grid = BeatGrid(tempo: 120, beats: beats, onsets: onsets, duration: 6)
        #expect(grid.downbeats == expected)
    }

    @Test func withoutOnsetsTheFirstBeatIsTheFirstDownbeatAndOnsetsFarFromBeatsDoNotCount() {
        let beats = (0..<8).map { Double($0) * 0.5 }
        #expect(BeatGrid(tempo: 120, beats: beats, onsets: [], duration: 4).downbeats == [0, 2])
        let far = [BeatGrid.Onset(time: 0.5 + 0.2, strength: 50)]
        #expect(BeatGrid(tempo: 120, beats: beats, onsets: far, duration: 4).downbeats == [0, 2])
        #expect(BeatGrid(tempo: 0, beats: [], onsets: far, duration: 4).downbeats.isEmpty)
    }
}
