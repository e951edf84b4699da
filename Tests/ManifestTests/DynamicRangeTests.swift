import Composition
import Manifest
import Testing

/// The preset video key `dynamic_range`: HDR outputs are 10-bit HEVC.
struct DynamicRangeTests {
    @Test(arguments: [ExportSettings.DynamicRange.hdr, .hlg, .pq])
    func hdrTurnsAnEightBitPresetIntoTenBitHEVC(range: ExportSettings.DynamicRange) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            preset: { base: web-1080p, video: { codec: hevc, dynamic_range: \(range.rawValue) } }
            clips: [a.mp4]
            """))
        let video = try #require(try fixture.job("x").settings.video)
        #expect(video.isHDR && video.codec == .hevc && video.pixelFormat == "yuv420p10le")
        #expect(video.dynamicRange == range)
        #expect(try ManifestFixture(JobBuilderTimelineTests.manifest("clips: [a.mp4]")).job("x").settings.video?.isHDR == false)
    }

    /// An animated picture made from an HDR preset is 8-bit SDR GIF, not a GIF that claims to be HDR.
    @Test func anAnimatedPictureFromAnHDRPresetIsSDR() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            presets:
              hdr: { base: web-1080p, video: { codec: hevc, dynamic_range: hdr } }
            outputs:
              - name: x
                preset: { base: hdr, container: gif }
                clips: [a.mp4]
            """)
        let video = try #require(try fixture.job("x").settings.video)
        #expect(!video.isHDR && video.codec == .gif)
    }

    @Test(arguments: [
        // The video mapping, the value the error points at, the message.
        ("{ dynamic_range: hdr }", "hdr", "'dynamic_range: hdr' needs 'codec: hevc', not 'h264'; HDR is written as 10-bit HEVC"),
        ("{ dynamic_range: pq }", "pq", "'dynamic_range: pq' needs 'codec: hevc', not 'h264'; HDR is written as 10-bit HEVC"),
        ("{ codec: vp9, dynamic_range: hdr }", "vp9",
         "'dynamic_range: hdr' needs 'codec: hevc', not 'vp9'; HDR is written as 10-bit HEVC"),
        ("{ codec: hevc, dynamic_range: hdr, pixel_format: yuv444p }", "yuv444p",
         "'dynamic_range: hdr' needs a 10-bit 'pixel_format' (yuv420p10le, yuv422p10le), not 'yuv444p'"),
        ("{ dynamic_range: dolby }", "dolby", "unknown dynamic_range 'dolby'; expected one of 'sdr', 'hdr', 'hlg', 'pq'"),
    ])
    func impossibleHDRIsAPositionedError(video: String, value: String, message: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            preset: { base: web-1080p, video: \(video) }
            clips: [a.mp4]
            """))
        let line = "    preset: { base: web-1080p, video: \(video) }"
        let column = try #require(line.range(of: value)).lowerBound.utf16Offset(in: line) + 1
        #expect(fixture.messages(fixture.load()) == "manifest.yaml:5:\(column): error: \(message)\n\(line)\n"
                + String(repeating: " ", count: column - 1) + "^")
    }
}
