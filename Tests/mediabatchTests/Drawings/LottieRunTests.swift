import Foundation
import MediaTestSupport
import Testing

/// Lottie animations on overlays, rendered end to end and read back with the ffmpeg CLI: the animation's frame at
/// each output time, drawn where rlottie itself draws it (a small C program renders the same frames).
struct LottieRunTests {
    /// A 200x100 animation at 10 fps, 20 frames: a 20x20 red square whose centre moves linearly from x 20 to 180 at
    /// y 50, so at frame n its centre is at 20 + 8n.
    static let moving = """
        {"v":"5.5.2","fr":10,"ip":0,"op":20,"w":200,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,
        "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},
        "p":{"a":1,"k":[{"t":0,"s":[20,50,0],"e":[180,50,0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":20}]}},
        "shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
        {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}
        """

    static let manifest = """
        mediabatch: 1
        defaults: { out: out, preset: small }
        presets:
          small: { base: draft, video: { width: 400, height: 200, fps: 10, crf: 0 }, audio: { bitrate: 64k } }
        sources:
          blue: { generate: color, color: blue, duration: 3s, size: 400x200 }
        outputs:
          - { name: once, clips: [blue], overlays: [ { lottie: media/move.json, region: { x: 0, y: 0, width: 100% } } ] }
          - { name: looped, clips: [blue], overlays: [ { lottie: media/move.json, loop: true, region: { x: 0, y: 0, width: 100% } } ] }
          - { name: clip, clips: [ { lottie: media/move.json } ], background: blue }

        """

    static func isRed(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r > 160 && c.g < 80 && c.b < 100 }

    /// The red square's box in frames `frames` of the animation as rlottie draws them at 400x200, from a C program
    /// built here against the same library: `minX maxX minY maxY` per frame.
    static func drawnByRLottie(_ path: String, frames: [Int], in directory: URL) throws -> [[Int]] {
        let program = """
            #include <rlottie_capi.h>
            #include <stdio.h>
            #include <stdlib.h>
            int main(int argc, char **argv) {
                Lottie_Animation *a = lottie_animation_from_file(argv[1]);
                if (!a) return 1;
                static uint32_t px[400 * 200];
                for (int i = 2; i < argc; i++) {
                    lottie_animation_render(a, (size_t)atoi(argv[i]), px, 400, 200, 400 * 4);
                    int x0 = 400, x1 = -1, y0 = 200, y1 = -1;
                    for (int y = 0; y < 200; y++) for (int x = 0; x < 400; x++) {
                        uint32_t p = px[y * 400 + x];
                        if (((p >> 24) & 255) > 128 && ((p >> 16) & 255) > 128) {
                            if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
                        }
                    }
                    printf("%d %d %d %d\\n", x0, x1, y0, y1);
                }
                lottie_animation_destroy(a);
                return 0;
            }
            """
        let source = directory.appendingPathComponent("draw.c"), binary = directory.appendingPathComponent("draw")
        try program.write(to: source, atomically: true, encoding: .utf8)
        _ = try MediaTool.run("cc", ["-o", binary.path, source.path, "-lrlottie"])
        let output = try MediaTool.run(binary.path, [path] + frames.map(String.init))
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
    }

    @Test func aMovingShapeIsWhereRLottieDrawsItAtEachOutputTime() throws {
        let (directory, videos) = try RGBVideo.render(Self.manifest, files: ["media/move.json": Data(Self.moving.utf8)],
                                                      outputs: ["once": (400, 200), "looped": (400, 200), "clip": (200, 100)])
        let once = try #require(videos["once"]), looped = try #require(videos["looped"]), clip = try #require(videos["clip"])
        let reference = try Self.drawnByRLottie(directory.appendingPathComponent("m/media/move.json").path,
                                                frames: [5, 15], in: directory)
        // Output frame n (n/10 s) shows animation frame n: the square's centre at 2 x (20 + 8n), 40 px wide.
        for (index, frame) in [5, 15].enumerated() {
            let ink = once.ink(frame) { Self.isRed($0) }
            let expected = 2 * (20 + 8 * Double(frame))
            #expect(abs(ink.centerX - expected) <= 1 && abs(ink.width - 40) <= 2 && abs(ink.height - 40) <= 2, "frame \(frame): \(ink)")
            let drawn = reference[index]
            #expect(drawn.count == 4 && abs(ink.minX - drawn[0]) <= 1 && abs(ink.maxX - drawn[1]) <= 1
                    && abs(ink.minY - drawn[2]) <= 1 && abs(ink.maxY - drawn[3]) <= 1, "frame \(frame): \(ink), rlottie \(drawn)")
        }
        // As a clip it lasts its 2 s, at its own 200x100 (presets never upscale).
        #expect(clip.frameCount == 20)
        for frame in [5, 15] {
            let ink = clip.ink(frame) { Self.isRed($0) }
            #expect(abs(ink.centerX - (20 + 8 * Double(frame))) <= 1 && abs(ink.width - 20) <= 2, "clip frame \(frame): \(ink)")
        }
        // Played once it is gone after its 2 s; looped, frame 25 shows animation frame 5 again.
        #expect(once.ink(25) { Self.isRed($0) }.isEmpty)
        let again = looped.ink(25) { Self.isRed($0) }
        #expect(abs(again.centerX - 120) <= 1, "\(again)")
    }

    @Test func validateReportsABrokenLottieAtTheLineThatNamesIt() throws {
        let directory = try CommandRunner.temporaryDirectory("lottie-validate")
        try CommandRunner.write("{\"v\":\"5.5.2\",\"fr\":10,\"layers\":[", to: "m/media/broken.json", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: broken
                clips: [ { source: { generate: color, duration: 1s } } ]
                overlays: [ { lottie: media/broken.json, region: { width: 50% } } ]

            """, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        let path = directory.appendingPathComponent("m/media/broken.json").path
        #expect(result.stderr == """
            m/test.yaml:6:27: error: source 'media/broken.json' cannot be read: cannot read '\(path)' as Lottie: rlottie cannot parse it as a Lottie animation; used by output 'broken'
                overlays: [ { lottie: media/broken.json, region: { width: 50% } } ]
                                      ^
            m/test.yaml: 1 error; 0 of 1 output can be built
            1 error in 1 of 1 file; 0 of 1 output in 1 manifest can be built

            """)
    }
}

extension LottieRunTests {
    @Test func validateReportsTextLayersAndLinkedImagesRLottieWouldNotDraw() throws {
        let directory = try CommandRunner.temporaryDirectory("lottie-features")
        let text = Self.moving.replacingOccurrences(of: "\"layers\":[{\"ty\":4,", with: "\"layers\":[{\"ty\":5,\"nm\":\"Headline\",\"ind\":2,\"t\":{},\"ks\":{}},{\"ty\":4,")
        let linked = Self.moving.replacingOccurrences(of: "\"layers\":[", with: "\"assets\":[{\"id\":\"image_0\",\"w\":10,\"h\":10,\"u\":\"images/\",\"p\":\"img_0.png\",\"e\":0}],\"layers\":[")
        try CommandRunner.write(text, to: "m/media/text.json", in: directory)
        try CommandRunner.write(linked, to: "m/media/linked.json", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: assets
                clips: [ { source: { generate: color, duration: 1s } } ]
                overlays:
                  - { lottie: media/text.json, region: { width: 50% } }
                  - { lottie: media/linked.json, region: { width: 50% } }

            """, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr == """
            m/test.yaml:7:19: error: animation file 'media/text.json' cannot be drawn as made: it has text layers ('Headline'), which rlottie does not draw; turn them into shapes in After Effects (Create Shapes from Text) before exporting
                  - { lottie: media/text.json, region: { width: 50% } }
                              ^
            m/test.yaml:8:19: error: animation file 'media/linked.json' cannot be drawn as made: its images 'images/img_0.png' are linked, not embedded; export with images embedded in the JSON (Bodymovin: Assets > Embed)
                  - { lottie: media/linked.json, region: { width: 50% } }
                              ^
            m/test.yaml: 2 errors; 0 of 1 output can be built
            2 errors in 1 of 1 file; 0 of 1 output in 1 manifest can be built

            """)
    }
}

extension LottieRunTests {
    @Test func speedTwoShowsTheFrameRLottieDrawsAtTwiceTheTime() throws {
        let manifest = """
            mediabatch: 1
            defaults: { out: out, preset: small }
            presets:
              small: { base: draft, video: { width: 400, height: 200, fps: 10, crf: 0 }, audio: { bitrate: 64k } }
            sources:
              blue: { generate: color, color: blue, duration: 3s, size: 400x200 }
            outputs:
              - { name: fast, clips: [blue], overlays: [ { lottie: media/move.json, speed: 2, region: { x: 0, y: 0, width: 100% } } ] }
              - { name: fast-loop, clips: [blue], overlays: [ { lottie: media/move.json, speed: 2, loop: true, region: { x: 0, y: 0, width: 100% } } ] }
              - { name: fast-clip, clips: [ { lottie: media/move.json, speed: 2 } ], background: blue }

            """
        let (directory, videos) = try RGBVideo.render(manifest, files: ["media/move.json": Data(Self.moving.utf8)],
                                                      outputs: ["fast": (400, 200), "fast-loop": (400, 200),
                                                                "fast-clip": (200, 100)])
        let fast = try #require(videos["fast"]), looped = try #require(videos["fast-loop"])
        let clip = try #require(videos["fast-clip"])
        // Output frames 3 and 8 (0.3 s, 0.8 s) show animation frames 6 and 16; looped, frame 13 (1.3 s) shows frame 6.
        let reference = try Self.drawnByRLottie(directory.appendingPathComponent("m/media/move.json").path,
                                                frames: [6, 16], in: directory)
        for (video, frame, drawn) in [(fast, 3, reference[0]), (fast, 8, reference[1]), (looped, 13, reference[0])] {
            let ink = video.ink(frame) { Self.isRed($0) }
            #expect(drawn.count == 4 && abs(ink.minX - drawn[0]) <= 1 && abs(ink.maxX - drawn[1]) <= 1
                    && abs(ink.minY - drawn[2]) <= 1 && abs(ink.maxY - drawn[3]) <= 1, "frame \(frame): \(ink), rlottie \(drawn)")
        }
        // Played once at twice the speed, its 2 s last 1 s; as a clip (at its own 200x100) too, frame 3 showing frame 6.
        #expect(fast.ink(11) { Self.isRed($0) }.isEmpty)
        #expect(clip.frameCount == 10)
        let clipInk = clip.ink(3) { Self.isRed($0) }
        #expect(abs(clipInk.centerX - (20 + 8 * 6)) <= 1 && abs(clipInk.width - 20) <= 2, "clip frame 3: \(clipInk)")
    }

    @Test func speedIsValidated() throws {
        let directory = try CommandRunner.temporaryDirectory("lottie-speed")
        try CommandRunner.write(Self.moving, to: "m/media/move.json", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: bad
                clips: [ { source: { generate: color, duration: 1s } } ]
                overlays:
                  - { lottie: media/move.json, speed: -2, region: { width: 50% } }
                  - { image: { generate: color, duration: 1s }, speed: 2, region: { width: 50% } }

            """, to: "m/test.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr == """
            m/test.yaml:7:43: error: invalid speed '-2'; use a factor from 0.0625 to 16 such as '2', '0.5' or '3/2'
                  - { lottie: media/move.json, speed: -2, region: { width: 50% } }
                                                      ^
            m/test.yaml:8:60: error: 'speed' applies to a 'lottie' animation
                  - { image: { generate: color, duration: 1s }, speed: 2, region: { width: 50% } }
                                                                       ^
            m/test.yaml: 2 errors; 0 of 1 output can be built
            2 errors in 1 of 1 file; 0 of 1 output in 1 manifest can be built

            """)
    }
}
