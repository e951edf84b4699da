/// What beat analysis found in a soundtrack, in seconds of the file: aubio's beats and tempo, and its onsets with
/// the strength of the onset detection function at each.
public struct BeatGrid: Sendable, Hashable, Codable {
    /// One onset: where a note or hit starts, and how strong the attack is.
    public struct Onset: Sendable, Hashable, Codable {
        /// Seconds from the file's start.
        public var time: Double
        /// The onset detection function's value there (larger is a harder attack).
        public var strength: Double

        /// An onset at `time` of `strength`.
        public init(time: Double, strength: Double) {
            self.time = time
            self.strength = strength
        }
    }

    /// Beats per minute as the tempo tracker last estimated it (0 when it found no tempo).
    public var tempo: Double
    /// Beat times, increasing.
    public var beats: [Double]
    /// Onsets, in time order.
    public var onsets: [Onset]
    /// The file's length in seconds.
    public var duration: Double

    /// A grid of `beats` at `tempo` with `onsets`, for a file `duration` seconds long.
    public init(tempo: Double, beats: [Double], onsets: [Onset], duration: Double) {
        self.tempo = tempo
        self.beats = beats
        self.onsets = onsets
        self.duration = duration
    }

    /// Beats per bar for `downbeats` (aubio finds no bars: common time is assumed).
    public static let beatsPerBar = 4
    /// How far an onset may be from a beat to count towards its strength, in seconds.
    public static let onsetWindow = 0.07

    /// Every `beatsPerBar`th beat, starting at the phase (0 to 3) whose beats carry the most onset strength (each
    /// beat counts its strongest onset within `onsetWindow`); a tie goes to the earliest phase.
    public var downbeats: [Double] {
        guard !beats.isEmpty else { return [] }
        let strengths = beats.map(strength(near:))
        var best = (phase: 0, total: -Double.infinity)
        for phase in 0..<min(Self.beatsPerBar, beats.count) {
            let total = stride(from: phase, to: beats.count, by: Self.beatsPerBar).reduce(0) { $0 + strengths[$1] }
            if total > best.total { best = (phase, total) }
        }
        return stride(from: best.phase, to: beats.count, by: Self.beatsPerBar).map { beats[$0] }
    }

    /// The strongest onset's strength within `onsetWindow` of `time` (0 for none).
    func strength(near time: Double) -> Double {
        onsets.lazy.filter { abs($0.time - time) <= Self.onsetWindow }.map(\.strength).max() ?? 0
    }
}
