import LibAV
import Testing

/// What kept encoded data is valid under: FFmpeg's version, the processor features and, by file name (which carries
/// each library's version), every codec and drawing library mapped into the process that decides pictures or bytes.
struct CodecBuildTests {
    @Test(arguments: ["libavcodec.so.", "libavutil.so.", "libswscale.so.", "libx264.so.", "librsvg-2.so.",
                      "librlottie.so.", "libcairo.so."])
    func namesEachLibraryThatDecidesTheBytes(prefix: String) {
        let lines = CodecBuild.identity.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix(prefix) }, "\(CodecBuild.identity)")
        #expect(lines.first?.hasPrefix("ffmpeg ") == true)
    }
}
