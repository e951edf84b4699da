public import MediaCore

/// Finds a soundtrack's beats (aubio `tempo`) and onsets (aubio `onset`) over the whole file, decoded with LibAV
/// to mono float at `sampleRate`. Deterministic: the same file gives the same grid.
public struct BeatAnalyzer: BeatAnalysis {
    /// The rate aubio analyses at.
    public static let sampleRate = 44_100
    /// The analysis window in samples (aubio's default at 44.1 kHz).
    public static let window = 1024
    /// The step between windows in samples (aubio's default at 44.1 kHz).
    public static let hop = 512
    /// Names the settings below: cached grids of another version are not read.
    public static let version = "1: aubio 0.4 default tempo and onset, 44100 Hz mono, 1024/512"

    /// An analyser with aubio's default methods.
    public init() {}

    /// The beats, tempo and onsets of the file at `path`.
    public func beats(path: String) throws -> BeatGrid {
        do {
            return try analyse(path)
        } catch let error as BeatError {
            throw error
        } catch {
            throw BeatError("\(path): \(error)")
        }
    }

    private func analyse(_ path: String) throws -> BeatGrid {
        let audio = try MonoAudio(path: path, sampleRate: Self.sampleRate)
        let tempo = try AubioTempo(window: Self.window, hop: Self.hop, sampleRate: Self.sampleRate)
        let onsets = try AubioOnset(window: Self.window, hop: Self.hop, sampleRate: Self.sampleRate)
        let hop = try AubioVector(length: Self.hop)
        var beats: [Double] = [], found: [BeatGrid.Onset] = []
        var buffer: [Float] = [], consumed = 0, total = 0
        func feed() {
            hop.fill(from: buffer, start: consumed)
            consumed += Self.hop
            if let beat = tempo.beat(in: hop), beat >= (beats.last ?? -1) { beats.append(beat) }
            if let onset = onsets.onset(in: hop) {
                found.append(BeatGrid.Onset(time: onset.time, strength: onset.strength))
            }
        }
        while let samples = try audio.next() {
            total += samples.count
            buffer += samples
            while buffer.count - consumed >= Self.hop { feed() }
            if consumed > 1 << 16 {
                buffer.removeFirst(consumed)
                consumed = 0
            }
        }
        // The last partial hop, padded with silence, so beats near the end are heard.
        if buffer.count > consumed {
            buffer += [Float](repeating: 0, count: Self.hop - (buffer.count - consumed))
            feed()
        }
        let duration = Double(total) / Double(Self.sampleRate)
        return BeatGrid(tempo: beats.isEmpty ? 0 : tempo.beatsPerMinute,
                        beats: Self.extendedBack(beats).filter { $0 < duration },
                        onsets: found.filter { $0.time < duration }, duration: duration)
    }

    /// aubio's tracker needs a few seconds to lock on, so it reports no beats at the very start: the grid is extended
    /// back from its first beat to the file's start at the median interval between the beats it found.
    static func extendedBack(_ beats: [Double]) -> [Double] {
        guard beats.count >= 4 else { return beats }
        let intervals = zip(beats.dropFirst(), beats).map { $0 - $1 }.sorted()
        let period = intervals[intervals.count / 2]
        guard period > 0.1 else { return beats }
        var earlier: [Double] = []
        var time = beats[0] - period
        while time >= 0 {
            earlier.append(time)
            time -= period
        }
        return earlier.reversed() + beats
    }
}
