import Foundation
import LibAV
import Testing

/// What kept encoded data is valid under: FFmpeg's version, the processor features and, by file name (which carries
/// each library's version), every codec, filter and drawing library that decides pictures or bytes, libavfilter and
/// zimg included though they are not loaded yet.
struct CodecBuildTests {
    @Test(arguments: ["libavcodec.so.", "libavutil.so.", "libswscale.so.", "libx264.so.", "librsvg-2.so.",
                      "librlottie.so.", "libcairo.so.", "libavfilter.so.", "libzimg.so."])
    func namesEachLibraryThatDecidesTheBytes(prefix: String) {
        let lines = CodecBuild.identity.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix(prefix) }, "\(CodecBuild.identity)")
        #expect(lines.first?.hasPrefix("ffmpeg ") == true)
    }

    @Test func eachLibraryIsARegularFileNamedWithItsSizeAndTime() throws {
        #expect(CodecBuild.libraryFiles.contains { $0.contains("/libavfilter.so.") })
        for file in CodecBuild.libraryFiles {
            let type = try FileManager.default.attributesOfItem(atPath: file)[.type] as? FileAttributeType
            #expect(type == .typeRegular, "\(file)")
            // Named with its size (and time): a patched library under the same name is another build.
            let size = try #require(FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)
            let name = (file as NSString).lastPathComponent
            #expect(CodecBuild.identity.contains("\n\(name) \(size) "), "\(CodecBuild.identity)")
        }
    }
}
