import Foundation
import Testing

/// `plan` says where text goes and how the music ducks.
@Suite struct PlanTextTests {
    @Test func titlesCaptionsAndDucking() throws {
        let directory = try CommandRunner.temporaryDirectory("plan-text")
        try CommandRunner.write("1\n00:00:00,200 --> 00:00:00,800\nhello\n\n2\n00:00:01,000 --> 00:00:01,500\nagain\n", to: "subs.srt", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: talk
                clips: [ { source: { generate: testpattern, duration: 2s } } ]
                titles:
                  - { text: "Placed", at: 0.5s, duration: 1s, region: { x: 10%, y: 10%, width: 50%, height: 20% } }
                  - { text: "Corner", position: top-right, animate: fade }
                  - { text: "Never", at: 5s }
                  - { text: "Two\\nlines", at: 1s }
                captions: subs.srt
                soundtrack: { source: { generate: tone, duration: 3s }, duck: -12dB, duck_threshold: -35 }
            """, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["plan", "m.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  title:    \"Placed\" 0.5s-1.5s in region {96, 54, 480, 108}, enter none, exit none"))
        #expect(lines.contains("  title:    \"Corner\" 0s-2s at top-right, enter fade, exit fade"))
        #expect(lines.contains("  title:    \"Never\" at 5s is past the end; not shown"))
        // A title's line break is shown as an escape: the listing keeps one field per line.
        #expect(lines.contains("  title:    \"Two\\nlines\" 1s-2s at bottom, enter none, exit none"))
        #expect(lines.contains("  captions: 2 cues 0.2s-1.5s, at bottom"))
        #expect(lines.contains("  ducking:  audio 3 to -12dB while audio 2 above -35 dBFS (attack 0.05s, release 0.3s)"))
    }

    /// Captions kept clear of a logo take the part of the canvas above it, in pixels to a hundredth: percentages of a
    /// 9:16 canvas leave binary fractions that the listing must not print.
    @Test func captionsAboveAnOverlayAreListedInWholeHundredths() throws {
        let directory = try CommandRunner.temporaryDirectory("plan-text-overlay")
        try CommandRunner.write("1\n00:00:00,200 --> 00:00:00,800\nhello\n", to: "subs.srt", in: directory)
        try MediaCheck.make(directory.appendingPathComponent("logo.png"), [
            "-f", "lavfi", "-i", "color=c=red:size=64x64", "-frames:v", "1"])
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: { base: draft, aspect: 9x16 } }
            outputs:
              - name: tall
                clips: [ { source: { generate: testpattern, duration: 1s } } ]
                overlays: [ { image: logo.png, anchor: bottom-right, margin: 4%, region: { width: 14% } } ]
                captions: subs.srt
            """, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["plan", "m.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let captions = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  captions:") }
        #expect(captions == ["  captions: 1 cue 0.2s-0.8s, at bottom of {27, 48, 486, 801.72}"], "\(result.stdout)")
    }
}
