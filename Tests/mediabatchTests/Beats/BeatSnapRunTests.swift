import Foundation
import MediaTestSupport
import Testing

/// `snap` through the binary: a 120 BPM kick as the soundtrack, clips of solid colours whose natural cuts fall off
/// the beat, the cuts found again by the ffmpeg CLI's pixels.
struct BeatSnapRunTests {
    /// A 60 Hz sine burst decaying in a few tens of milliseconds every half second: 120 BPM, a beat at every 0.5 s.
    static func makeKick(_ path: String, period: Double = 0.5, seconds: Int = 8) throws {
        _ = try MediaTool.run("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i",
                                         "aevalsrc='0.8*sin(2*PI*60*t)*exp(-30*mod(t,\(period)))':s=44100:d=\(seconds)",
                                         "-c:a", "pcm_s16le", path])
    }

    /// Three 4 s clips of solid red, green and blue, and the kick, in `directory/m/media`.
    static func makeMedia(in directory: URL) throws {
        let media = directory.appendingPathComponent("m/media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for (name, color) in [("a", "red"), ("b", "green"), ("c", "blue")] {
            _ = try MediaTool.run("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i",
                                             "color=\(color):s=160x90:r=30:d=4", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                                             media.appendingPathComponent("\(name).mp4").path])
        }
        try makeKick(media.appendingPathComponent("kick.wav").path)
    }

    /// Natural cuts at 1.37 s and 2.57 s: 4 and 2 frames off the beat.
    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: small }
        presets:
          small: { base: draft, video: { width: 160, height: 90, fps: 30 }, audio: { bitrate: 64k } }
        templates:
          cut: { soundtrack: { source: media/kick.wav, loop: false } }
        outputs:
          - name: snapped
            template: cut
            snap: beats
            clips: &clips
              - { source: media/a.mp4, from: 0s, duration: 1.37s }
              - { source: media/b.mp4, from: 0s, duration: 1.2s }
              - { source: media/c.mp4, from: 0s, duration: 1.5s }
          - { name: loose, template: cut, clips: *clips }
          - { name: every-other, template: cut, snap: { to: beats, every: 2, max_shift: 0.5s }, clips: *clips }

        """

    /// The frames where the picture's colour changes (the first frame of each new clip).
    static func cutFrames(_ video: RGBVideo) -> [Int] {
        func color(_ frame: Int) -> Int {
            let c = video.rgb(frame, 80, 45)
            return [c.r, c.g, c.b].enumerated().max { $0.element < $1.element }!.offset
        }
        return (1..<video.frameCount).filter { color($0) != color($0 - 1) }
    }

    /// How many frames `frame` is from the nearest multiple of `period` seconds at 30 fps.
    static func framesOffBeat(_ frame: Int, period: Double = 0.5) -> Double {
        let time = Double(frame) / 30
        return abs(time - (time / period).rounded() * period) * 30
    }

    @Test func snappedCutsFallWithinAFrameOfABeatAndTheBytesDoNotDependOnJobs() throws {
        let directory = try CommandRunner.temporaryDirectory("beat-snap")
        try Self.makeMedia(in: directory)
        try CommandRunner.write(Self.manifest, to: "m/test.yaml", in: directory)
        for jobs in ["1", "2"] {
            let result = try CommandRunner.run(["run", "m", "--out", "out\(jobs)", "--quiet", "--jobs", jobs], in: directory)
            try #require(result.status == 0, "\(result.stderr)")
        }
        for name in ["snapped", "loose", "every-other"] {
            let one = try Data(contentsOf: directory.appendingPathComponent("out1/\(name).mp4"))
            let two = try Data(contentsOf: directory.appendingPathComponent("out2/\(name).mp4"))
            #expect(one == two, "\(name): --jobs 1 and --jobs 2 differ")
        }
        func cuts(_ name: String) throws -> [Int] {
            Self.cutFrames(try RGBVideo(path: directory.appendingPathComponent("out1/\(name).mp4").path, width: 160, height: 90))
        }
        let snapped = try cuts("snapped"), loose = try cuts("loose"), everyOther = try cuts("every-other")
        #expect(snapped.count == 2 && loose.count == 2 && everyOther.count == 2, "\(snapped) \(loose) \(everyOther)")
        for frame in snapped { #expect(Self.framesOffBeat(frame) <= 1, "snapped cut at frame \(frame)") }
        // Every other beat: each cut on a beat, and the two a whole number of bars of two beats (1 s) apart.
        for frame in everyOther { #expect(Self.framesOffBeat(frame) <= 1, "every-other cut at frame \(frame)") }
        if everyOther.count == 2 {
            #expect(Self.framesOffBeat(everyOther[1] - everyOther[0], period: 1) <= 1, "every-other cuts \(everyOther)")
        }
        #expect(loose.allSatisfy { Self.framesOffBeat($0) > 1 }, "natural cuts \(loose) should be off the beat")
    }

    @Test func planPrintsTheGridAndMovedCutsAndReadsTheCacheUntilTheFileChanges() throws {
        let directory = try CommandRunner.temporaryDirectory("beat-plan")
        try Self.makeMedia(in: directory)
        try CommandRunner.write(Self.manifest, to: "m/test.yaml", in: directory)
        let first = try CommandRunner.run(["plan", "m", "--only", "snapped"], in: directory)
        try #require(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n").map(String.init)
        let grid = try #require(lines.first { $0.hasPrefix("  beats:") })
        #expect(grid.hasPrefix("  beats:    file 'media/kick.wav' at 12") && grid.contains(" BPM; ")
                && grid.hasSuffix("0.5s, 1s, 1.5s, 2s, 2.5s, 3s, 3.5s"), "\(grid)")
        #expect(lines.filter { $0.hasPrefix("  snap:") } == [
            "  snap:     cut into clip 2 1.37s -> 1.5s",
            "  snap:     cut into clip 3 2.7s -> 2.5s",
        ])
        // The grid is kept under beats/ of the cache; a second plan reads it (an entry edited to 99 BPM shows).
        let folder = directory.appendingPathComponent(".cache/beats")
        let entries = try #require(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") })
        try #require(entries.count == 1, "\(entries)")
        let entry = folder.appendingPathComponent(entries[0])
        var grid99 = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: entry)) as? [String: Any])
        grid99["tempo"] = 99
        try JSONSerialization.data(withJSONObject: grid99).write(to: entry)
        let cached = try CommandRunner.run(["plan", "m", "--only", "snapped"], in: directory)
        #expect(cached.stdout.contains("at 99 BPM;"), "\(cached.stdout)")
        // The same bytes written again (a fresh checkout: another inode and time) are the same soundtrack.
        let kick = directory.appendingPathComponent("m/media/kick.wav")
        let bytes = try Data(contentsOf: kick)
        try FileManager.default.removeItem(at: kick)
        try bytes.write(to: kick)
        let checkedOut = try CommandRunner.run(["plan", "m", "--only", "snapped"], in: directory)
        #expect(checkedOut.stdout.contains("at 99 BPM;"), "\(checkedOut.stdout)")
        // A changed soundtrack (a beat every 0.4 s: 150 BPM) is analysed again.
        try Self.makeKick(directory.appendingPathComponent("m/media/kick.wav").path, period: 0.4, seconds: 7)
        let changed = try CommandRunner.run(["plan", "m", "--only", "snapped"], in: directory)
        let gridLine = changed.stdout.split(separator: "\n").first { $0.hasPrefix("  beats:") } ?? ""
        let words = gridLine.split(separator: " ").map(String.init)
        let tempo = words.firstIndex(of: "BPM;").flatMap { index in index > 0 ? Double(words[index - 1]) : nil }
        #expect(tempo.map { abs($0 - 150) < 8 } == true, "\(changed.stdout)")
    }

    @Test func validateReportsSnapProblemsAtTheirLines() throws {
        let directory = try CommandRunner.temporaryDirectory("beat-validate")
        try Self.makeMedia(in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: late
                soundtrack: { source: media/kick.wav, loop: false }
                snap: beats
                clips:
                  - { source: media/a.mp4, from: 2.63s, duration: 1.37s }
                  - { source: media/b.mp4, from: 0s, duration: 1.2s }
              - { name: t1, soundtrack: media/kick.wav, snap: beat, clips: [media/a.mp4] }
              - { name: t2, soundtrack: media/kick.wav, snap: { to: bars, every: 0, max_shift: 0s, shift: 1 }, clips: [media/a.mp4] }
              - { name: t3, snap: beats, clips: [media/a.mp4] }
              - { name: t4, soundtrack: media/kick.wav, snap: beats, tracks: [ { segments: [ { source: media/a.mp4, to: 1s } ] } ] }

            """, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr == """
            m/test.yaml:8:19: error: 'snap' moves the cut after this clip from 1.37s to 1.5s, so it would end at 4.13s of file 'media/a.mp4', which is only 4s long; end the clip earlier in its source or lower 'max_shift'
                  - { source: media/a.mp4, from: 2.63s, duration: 1.37s }
                              ^
            m/test.yaml:10:51: error: unknown snap target 'beat'; did you mean 'beats'?
              - { name: t1, soundtrack: media/kick.wav, snap: beat, clips: [media/a.mp4] }
                                                              ^
            m/test.yaml:11:57: error: unknown snap target 'bars'; expected one of 'beats', 'downbeats', 'onsets'
              - { name: t2, soundtrack: media/kick.wav, snap: { to: bars, every: 0, max_shift: 0s, shift: 1 }, clips: [media/a.mp4] }
                                                                    ^
            m/test.yaml:11:70: error: 'every' must be from 1 to 64, not 0
              - { name: t2, soundtrack: media/kick.wav, snap: { to: bars, every: 0, max_shift: 0s, shift: 1 }, clips: [media/a.mp4] }
                                                                                 ^
            m/test.yaml:11:84: error: 'max_shift' must be more than 0s and at most 10s, not '0s'
              - { name: t2, soundtrack: media/kick.wav, snap: { to: bars, every: 0, max_shift: 0s, shift: 1 }, clips: [media/a.mp4] }
                                                                                               ^
            m/test.yaml:11:88: error: unknown key 'shift' in 'snap'
              - { name: t2, soundtrack: media/kick.wav, snap: { to: bars, every: 0, max_shift: 0s, shift: 1 }, clips: [media/a.mp4] }
                                                                                                   ^
            m/test.yaml:12:23: error: 'snap' moves cuts to the soundtrack's beats, but output 't3' has no 'soundtrack'
              - { name: t3, snap: beats, clips: [media/a.mp4] }
                                  ^
            m/test.yaml:13:51: error: 'snap' has no effect with 'tracks'; 'snap' moves cuts between 'clips'; put the segments on the beats instead
              - { name: t4, soundtrack: media/kick.wav, snap: beats, tracks: [ { segments: [ { source: media/a.mp4, to: 1s } ] } ] }
                                                              ^
            m/test.yaml: 8 errors; 0 of 5 outputs can be built
            8 errors in 1 of 1 file; 0 of 5 outputs in 1 manifest can be built

            """)
    }

    @Test func planMovesATransitionsCentreAndKeepsACutWithNoBeatNear() throws {
        let directory = try CommandRunner.temporaryDirectory("beat-transition")
        try Self.makeMedia(in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: faded
                soundtrack: { source: media/kick.wav, loop: false }
                snap: { to: beats, max_shift: 0.2s }
                transition: { type: crossfade, duration: 0.4s }
                clips:
                  - { source: media/a.mp4, from: 0s, duration: 1.37s }
                  - { source: media/b.mp4, from: 0s, duration: 1.5s }
              - name: tight
                soundtrack: { source: media/kick.wav, loop: false }
                snap: { to: beats, max_shift: 50ms }
                clips:
                  - { source: media/a.mp4, from: 0s, duration: 1.37s }
                  - { source: media/b.mp4, from: 0s, duration: 1s }

            """, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["plan", "m"], in: directory)
        try #require(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The crossfade starts at 0.97 s, so its centre is at 1.17 s: moved to the beat at 1 s, it starts at 0.8 s.
        #expect(lines.filter { $0.hasPrefix("  snap:") || $0.hasPrefix("  cuts:") } == [
            "  cuts:     0.8s crossfade 0.4s",
            "  snap:     cut into clip 2 1.17s -> 1s",
            "  cuts:     1.37s cut",
            "  snap:     cut into clip 2 stays at 1.37s: no beat within 0.05s",
        ], "\(result.stdout)")
    }

    /// The beat grid does not depend on the processor: aubio's analysis (its FFTs through fftw, which picks its
    /// routines by the processor) run on QEMU's emulated Nehalem (SSE4.2; no AVX, AVX2 or FMA) writes the cache entry
    /// this machine writes, byte for byte, and `plan` moves the cuts to the same beats. The soundtrack is not a clean
    /// click track: a kick at 123 BPM, an off-beat tone, a chirp and noise, so the tracker weighs close candidates.
    @Test(.enabled(if: DeterminismTests.runsOnX86)) func theBeatGridIsTheSameOnAnOlderProcessor() throws {
        let nehalem = try DeterminismTests.emulated("Nehalem")
        let directory = try CommandRunner.temporaryDirectory("beat-cpu")
        try Self.makeMedia(in: directory)
        let music = directory.appendingPathComponent("m/media/music.wav").path
        _ = try MediaTool.run("ffmpeg", [
            "-loglevel", "error", "-y", "-f", "lavfi", "-i",
            "aevalsrc='0.6*sin(2*PI*55*t)*exp(-25*mod(t,60/123))+0.2*sin(2*PI*220*t)*exp(-8*mod(t+0.12,120/123))"
                + "+0.05*sin(2*PI*3000*t*t)':s=44100:d=12",
            "-f", "lavfi", "-i", "anoisesrc=a=0.08:d=12:seed=7", "-filter_complex", "amix=inputs=2",
            "-c:a", "pcm_s16le", music])
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: snapped
                soundtrack: { source: media/music.wav, loop: false }
                snap: beats
                clips:
                  - { source: media/a.mp4, from: 0s, duration: 3.37s }
                  - { source: media/b.mp4, from: 0s, duration: 2.2s }
                  - { source: media/c.mp4, from: 0s, duration: 3.5s }

            """, to: "m/test.yaml", in: directory)
        func plan(cache: String, launcher: [String] = []) throws -> (text: String, grid: Data) {
            let result = try CommandRunner.run(["plan", "m", "--cache", cache], in: directory, launcher: launcher)
            try #require(result.status == 0, "\(result.stderr)")
            let folder = directory.appendingPathComponent("\(cache)/beats")
            let entries = try #require(FileManager.default.enumerator(atPath: folder.path)?
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") })
            try #require(entries.count == 1, "\(entries)")
            return (result.stdout, try Data(contentsOf: folder.appendingPathComponent(entries[0])))
        }
        let own = try plan(cache: "own")
        let older = try plan(cache: "older", launcher: nehalem)
        #expect(own.text.contains("  snap:     cut into clip 2 "), "\(own.text)")
        #expect(older.text == own.text)
        #expect(older.grid == own.grid, "the beat grids differ on a Nehalem")
    }
}
