import Foundation
import MediaTestSupport
import Testing

/// `run --timeout`: a render past the limit is stopped and fails at stage `timeout`, the others finish, and a render
/// stuck inside rlottie (which spins for minutes on some malformed geometry) stops as promptly as one between frames.
struct TimeLimitRunTests {
    /// A filled triangle whose first vertex has a Bézier handle near -100 000 px, under a keyframed trim path:
    /// rlottie (0.1, Debian 12) draws frames 0 to 7 at once and spins for minutes on frame 8, at 0.8 s.
    static let spinning = """
        {"v":"5.5.2","fr":10,"ip":0,"op":20,"w":200,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,
        "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[50,10,0]},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},
        "shapes":[{"ty":"gr","it":[
        {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[[0,0],[100,0],[50,80]],"i":[[0,0],[0,0],[0,0]],"o":[[-100000,-100000],[0,0],[0,0]]}}},
        {"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":20,"s":[100]}]},
         "e":{"a":0,"k":100},"o":{"a":0,"k":0},"m":1},
        {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}
        """

    /// `spins` waits on rlottie from 0.8 s, `long` is a minute of 720p pattern, `short` renders in well under a second.
    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: small }
        presets:
          small: { base: draft, video: { width: 400, height: 200, fps: 10 }, audio: { bitrate: 64k } }
        sources:
          blue: { generate: color, color: blue, duration: 2s, size: 400x200 }
          pattern: { generate: testpattern, duration: 60s, size: 1280x720 }
        outputs:
          - { name: spins, clips: [blue], overlays: [ { lottie: media/spin.json, region: { x: 0, y: 0, width: 100% } } ] }
          - { name: long, clips: [pattern], preset: { base: small, video: { width: 1280, height: 720, fps: 30 } } }
          - { name: short, clips: [blue] }

        """

    static func prepare(_ name: String) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(Self.manifest, to: "m/batch.yaml", in: directory)
        try CommandRunner.write(Self.spinning, to: "m/media/spin.json", in: directory)
        return directory
    }

    /// Each output's status and failure (stage and reason) in the run's report.
    static func outcomes(_ directory: URL) throws -> [String: (status: String, stage: String?, reason: String?)] {
        let outputs = try BatchRunTests.report(directory)["outputs"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: outputs.map { output in
            let failure = output["failure"] as? [String: Any]
            return (output["name"] as? String ?? "",
                    (output["status"] as? String ?? "", failure?["stage"] as? String, failure?["reason"] as? String))
        })
    }

    @Test func rendersPastTheLimitFailAtStageTimeoutAndTheRestFinish() throws {
        let directory = try Self.prepare("timeout")
        let started = Date()
        let result = try CommandRunner.run(["run", "m", "--out", "out", "--jobs", "3", "--timeout", "3s"], in: directory)
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 1, "\(result.stderr)")
        // Without the limit the spinning render alone takes minutes, and the process would wait for rlottie at exit.
        #expect(seconds < 40, "the run took \(seconds) s")
        let outcomes = try Self.outcomes(directory)
        #expect(outcomes["short"]?.status == "rendered")
        for name in ["spins", "long"] {
            let outcome = try #require(outcomes[name])
            #expect(outcome.status == "failed" && outcome.stage == "timeout")
            let reason = try #require(outcome.reason)
            let pattern = /the render ran longer than the time limit of 3s \(--timeout\) and was stopped, (\d+)% done/
            let match = try #require(reason.wholeMatch(of: pattern), "\(reason)")
            #expect(Int(match.1)! < 100)
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/\(name).mp4").path))
        }
        #expect(BatchRunTests.partialFiles(directory).isEmpty)
        #expect(result.stdout.contains("failed    spins"))
    }

    /// `limits.render_time` in a manifest stops its long render as `--timeout` would, saying where the limit was
    /// given; with both, the shorter wins.
    @Test func aManifestsRenderTimeLimitStopsItsLongRenders() throws {
        let directory = try CommandRunner.temporaryDirectory("render-time")
        try CommandRunner.write(Self.manifest.replacingOccurrences(of: "mediabatch: 1\n",
                                                                   with: "mediabatch: 1\nlimits: { render_time: 2s }\n"),
                                to: "m/batch.yaml", in: directory)
        for (arguments, limit, origin) in [([String](), "2s", "limits.render_time in batch.yaml"),
                                           (["--timeout", "1s"], "1s", "--timeout"),
                                           (["--timeout", "90s"], "2s", "limits.render_time in batch.yaml")] {
            let result = try CommandRunner.run(["run", "m", "--out", "out", "--force", "--only", "long", "--only", "short"]
                                                   + arguments, in: directory)
            #expect(result.status == 1, "\(result.stderr)")
            let outcomes = try Self.outcomes(directory)
            #expect(outcomes["short"]?.status == "rendered")
            let long = try #require(outcomes["long"])
            #expect(long.status == "failed" && long.stage == "timeout")
            let reason = try #require(long.reason)
            let pattern = try Regex("the render ran longer than the time limit of \(limit) \\((.+)\\) and was stopped, "
                                    + "\\d+% done")
            let match = try #require(reason.wholeMatch(of: pattern), "\(reason)")
            #expect(match.output[1].substring.map(String.init) == origin, "\(reason)")
        }
        // The limit is not part of what an output renders: changing it renders nothing again.
        try CommandRunner.write(Self.manifest.replacingOccurrences(of: "mediabatch: 1\n",
                                                                   with: "mediabatch: 1\nlimits: { render_time: 5s }\n"),
                                to: "m/batch.yaml", in: directory)
        let again = try CommandRunner.run(["run", "m", "--out", "out", "--only", "short"], in: directory)
        let status = try Self.outcomes(directory)["short"]?.status
        #expect(again.status == 0 && status == "up-to-date", "\(again.stdout)")
        let bad = try CommandRunner.temporaryDirectory("render-time-bad")
        try CommandRunner.write("mediabatch: 1\nlimits: { render_time: 0.5s }\noutputs: []\n", to: "m/batch.yaml", in: bad)
        let validation = try CommandRunner.run(["validate", "m"], in: bad)
        #expect(validation.status == 2)
        #expect(validation.stderr.contains("m/batch.yaml:2:24: error: 'render_time' must be from 1s to 7 days, such as "
                                           + "'90s' or '01:30:00', not 0.5s"), "\(validation.stderr)")
    }

    @Test func afterAnAbandonedRLottieFrameLottieOutputsFailAtOnceSayingWhy() throws {
        // One render at a time (equal ranks start in the order of their names): the spinning one is stopped at 2 s, and rlottie's shared
        // threads are still on its frame when the moving animation's output starts.
        let directory = try CommandRunner.temporaryDirectory("timeout-stuck")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: small }
            presets:
              small: { base: draft, video: { width: 400, height: 200, fps: 10 }, audio: { bitrate: 64k } }
            sources:
              blue: { generate: color, color: blue, duration: 2s, size: 400x200 }
            outputs:
              - { name: a-spins, clips: [blue], overlays: [ { lottie: media/spin.json, region: { x: 0, y: 0, width: 100% } } ] }
              - { name: b-moves, clips: [blue], overlays: [ { lottie: media/move.json, region: { x: 0, y: 0, width: 100% } } ] }
              - { name: c-plain, clips: [blue] }

            """, to: "m/batch.yaml", in: directory)
        try CommandRunner.write(Self.spinning, to: "m/media/spin.json", in: directory)
        try CommandRunner.write(LottieRunTests.moving, to: "m/media/move.json", in: directory)
        let started = Date()
        let result = try CommandRunner.run(["run", "m", "--out", "out", "--jobs", "1", "--timeout", "2s"], in: directory)
        #expect(result.status == 1)
        #expect(Date().timeIntervalSince(started) < 40)
        let outcomes = try Self.outcomes(directory)
        #expect(outcomes["a-spins"]?.stage == "timeout")
        #expect(outcomes["c-plain"]?.status == "rendered")
        let media = directory.appendingPathComponent("m/media").resolvingSymlinksInPath().path
        #expect(outcomes["b-moves"]?.stage == "decode")
        #expect(outcomes["b-moves"]?.reason == "'\(media)/move.json': rlottie is still drawing a frame of "
                + "'\(media)/spin.json' that a stopped render gave up on, and its threads, which every Lottie file "
                + "shares, draw nothing else until it returns; render this output in another run")
    }

    @Test func aSignalStopsARenderWaitingOnRLottie() throws {
        let directory = try Self.prepare("timeout-signal")
        let (process, out, err) = try CommandRunner.start(["run", "m", "--out", "out", "--only", "spins"], in: directory)
        // rlottie reaches its spinning frame well within two seconds.
        usleep(2_000_000)
        let signalled = Date()
        kill(process.processIdentifier, SIGINT)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(signalled)
        #expect(process.terminationStatus == 1)
        #expect(seconds < 20, "it stopped \(seconds) s after the signal")
        #expect(try Self.outcomes(directory)["spins"]?.status == "cancelled")
        #expect(BatchRunTests.partialFiles(directory).isEmpty)
    }
}
