import Foundation
import Testing
import MediaTestSupport

/// Same inputs, same bytes: one batch rendered alone, two at a time, and in shards while both cores are busy gives
/// byte-identical files in every container.
@Suite(.serialized)
struct DeterminismTests {
    /// One composition (a scaled file clip, a crossfade into a generator with a look, a fading title: the scaler,
    /// colour controls, compositor and text paths) written to every container. 480 px wide, where libx264 once read uninitialised frame padding.
    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: small }
        presets:
          small: { base: draft, video: { width: 480, height: 272, fps: 12, speed: veryfast }, audio: { bitrate: 64k } }
        templates:
          t:
            clips:
              - { source: clip.mp4, to: 0.6s }
              - { source: { generate: testpattern, duration: 0.6s }, look: { contrast: 1.1, saturation: 0.8 } }
            transition: { type: crossfade, duration: 0.2s }
            title: { text: "Same bytes", at: 0.1s, animate: fade }
        outputs:
          - { name: a, template: t }
          - { name: b, template: t, preset: { base: small, container: mov } }
          - { name: c, template: t, preset: { base: small, container: mkv } }
          - { name: d, template: t, preset: { base: webm, video: { width: 480, height: 272, fps: 12, speed: ultrafast } } }
          - { name: e, template: t, preset: audio-only }
          - { name: f, template: t, preset: { base: gif, video: { width: 160, height: 90 } } }
          - { name: g, template: t, preset: { base: webp, video: { width: 160, height: 90 } } }

        """
    static let files = ["a.mp4", "b.mov", "c.mkv", "d.webm", "e.m4a", "f.gif", "g.webp"]

    /// The bytes of the outputs `files` that `mediabatch run m arguments` writes into an empty output folder, with
    /// no segments kept from earlier runs (each run renders every picture).
    static func render(_ arguments: [String], in directory: URL, environment: [String: String?] = [:],
                       launcher: [String] = [], files: [String] = files) throws -> [String: Data] {
        let out = directory.appendingPathComponent("m/out")
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(".cache/segments"))
        let result = try CommandRunner.run(["run", "m", "--quiet"] + arguments, in: directory, environment: environment,
                                           launcher: launcher)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        var bytes: [String: Data] = [:]
        for name in files {
            bytes[name] = FileManager.default.contents(atPath: out.appendingPathComponent(name).path)
        }
        return bytes
    }

    /// Two processes that keep both cores busy until `body` returns.
    static func underLoad<T>(_ body: () throws -> T) throws -> T {
        let spinners = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "while :; do :; done"]
            try process.run()
            return process
        }
        defer {
            // SIGKILL: a shell started from the test runner may ignore SIGTERM.
            for spinner in spinners {
                kill(spinner.processIdentifier, SIGKILL)
                spinner.waitUntilExit()
            }
        }
        return try body()
    }

    /// The same output made six times in one process under load: at 496 px (31 macroblocks, not a multiple of 8),
    /// libx264's AVX-512 macroblock-tree propagation read costs it never wrote, so the later renders of a batch
    /// differed (x264 is now held below AVX-512, see `filledAllocationsChangeNoByte`).
    @Test func theSameOutputIsTheSameWhereverItFallsInABatch() throws {
        let directory = try CommandRunner.temporaryDirectory("same-bytes-batch")
        let outputs = (1...6).map { "  - { name: copy\($0), template: t }" }.joined(separator: "\n")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: { base: draft, container: mkv, video: { width: 496, height: 272, fps: 12, speed: veryfast } } }
            templates:
              t:
                clips:
                  - { source: { generate: color, color: red, duration: 0.6s }, mute: true }
                  - { source: { generate: testpattern, duration: 0.6s }, mute: true }
            outputs:
            \(outputs)

            """, to: "m/batch.yaml", in: directory)
        let bytes = try Self.underLoad {
            let result = try CommandRunner.run(["run", "m", "--quiet", "--jobs", "1"], in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            return try (1...6).map { try Data(contentsOf: directory.appendingPathComponent("m/out/copy\($0).mkv")) }
        }
        #expect(Set(bytes).count == 1, "\(Set(bytes).count) different files from one output made six times")
    }

    /// Every allocation of the process filled with other bytes (glibc's `malloc.perturb`, which also fills what is
    /// freed) gives the same files as fresh memory: outputs 192 and 200 px wide (12 and 12.5 macroblocks, where
    /// libx264's AVX-512 macroblock-tree propagation read up to 7 costs past each row that x264 never wrote for its
    /// B-frames), capped and uncapped, with the preset's frame threads and a one-thread session. (The ffmpeg tool's
    /// libx264, left to detect AVX-512 itself, writes other bytes for each fill at these sizes.)
    @Test func filledAllocationsChangeNoByte() throws {
        let directory = try CommandRunner.temporaryDirectory("same-bytes-perturbed")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: small }
            presets:
              small: { base: web-720p, video: { width: 192, height: 108, speed: veryfast } }
            templates:
              t: { clips: [ { source: noise.mp4 } ] }
            outputs:
              - { name: capped, template: t, preset: { base: small, video: { max_bitrate: 60k, threads: 1 } } }
              - { name: free, template: t }
              - { name: wider, template: t, preset: { base: small, video: { width: 200, height: 112 } } }

            """, to: "m/batch.yaml", in: directory)
        try MediaCheck.make(directory.appendingPathComponent("m/noise.mp4"), [
            "-f", "lavfi", "-i", "testsrc2=size=192x108:rate=30:duration=2,noise=alls=40:allf=t", "-c:v", "libx264",
            "-preset", "ultrafast", "-qp", "10", "-pix_fmt", "yuv420p"])
        let files = ["capped.mp4", "free.mp4", "wider.mp4"]
        let fresh = try Self.render(["--jobs", "1"], in: directory, files: files)
        for fill in [85, 170] {
            let filled = try Self.render(["--jobs", "1"], in: directory,
                                         environment: ["GLIBC_TUNABLES": "glibc.malloc.perturb=\(fill)"], files: files)
            for name in files {
                #expect(fresh[name]?.isEmpty == false, "\(name) is empty")
                #expect(filled[name] == fresh[name], "\(name) differs with allocations filled with \(fill)")
            }
        }
    }

    /// A bitrate cap that binds (noise at 60 kbit/s, against about a Mbit/s uncapped) with the preset's two encoder
    /// threads: the video is cut into four chunks of 2 s, each an x264 session of one thread (with several, frame or
    /// sliced, each thread's rate control reads the others' progress). Five copies made two at a time under load (the
    /// chunks one after another), again with the memory the process frees left dirty (`freesLeftDirty`, which also
    /// changes the threads' timing), one at a time (two lanes side by side) and under a memory budget that allows one
    /// lane are byte-identical, with a keyframe where each chunk starts. On x264's sliced threads, five of six such
    /// dirty runs gave two or three different files for the five copies.
    @Test func aBindingBitrateCapIsByteIdenticalInLanesOrOneAfterAnother() throws {
        let directory = try CommandRunner.temporaryDirectory("same-bytes-capped")
        let copyLines = (1...5).map { "  - { name: copy\($0), template: t }" }.joined(separator: "\n")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: exact }
            presets:
              exact: { base: web-720p, video: { width: 192, height: 108, speed: veryfast, max_bitrate: 60k } }
            templates:
              t: { clips: [ { source: noise.mp4 } ] }
            outputs:
              - { name: free, template: t, preset: { base: exact, video: { max_bitrate: 100M } } }
            \(copyLines)

            """, to: "m/batch.yaml", in: directory)
        try MediaCheck.make(directory.appendingPathComponent("m/noise.mp4"), [
            "-f", "lavfi", "-i", "testsrc2=size=192x108:rate=30:duration=8,noise=alls=40:allf=t", "-c:v", "libx264",
            "-preset", "ultrafast", "-qp", "10", "-pix_fmt", "yuv420p"])
        let out = directory.appendingPathComponent("m/out")
        func copies(_ arguments: [String], count: Int = 5, environment: [String: String?] = [:]) throws -> [Data] {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(".cache/segments"))
            let result = try CommandRunner.run(["run", "m", "--quiet"] + arguments, in: directory,
                                               environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return try (1...count).map { try Data(contentsOf: out.appendingPathComponent("copy\($0).mp4")) }
        }
        let dirty = ["LD_PRELOAD": try Self.freesLeftDirty(in: directory)]
        let together = try Self.underLoad { try copies(["--jobs", "2"]) + copies(["--jobs", "2"], environment: dirty) }
        let free = try Data(contentsOf: out.appendingPathComponent("free.mp4"))
        #expect(free.count > 3 * together[0].count, "the cap does not bind: \(free.count) vs \(together[0].count) bytes")
        let alone = try Self.underLoad { try copies(["--jobs", "1", "--only", "copy1", "--only", "copy2"], count: 2) }
        let oneLane = try copies(["--jobs", "1", "--only", "copy1", "--max-memory", "90M"], count: 1)
        #expect(Set(together + alone + oneLane).count == 1,
                "\(Set(together + alone + oneLane).count) different files from one output")
        let keyframes = String(decoding: try MediaCheck.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-skip_frame", "nokey", "-show_entries", "frame=pts_time",
            "-of", "csv=p=0", out.appendingPathComponent("copy1.mp4").path]), as: UTF8.self)
        let times = keyframes.split(separator: "\n").compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
        // Four chunks, each cut moved by at most half a second towards the source's keyframes.
        let starts = [0.0, 2, 4, 6].map { start in times.contains { abs($0 - start) <= 0.5 } }
        #expect(times.first == 0 && !starts.contains(false), "keyframes at \(times)")
    }

    /// A folder with the batch of `manifest` (the shared one unless given) and its source clip.
    /// A library that, preloaded, fills each heap chunk the process frees with 0xA5 before glibc takes it back (chunks
    /// glibc mapped on their own, which go back to the system, excepted): memory handed out again then holds garbage,
    /// and the process's threads run at other speeds. Built with the system's C compiler into `directory`.
    static func freesLeftDirty(in directory: URL) throws -> String {
        let source = directory.appendingPathComponent("dirty-frees.c")
        let library = directory.appendingPathComponent("dirty-frees.so").path
        try """
            #include <malloc.h>
            #include <string.h>
            extern void __libc_free(void *memory);
            void free(void *memory) {
                if (memory != 0 && (((const size_t *)memory)[-1] & 2) == 0) {
                    memset(memory, 0xA5, malloc_usable_size(memory));
                }
                __libc_free(memory);
            }

            """.write(to: source, atomically: true, encoding: .utf8)
        _ = try MediaCheck.run("cc", ["-O2", "-shared", "-fPIC", source.path, "-o", library])
        return library
    }

    static func batchFolder(_ name: String, manifest: String = manifest) throws -> URL {
        let directory = try CommandRunner.temporaryDirectory(name)
        try CommandRunner.write(manifest, to: "m/batch.yaml", in: directory)
        try MediaCheck.make(directory.appendingPathComponent("m/clip.mp4"), [
            "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440",
            "-t", "1", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"])
        return directory
    }

    @Test func everyContainerIsByteIdenticalAcrossJobCountsShardsAndLoad() throws {
        let directory = try Self.batchFolder("same-bytes")
        let alone = try Self.render(["--jobs", "1"], in: directory)
        let together = try Self.render(["--jobs", "2"], in: directory)
        let loaded = try Self.underLoad {
            var bytes = try Self.render(["--shard", "1/2"], in: directory)
            bytes.merge(try Self.render(["--shard", "2/2"], in: directory)) { _, second in second }
            return bytes
        }
        for name in Self.files {
            #expect(alone[name]?.isEmpty == false, "\(name) is empty")
            #expect(together[name] == alone[name], "\(name) differs between --jobs 1 and --jobs 2")
            #expect(loaded[name] == alone[name], "\(name) differs when sharded under load")
        }
        // The muxers and encoders run bit-exact: no library build strings (nor times or random IDs) in the files.
        for (name, data) in alone {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("Lavf5") && !text.contains("Lavc5"), "\(name) names the library version")
        }
    }

    /// A machine with fewer CPU features renders the same files: libav limited to SSSE3 and C library routines
    /// without AVX or FMA (glibc picks its maths routines by the machine) give the bytes of this machine's own, and
    /// so does libav without any SIMD for every file x264 does not encode (the limit holds x264 to plain C too, which
    /// writes another stream). libav's float audio used to differ in its last bits on each feature level (AAC
    /// decoding, resampling).
    @Test func everyContainerIsByteIdenticalOnAMachineWithFewerCPUFeatures() throws {
        let directory = try Self.batchFolder("same-bytes-cpu")
        let own = try Self.render(["--jobs", "2"], in: directory)
        let older = try Self.render(["--jobs", "2"], in: directory, environment: [
            "MEDIABATCH_CPU_FEATURES": "ssse3", "GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2,-FMA,-AVX,-AVX512F"])
        let withoutX264 = ["--jobs", "2", "--only", "d", "--only", "e", "--only", "f", "--only", "g"]
        let none = try Self.render(withoutX264, in: directory, environment: ["MEDIABATCH_CPU_FEATURES": "0"])
        for name in Self.files {
            #expect(own[name]?.isEmpty == false, "\(name) is empty")
            #expect(older[name] == own[name], "\(name) differs with SSSE3 only")
        }
        for name in ["d.webm", "e.m4a", "f.gif", "g.webp"] {
            #expect(none[name] == own[name], "\(name) differs without SIMD")
        }
        let bogus = try CommandRunner.run(["run", "m", "--quiet", "--only", "a", "--force"], in: directory,
                                          environment: ["MEDIABATCH_CPU_FEATURES": "avx9"])
        #expect(bogus.status == 1)
        let clip = directory.appendingPathComponent("m/clip.mp4").path
        #expect(bogus.stdout.contains("decode: '\(clip)': MEDIABATCH_CPU_FEATURES='avx9' is not a list of CPU features "
            + "(ffmpeg's -cpuflags syntax: sse2+avx, 0)\n"), "\(bogus.stdout)")
    }

    /// Whether this machine can emulate an older x86-64 processor (QEMU's user mode runs x86-64 binaries only here).
    static var runsOnX86: Bool {
        #if arch(x86_64)
        true
        #else
        false
        #endif
    }

    /// The launcher that runs the binary on QEMU's user-mode emulation of processor model `cpu`.
    static func emulated(_ cpu: String) throws -> [String] {
        let qemu = "/usr/bin/qemu-x86_64"
        try #require(FileManager.default.isExecutableFile(atPath: qemu), "\(qemu) is missing: run scripts/setup.sh")
        return [qemu, "-cpu", cpu]
    }

    /// An older processor renders the same files: the batch run under QEMU's user-mode emulation of a Nehalem (SSE4.2;
    /// no AVX, AVX2 or FMA), where libx264, libvpx, libwebp, libopus and glibc pick their routines by the emulated
    /// processor as they would on such a server, gives this machine's bytes. One part is known to be the processor's:
    /// libopus's vector quantiser uses approximate reciprocal instructions, whose last bits each processor maker (and
    /// QEMU, which computes them exactly) fills in its own way, so a WebM's Opus packets are compared only for their
    /// count and times; its VP9 stream and every other file must be identical. x264's macroblock-tree propagation
    /// starts its divisions from the same approximate reciprocals (`rcpps`, refined once), so a picture whose costs
    /// fall at a rounding edge can get other quantisers under QEMU (or on another maker's processor); this batch's
    /// pictures fall at none.
    @Test(.enabled(if: Self.runsOnX86)) func everyContainerIsByteIdenticalOnAnOlderProcessor() throws {
        let nehalem = try Self.emulated("Nehalem")
        let directory = try Self.batchFolder("same-bytes-nehalem")
        // One output per encoder family: x264 with AAC (and the scaler, compositor and text), VP9 with Opus, GIF, WebP.
        let subset = ["--jobs", "2", "--only", "a", "--only", "d", "--only", "f", "--only", "g"]
        let own = try Self.render(subset, in: directory)
        let ownWebM = directory.appendingPathComponent("own.webm")
        try #require(own["d.webm"]).write(to: ownWebM)
        let older = try Self.render(subset, in: directory, launcher: nehalem)
        for name in ["a.mp4", "f.gif", "g.webp"] {
            #expect(own[name]?.isEmpty == false, "\(name) is empty")
            #expect(older[name] == own[name], "\(name) differs on a Nehalem")
        }
        let olderWebM = directory.appendingPathComponent("m/out/d.webm").path
        func videoHash(_ path: String) throws -> String {
            String(decoding: try MediaTool.ffmpeg(["-i", path, "-map", "0:v", "-c", "copy", "-f", "hash", "-hash", "md5", "-"]),
                   as: UTF8.self)
        }
        func audioTimes(_ path: String) throws -> String {
            String(decoding: try MediaTool.run("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries",
                                                           "packet=pts,duration", "-of", "csv=p=0", path]), as: UTF8.self)
        }
        #expect(try videoHash(olderWebM) == videoHash(ownWebM.path), "d.webm's VP9 stream differs on a Nehalem")
        let times = try audioTimes(ownWebM.path)
        #expect(times.split(separator: "\n").count > 10, "d.webm has too few Opus packets: \(times)")
        #expect(try audioTimes(olderWebM) == times, "d.webm's Opus packets are timed differently on a Nehalem")
    }

    /// Machines of different levels render the same H.264 and HEVC when `MEDIABATCH_CPU_FEATURES` holds them to one
    /// they all have: x264 writes another stream without SSSE3, x265 on each level, and the limit reaches both. A
    /// processor without SSSE3 (QEMU's plain `qemu64` model) and this machine, both held to SSE2, agree; unheld, they
    /// do not.
    @Test(.enabled(if: Self.runsOnX86)) func heldToOneLevelMachinesWithAndWithoutSSSE3RenderTheSameVideo() throws {
        let qemu64 = try Self.emulated("qemu64")
        let directory = try Self.batchFolder("same-bytes-held", manifest: """
            mediabatch: 1
            defaults: { out: out }
            templates:
              t: { clips: [ { source: clip.mp4, to: 1s } ] }
            outputs:
              - { name: h264, template: t, preset: { base: draft, video: { width: 480, height: 272, fps: 12, speed: veryfast } } }
              - { name: hevc, template: t, preset: { base: 4k-hevc, video: { width: 480, height: 272, fps: 12, speed: ultrafast } } }

            """)
        let names = ["h264.mp4", "hevc.mp4"]
        func videos(environment: [String: String?] = [:], launcher: [String] = []) throws -> [String: Data] {
            try Self.render([], in: directory, environment: environment, launcher: launcher, files: names)
        }
        let held: [String: String?] = ["MEDIABATCH_CPU_FEATURES": "sse2"]
        let here = try videos(environment: held)
        let older = try videos(environment: held, launcher: qemu64)
        let unheld = try videos()
        for name in names {
            #expect(here[name]?.isEmpty == false, "\(name) is empty")
            #expect(older[name] == here[name], "\(name) differs between the two machines held to SSE2")
            #expect(unheld[name] != here[name], "\(name) is the same without the limit: the limit did not reach the encoder")
        }
    }
}
