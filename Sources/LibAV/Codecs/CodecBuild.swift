internal import CFFmpeg
import Foundation

/// Which builds of the media libraries this process runs, on which processor features: what, besides its inputs and
/// settings, decides the bytes an encoder makes (and the pictures filters, SVG and Lottie layers draw). Kept encoded
/// data (a segment cache across runs) is valid only under the same builds and features.
public enum CodecBuild {
    /// FFmpeg's version text, the processor features the codecs use (libav's flags once `MEDIABATCH_CPU_FEATURES` is
    /// applied: x264 and x265 write other bytes on other levels) and each of `libraryFiles` by name (on Linux it
    /// carries the library's version, `libavcodec.so.59.37.100`), size and modification time, in a stable order.
    public static let identity: String = {
        let limit = switch CPUFeatures.limit {
        case .success(let flags?): "limited to \(flags)"
        case .success(nil): "own"
        case .failure: "invalid"
        }
        let parts = ["ffmpeg " + String(cString: av_version_info()), "avcodec \(avcodec_version())",
                     "cpu \(av_get_cpu_flags()) \(limit)"]
        return (parts + libraryFiles.map(stamp(of:))).joined(separator: "\n")
    }()

    /// The files of the codec, filter and drawing libraries that decide pictures or bytes, sorted: those mapped into
    /// the process (libavcodec, x264, librsvg, ...), and libavfilter with zimg, its HDR conversion, found beside
    /// libavcodec: libavfilter is loaded only when a render first filters, so the process's maps would name it or not
    /// by timing.
    public static let libraryFiles: [String] = {
        // Read to the end: the file reports no size, and a read by size stops after its first page.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps").flatMap({ try? $0.readToEnd() }),
              let maps = String(data: data, encoding: .utf8) else { return [] }
        let mapped = Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
                  path.hasPrefix("/") else { return nil }
            return named(String(path), oneOf: mappedLibraries) ? String(path) : nil
        })
        var files = mapped
        if let codecs = mapped.first(where: { named($0, oneOf: ["libavcodec"]) }) {
            let folder = (codecs as NSString).deletingLastPathComponent
            let loadedLater = ["libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)", "libzimg.so"]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where loadedLater.contains(where: name.hasPrefix) {
                guard let resolved = realpath((folder as NSString).appendingPathComponent(name), nil) else { continue }
                files.insert(String(cString: resolved))
                free(resolved)
            }
        }
        return files.sorted()
    }()

    /// A library file's name, size and modification time. The version in a name does not change with a
    /// distribution's patch release; the size and time do (package managers keep the time the package was built,
    /// so machines with the same packages agree), without reading 70 MB of libraries in every run.
    private static func stamp(of path: String) -> String {
        var facts = stat()
        guard stat(path, &facts) == 0 else { return (path as NSString).lastPathComponent }
        return "\((path as NSString).lastPathComponent) \(facts.st_size) \(facts.st_mtim.tv_sec).\(facts.st_mtim.tv_nsec)"
    }

    /// The libraries whose mapped files count, by name before the version.
    private static let mappedLibraries = ["libavcodec", "libavutil", "libswscale", "libx264", "libx265", "libvpx",
                                          "libaom", "libdav1d", "libmp3lame", "libopus", "librsvg-2", "librlottie",
                                          "libcairo"]

    private static func named(_ path: String, oneOf libraries: [String]) -> Bool {
        let name = (path as NSString).lastPathComponent
        return libraries.contains { name.hasPrefix($0 + ".") || name.hasPrefix($0 + "-") }
    }
}
