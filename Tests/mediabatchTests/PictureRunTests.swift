import Foundation
import MediaTestSupport
import Testing

/// Pictures over and under the video, rendered end to end from manifests and checked in the decoded pictures and
/// sound: a clip as a picture-in-picture, captions clear of a bottom logo, gradient sources and backgrounds.
struct PictureRunTests {
    static let header = """
        mediabatch: 1
        defaults: { out: out, preset: wide }
        presets:
          wide: { base: draft, video: { width: 480, height: 270, fps: 10, crf: 8 }, audio: { bitrate: 64k } }
          tall: { base: wide, video: { width: 270, height: 480 } }
          small: { base: wide, video: { width: 160, height: 90 } }
        sources:
          blue: { generate: color, color: blue, duration: 3s, size: 480x270 }
          red: { generate: color, color: red, duration: 1s, size: 160x90 }
          green: { generate: color, color: green, duration: 1s, size: 160x90 }
          tone: { generate: tone, duration: 2s, frequency: 440 }
        outputs:

        """

    @Test func videoOverlayPlaysItsRangeInItsCornerWithItsSoundAndMoves() throws {
        // The picture-in-picture's source is another output: one second red, then one second green, with a tone.
        let manifest = Self.header + """
              - name: pipsource
                preset: small
                clips: [red, green]
                soundtrack: tone
              - name: pip
                clips: [ { source: blue, mute: true } ]
                overlays: [ { video: { output: pipsource }, from: 1s, to: 2s, at: 0.5s, anchor: bottom-right, margin: 0,
                              region: { width: 50% } } ]
              - name: sliding
                clips: [ { source: blue, to: 1s, mute: true } ]
                overlays: [ { video: { output: pipsource }, from: 1s, to: 2s, region: { width: 25% },
                              motion: [ { at: start, x: 20%, y: 50% }, { at: end, x: 80%, y: 50% } ] } ]

            """
        let (directory, videos) = try RGBVideo.render(manifest, outputs: ["pip": (480, 270), "sliding": (480, 270)])
        let video = try #require(videos["pip"])
        func isBlue(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.b > 200 && c.r < 40 && c.g < 40 }
        func isGreen(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.g > 100 && c.r < 40 && c.b < 40 }
        // Before 0.5 s and after 1.5 s: all blue. Between: the source's green second fills the bottom-right quarter.
        for frame in [2, 17] {
            #expect(isBlue(video.rgb(frame, 360, 200)), "frame \(frame): \(video.rgb(frame, 360, 200))")
        }
        for frame in [6, 10, 14] {
            #expect(isGreen(video.rgb(frame, 360, 200)) && isGreen(video.rgb(frame, 245, 140)) && isGreen(video.rgb(frame, 475, 265)),
                    "frame \(frame): \(video.rgb(frame, 360, 200))")
            #expect(isBlue(video.rgb(frame, 235, 200)) && isBlue(video.rgb(frame, 360, 130)) && isBlue(video.rgb(frame, 100, 60)),
                    "frame \(frame) outside the picture-in-picture")
        }
        // Its sound plays with it: the tone from 0.5 s to 1.5 s, silence around (the clip itself is muted).
        let path = directory.appendingPathComponent("out/pip.mp4").path
        #expect(try audioRMS(path, from: 0.6, duration: 0.8) > 0.1)
        #expect(try audioRMS(path, from: 1.7, duration: 1.1) < 0.003)
        #expect(try audioRMS(path, from: 0, duration: 0.4) < 0.003)
        // Moved by its keyframes: the picture-in-picture's centre crosses 60% of the 480 px frame in 1 s, 28.8 px a
        // frame at 10 fps, from 96 px.
        let sliding = try #require(videos["sliding"])
        for frame in [1, 5, 9] {
            let green = sliding.ink(frame) { isGreen($0) }
            #expect(abs(green.centerX - (96 + 28.8 * Double(frame))) <= 2 && abs(green.width - 120) <= 3,
                    "frame \(frame): \(green)")
        }
    }

    @Test func bottomCaptionsStayAboveABottomLogoInEveryAspect() throws {
        let manifest = Self.header + """
              - name: wide
                clips: [blue]
                overlays: [ { image: red, anchor: bottom-right, region: { width: 25% } } ]
                captions: { file: subs.srt, box: false, outline: false, size: 8% }
              - name: tall
                preset: tall
                clips: [blue]
                overlays: [ { image: red, anchor: bottom-right, region: { width: 25% } } ]
                captions: { file: subs.srt, box: false, outline: false, size: 8% }
              - name: beside
                clips: [blue]
                overlays: [ { image: { generate: color, color: red, size: 90x220, duration: 1s }, anchor: bottom-right,
                              region: { height: 80% } } ]
                captions: { file: subs.srt, box: false, outline: false, size: 8% }

            """
        let subtitles = "1\n00:00:00,000 --> 00:00:03,000\nA caption as wide as the frame allows it\n"
        let (_, videos) = try RGBVideo.render(manifest, files: ["subs.srt": Data(subtitles.utf8)],
                                                   outputs: ["wide": (480, 270), "tall": (270, 480), "beside": (480, 270)])
        for (name, video) in videos {
            let logo = video.ink(5) { $0.r > 200 && $0.g < 60 && $0.b < 60 }
            let text = video.ink(5) { min($0.r, $0.g, $0.b) > 200 }
            #expect(!logo.isEmpty && !text.isEmpty, "\(name): logo \(logo), text \(text)")
            if name == "beside" {
                // A picture taller than half the frame: the captions keep to its left, at the bottom.
                #expect(text.maxX < logo.minX && text.maxY > logo.maxY - 30, "\(name): text \(text), picture \(logo)")
            } else {
                #expect(text.maxY < logo.minY, "\(name): text \(text) reaches the logo \(logo)")
                #expect(logo.minY - text.maxY < video.height / 6, "\(name): text \(text) flew far from the logo \(logo)")
            }
        }
    }

    @Test func gradientsAreSourcesAndBackgrounds() throws {
        let manifest = Self.header + """
              - name: linear
                clips: [ { source: { generate: linear-gradient, colors: [black, white], angle: 90, duration: 1s } } ]
              - name: behind
                background: { generate: radial-gradient, colors: [white, black], radius: 100% }
                clips: [ { source: { generate: color, color: red, size: 160x160, duration: 1s } } ]
              - name: tall
                preset: tall
                clips: [ { source: { generate: linear-gradient, colors: ["#000000", { color: "#ffffff", at: 50% }, "#000000"], duration: 1s } } ]

            """
        let (_, videos) = try RGBVideo.render(manifest, outputs: ["linear": (480, 270), "behind": (480, 270),
                                                                      "tall": (270, 480)])
        func gray(_ video: RGBVideo, _ x: Int, _ y: Int) -> Int { video.rgb(3, x, y).g }
        // Left to right from black to white, the same down every column.
        let linear = try #require(videos["linear"])
        for x in [24, 120, 240, 360, 456] {
            let expected = 255 * (Double(x) + 0.5) / 480
            for y in [10, 135, 260] {
                #expect(abs(Double(gray(linear, x, y)) - expected) <= 6, "(\(x), \(y)): \(linear.rgb(3, x, y))")
            }
        }
        // The square clip is contained in the middle; the bars beside it show the radial background, white at the
        // centre (hidden) falling to black 270 px (the shorter side) away.
        let behind = try #require(videos["behind"])
        #expect(behind.rgb(3, 240, 135).r > 200 && behind.rgb(3, 240, 135).g < 40, "the clip: \(behind.rgb(3, 240, 135))")
        for (x, y) in [(50, 135), (430, 135), (80, 60)] {
            let distance = ((Double(x) + 0.5 - 240) * (Double(x) + 0.5 - 240) + (Double(y) + 0.5 - 135) * (Double(y) + 0.5 - 135)).squareRoot()
            let expected = 255 * (1 - distance / 270)
            #expect(abs(Double(gray(behind, x, y)) - expected) <= 6, "(\(x), \(y)): \(behind.rgb(3, x, y)) vs \(expected)")
        }
        #expect(gray(behind, 0, 0) < 8)
        // Without a size a gradient fills the canvas of any shape; top to bottom by default, white at its 50% stop.
        let tall = try #require(videos["tall"])
        #expect(gray(tall, 135, 240) > 245 && gray(tall, 135, 2) < 8 && gray(tall, 135, 477) < 8)
        #expect(abs(Double(gray(tall, 5, 120)) - 255 * 120.5 / 240) <= 6)
    }
}
