internal import CFFmpeg
import Foundation

/// Which builds of the media libraries this process runs, on which processor features: what, besides its inputs and
/// settings, decides the bytes an encoder makes (and the pictures SVG and Lottie layers draw). Kept encoded data (a segment cache across runs) is valid only under
/// the same builds and features.
public enum CodecBuild {
    /// FFmpeg's version text, the processor features the codecs use (libav's flags once `MEDIABATCH_CPU_FEATURES` is
    /// applied: x264 and x265 write other bytes on other levels) and the file names of the codec and drawing
    /// libraries (librsvg, rlottie, Cairo) mapped into the process (on Linux their names carry the full version, `libavcodec.so.59.37.100`, `libx264.so.164`), in a
    /// stable order.
    public static let identity: String = {
        let limit = switch CPUFeatures.limit {
        case .success(let flags?): "limited to \(flags)"
        case .success(nil): "own"
        case .failure: "invalid"
        }
        var parts = ["ffmpeg " + String(cString: av_version_info()), "avcodec \(avcodec_version())",
                     "cpu \(av_get_cpu_flags()) \(limit)"]
        // Read to the end: the file reports no size, and a read by size stops after its first page.
        if let data = FileHandle(forReadingAtPath: "/proc/self/maps").flatMap({ try? $0.readToEnd() }),
           let maps = String(data: data, encoding: .utf8) {
            let names = maps.split(separator: "\n").compactMap { line -> String? in
                guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
                      path.hasPrefix("/") else { return nil }
                let name = String(path.split(separator: "/").last ?? "")
                let libraries = ["libavcodec", "libavutil", "libswscale", "libx264", "libx265", "libvpx", "libaom",
                                 "libdav1d", "libmp3lame", "libopus", "librsvg-2", "librlottie", "libcairo"]
                return libraries.contains { name.hasPrefix($0 + ".") || name.hasPrefix($0 + "-") } ? name : nil
            }
            parts += Set(names).sorted()
        }
        return parts.joined(separator: "\n")
    }()
}
