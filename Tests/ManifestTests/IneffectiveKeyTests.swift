import Composition
import Foundation
import Manifest
import MediaCore
import Testing

/// Keys that are valid but would do nothing where they are written are errors, whole messages compared.
struct IneffectiveKeyTests {
    static let cases: [ErrorCase] = [
        ErrorCase(name: "clip keys with tracks", manifest: """
            mediabatch: 1
            templates:
              promo: { intro: a.mp4, transition: { type: crossfade, duration: 0.5s } }
            outputs:
              - name: x
                template: promo
                outro: { source: a.mp4, transition: fade }
                tracks: [ { segments: [ { source: a.mp4, to: 2s } ] } ]
            """, expected: """
            manifest.yaml:3:19: error: 'intro' has no effect with 'tracks'; put it in a track's 'segments', or use 'clips'
              promo: { intro: a.mp4, transition: { type: crossfade, duration: 0.5s } }
                              ^
            manifest.yaml:3:38: error: 'transition' has no effect with 'tracks'; overlap the segments and ramp the layers' 'opacity' instead
              promo: { intro: a.mp4, transition: { type: crossfade, duration: 0.5s } }
                                                 ^
            manifest.yaml:7:12: error: 'outro' has no effect with 'tracks'; put it in a track's 'segments', or use 'clips'
                outro: { source: a.mp4, transition: fade }
                       ^
            """),
        ErrorCase(name: "layers without tracks", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clips: [a.mp4]
                layers: [ { track: 1, opacity: 0.5 } ]
            """, expected: """
            manifest.yaml:5:13: error: 'layers' has no effect without 'tracks'; use 'crop' and 'fit' on the clips, or spell out 'tracks'
                layers: [ { track: 1, opacity: 0.5 } ]
                        ^
            """),
        ErrorCase(name: "ducking tuned without duck, muted clip with a volume", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clips: [ { source: a.mp4, mute: true, volume: -6dB } ]
                soundtrack: { source: bed.m4a, duck_attack: 100ms, duck_release: 1s }
            """, expected: """
            manifest.yaml:4:51: error: 'volume' has no effect on a muted clip; remove 'mute' or 'volume'
                clips: [ { source: a.mp4, mute: true, volume: -6dB } ]
                                                              ^
            manifest.yaml:5:49: error: 'duck_attack' has no effect without 'duck'; add 'duck' (such as '-10dB') or remove it
                soundtrack: { source: bed.m4a, duck_attack: 100ms, duck_release: 1s }
                                                            ^
            manifest.yaml:5:70: error: 'duck_release' has no effect without 'duck'; add 'duck' (such as '-10dB') or remove it
                soundtrack: { source: bed.m4a, duck_attack: 100ms, duck_release: 1s }
                                                                                 ^
            """),
        ErrorCase(name: "overlay placement and fades", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clips: [a.mp4]
                overlays:
                  - { image: logo.png, region: { x: 10, y: 10, width: 10% }, anchor: top-right }
                  - { image: logo.png, region: { width: 10% }, margin: 2% }
                  - { image: logo.png, region: { width: 10% }, fade: 1s, opacity: [ { at: 0s, value: 1 } ] }
            """, expected: """
            manifest.yaml:6:41: error: region 'x' has no effect with 'anchor', which places the overlay; remove one of them
                  - { image: logo.png, region: { x: 10, y: 10, width: 10% }, anchor: top-right }
                                                    ^
            manifest.yaml:6:48: error: region 'y' has no effect with 'anchor', which places the overlay; remove one of them
                  - { image: logo.png, region: { x: 10, y: 10, width: 10% }, anchor: top-right }
                                                           ^
            manifest.yaml:7:60: error: 'margin' has no effect without 'anchor'; add an anchor such as 'top-right', or remove it
                  - { image: logo.png, region: { width: 10% }, margin: 2% }
                                                                       ^
            manifest.yaml:8:58: error: 'fade' has no effect when 'opacity' is a list of ramps; put the fade into the ramps
                  - { image: logo.png, region: { width: 10% }, fade: 1s, opacity: [ { at: 0s, value: 1 } ] }
                                                                     ^
            """),
        ErrorCase(name: "a title placed twice", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clips: [a.mp4]
                titles:
                  - { text: Hi, position: top, anchor: bottom }
                  - { text: Ho, anchor: top, region: { x: 0, y: 0, width: 50% } }
            """, expected: """
            manifest.yaml:6:31: error: 'position' has no effect with 'anchor'; place a title with one of 'position', 'anchor' or 'region'
                  - { text: Hi, position: top, anchor: bottom }
                                          ^
            manifest.yaml:7:29: error: 'anchor' has no effect with 'region'; place a title with one of 'position', 'anchor' or 'region'
                  - { text: Ho, anchor: top, region: { x: 0, y: 0, width: 50% } }
                                        ^
            """),
        ErrorCase(name: "animated picture preset keys", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                preset: { base: web-1080p, loop: false, video: { quality: 80 } }
                clips: [a.mp4]
              - name: y
                preset: { base: gif, faststart: true, audio: { bitrate: 96k }, video: { codec: h264, crf: 20 } }
                clips: [a.mp4]
              - name: z
                preset: { base: webp, video: { speed: fast, quality: 90 } }
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:4:38: error: 'loop' has no effect on a 'mp4' output; it is for 'gif' and 'webp'
                preset: { base: web-1080p, loop: false, video: { quality: 80 } }
                                                 ^
            manifest.yaml:4:63: error: 'quality' has no effect on video codec 'h264'; it is for 'webp' (use 'crf' here)
                preset: { base: web-1080p, loop: false, video: { quality: 80 } }
                                                                          ^
            manifest.yaml:7:37: error: 'faststart' has no effect on a 'gif' output, which is pictures only
                preset: { base: gif, faststart: true, audio: { bitrate: 96k }, video: { codec: h264, crf: 20 } }
                                                ^
            manifest.yaml:7:50: error: 'audio' has no effect on a 'gif' output, which is pictures only
                preset: { base: gif, faststart: true, audio: { bitrate: 96k }, video: { codec: h264, crf: 20 } }
                                                             ^
            manifest.yaml:7:84: error: container 'gif' takes video codec 'gif', not 'h264'
                preset: { base: gif, faststart: true, audio: { bitrate: 96k }, video: { codec: h264, crf: 20 } }
                                                                                               ^
            manifest.yaml:7:95: error: 'crf' has no effect on a 'gif' output; a GIF is made with one palette
                preset: { base: gif, faststart: true, audio: { bitrate: 96k }, video: { codec: h264, crf: 20 } }
                                                                                                          ^
            manifest.yaml:10:43: error: 'speed' has no effect on a 'webp' output; set 'quality' (0-100) instead
                preset: { base: webp, video: { speed: fast, quality: 90 } }
                                                      ^
            """),
        ErrorCase(name: "passthrough and metadata on an animated picture", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                preset: { base: gif, passthrough: true, metadata: { title: Sale } }
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:4:39: error: 'passthrough' has no effect on a 'gif' output; its pictures are always encoded
                preset: { base: gif, passthrough: true, metadata: { title: Sale } }
                                                  ^
            manifest.yaml:4:55: error: 'metadata' has no effect on a 'gif' output; the format has no place for tags
                preset: { base: gif, passthrough: true, metadata: { title: Sale } }
                                                                  ^
            """),
        ErrorCase(name: "poster and HDR keys on pictures that cannot use them", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                preset: { base: web-1080p, poster_at: 2s }
                clips: [a.mp4]
              - name: y
                preset: { base: poster-png, faststart: true, video: { crf: 20, keyframe_interval: 30 } }
                clips: [a.mp4]
              - name: z
                preset: { base: webp, video: { dynamic_range: hdr } }
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:4:43: error: 'poster_at' has no effect on a 'mp4' output; it is for 'jpeg' and 'png' posters
                preset: { base: web-1080p, poster_at: 2s }
                                                      ^
            manifest.yaml:7:44: error: 'faststart' has no effect on a 'png' output, which is pictures only
                preset: { base: poster-png, faststart: true, video: { crf: 20, keyframe_interval: 30 } }
                                                       ^
            manifest.yaml:7:64: error: 'crf' has no effect on a 'png' output; a PNG poster is one lossless picture
                preset: { base: poster-png, faststart: true, video: { crf: 20, keyframe_interval: 30 } }
                                                                           ^
            manifest.yaml:7:87: error: 'keyframe_interval' has no effect on a 'png' output; a PNG poster is one lossless picture
                preset: { base: poster-png, faststart: true, video: { crf: 20, keyframe_interval: 30 } }
                                                                                                  ^
            manifest.yaml:10:51: error: 'dynamic_range' has no effect on a 'webp' output; set 'quality' (0-100) instead
                preset: { base: webp, video: { dynamic_range: hdr } }
                                                              ^
            """),
        ErrorCase(name: "encoder threads", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                preset: { base: draft, video: { threads: 0 } }
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:4:46: error: 'threads' must be from 1 to 64, not 0
                preset: { base: draft, video: { threads: 0 } }
                                                         ^
            """),
        ErrorCase(name: "min_size without shrinking", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clips: [a.mp4]
                title: { text: Hi, fit: none, min_size: 3% }
            """, expected: """
            manifest.yaml:5:45: error: 'min_size' has no effect with 'fit: none', which keeps the size; remove one of them
                title: { text: Hi, fit: none, min_size: 3% }
                                                        ^
            """),
    ]

    @Test(arguments: cases)
    func reportsKeysThatWouldDoNothing(_ errorCase: ErrorCase) throws {
        let fixture = try ManifestFixture(errorCase.manifest, files: errorCase.files)
        let set = fixture.load()
        #expect(fixture.messages(set) == errorCase.expected)
        #expect(set.hasErrors)
    }

    @Test func theBedDucksUnderExplicitTracks() throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            tracks:
              - segments: [ { source: a.mp4, to: 2s } ]
              - segments: [ { source: b.mp4, to: 2s } ]
            soundtrack: { source: bed.m4a, duck: -10dB }
            """))
        let job = try fixture.job("x")
        let trackAudio = job.composition.tracks(withMediaType: .audio).map(\.trackID).dropLast()
        let bed = try #require(job.audioMix.inputParameters.first { $0.ducking != nil })
        #expect(bed.ducking?.sideChainTrackIDs == Array(trackAudio))
        #expect(trackAudio.count == 2)
    }

    @Test func keysThatTakeEffectAreAccepted() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            outputs:
              - name: x
                preset: { base: gif, loop: false, video: { width: 320, height: 180 } }
                tracks: [ { segments: [ { source: a.mp4, to: 2s } ] } ]
                layers: [ { track: 1, opacity: 0.5 } ]
                soundtrack: { source: bed.m4a, duck: -10dB, duck_attack: 100ms }
                overlays: [ { image: logo.png, region: { width: 10% }, anchor: top-right, margin: 2% } ]
                title: { text: Hi, position: top }
              - name: y
                preset: { base: webp, video: { quality: 90 } }
                clips: [ { source: a.mp4, mute: true } ]
              - name: z
                preset: { base: draft, video: { threads: 6 } }
                clips: [a.mp4]
            """)
        let set = fixture.load()
        #expect(fixture.messages(set) == "")
        let gif = try #require(set.outputs.first?.settings)
        #expect(gif.container == .gif && gif.video?.codec == .gif && gif.loops == false && gif.audio == nil)
        #expect(set.outputs[1].settings.video?.quality == 90)
        #expect(set.outputs[2].settings.video?.threads == 6)
        #expect(set.outputs[0].settings.video?.threads == ExportSettings.Video.defaultThreads)
    }
}
