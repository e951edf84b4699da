// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mediabatch",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mediabatch", targets: ["mediabatch"]),
        .library(name: "MediaBatch", targets: ["MediaBatch"]),
        .library(name: "OpenAVFoundation", targets: ["OpenAVFoundation", "AVFoundation", "CoreMedia", "CoreGraphics"]),
        .library(name: "MediaCore", targets: ["MediaCore"]),
        .library(name: "Composition", targets: ["Composition"]),
        .library(name: "Render", targets: ["Render"]),
    ],
    targets: [
        // libyaml, seen only by the YAML target.
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // FFmpeg's libav* libraries plus a shim for macros Swift cannot import; seen only by LibAV. libavfilter is not
        // linked: LibAV loads it on first use (FilterLibrary.swift), so only its headers are needed here.
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat libavcodec libavutil libswscale libswresample",
            providers: [
                .apt(["libavformat-dev", "libavcodec-dev", "libavfilter-dev", "libavutil-dev", "libswscale-dev",
                      "libswresample-dev"]),
                .brew(["ffmpeg"]),
            ]),
        // libass (ASS subtitle overlays, drawn with their own styles), seen only by LibAV.
        .systemLibrary(
            name: "CASS", pkgConfig: "libass", providers: [.apt(["libass-dev"]), .brew(["libass"])]),
        // fontconfig (the installed font families, the faces in font files), seen only by LibAV.
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        // librsvg with cairo (SVG pictures drawn as vectors at the size they are shown), seen only by LibAV. The
        // shim declares librsvg's few calls itself: `librsvg-2.0`'s pkg-config flags carry glib's `-pthread`, which
        // SwiftPM refuses with a warning; cairo's give the header path, the module map links librsvg.
        .systemLibrary(
            name: "CRSVG", pkgConfig: "gobject-2.0 cairo", providers: [.apt(["librsvg2-dev", "libcairo2-dev"]), .brew(["librsvg"])]),
        // rlottie (Lottie animations drawn frame by frame at the size they are shown), seen only by LibAV.
        .systemLibrary(
            name: "CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"]), .brew(["rlottie"])]),
        // aubio (beat, tempo and onset detection of soundtracks for cuts on the beat), seen only by Beats.
        .systemLibrary(
            name: "CAubio", pkgConfig: "aubio", providers: [.apt(["libaubio-dev"]), .brew(["aubio"])]),
        // Pango over Cairo (text layout with HarfBuzz, FriBidi and fontconfig; colour emoji), seen only by TextLayout.
        // pkg-config's `pangocairo` brings glib's `-pthread`, which SwiftPM refuses with a warning: the packages
        // below give the other header paths, the module map links Pango, CPangoHeaders adds Pango's header folder.
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "gobject-2.0 harfbuzz cairo freetype2 fontconfig",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"]), .brew(["pango", "cairo"])]),
        // OpenSSL's libcrypto for SHA-256 on the processor's SHA instructions (LibAV's Digest), seen by LibAV, and by
        // the executable, which keeps it set up until the process ends.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        // libebur128 (EBU R128 loudness and true peak), seen only by LibAV.
        .systemLibrary(
            name: "CEBUR128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"]), .brew(["libebur128"])]),
        // OpenCV's face, people and saliency detectors behind a C interface (CReframe.h), seen only by Reframe. Only the
        // four libraries used are linked (pkg-config's opencv4 lists every module).
        .target(
            name: "CReframe",
            cxxSettings: [.headerSearchPath("opencv4")],  // a link to /usr/include/opencv4, so no unsafe flag
            linkerSettings: ["opencv_core", "opencv_imgproc", "opencv_objdetect", "opencv_saliency"].map {
                .linkedLibrary($0)
            }),
        // Exact rational media time, ranges, mappings, source locations and diagnostics.
        .target(name: "MediaCore", exclude: ["README.md"],
                linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // The AVFoundation-like composition model: tracks, segments, instructions, ramps, audio mixes.
        .target(name: "Composition", dependencies: ["MediaCore"], exclude: ["README.md"]),
        // libyaml parsed into a YAMLNode tree that keeps file, line and column.
        .target(name: "YAML", dependencies: ["CYAML", "MediaCore"]),
        // Manifest schema, templates, data tables, matrix expansion and validation into jobs.
        .target(name: "Manifest", dependencies: ["YAML", "Composition", "MediaCore"]),
        // Thin owner classes over the media C libraries (libav*, libass, fontconfig, libebur128, librsvg, rlottie):
        // files, codecs, scalers, resamplers, frames, packets, text, fonts, loudness meters, vector pictures, animations.
        .target(name: "LibAV", dependencies: ["CFFmpeg", "CASS", "CFontconfig", "CEBUR128", "CRSVG", "CRLottie",
                                       "CCrypto", "MediaCore"]),
        // Titles and captions laid out and drawn by Pango and Cairo into premultiplied bitmaps.
        // Pango's header folder on every dependent's include path (a link in its include folder, see its header).
        .target(name: "CPangoHeaders"),
        .target(name: "TextLayout", dependencies: ["CPangoHeaders", "CPangoCairo"]),
        // ExportSession: evaluates a composition frame by frame and sample by sample through LibAV.
        .target(name: "Render", dependencies: ["Composition", "LibAV", "TextLayout", "MediaCore"], exclude: ["README.md"]),
        // AVFoundation's and CoreMedia's Swift API (CMTime, AVMutableComposition, AVAssetExportSession, ...) as a thin
        // layer of reference types over the composition model, the renderer and LibAV's probe.
        .target(name: "OpenAVFoundation", dependencies: ["MediaCore", "Composition", "LibAV", "Render"]),
        // Auto-reframe analysis: a source range decoded small, its shots and its subjects found with CReframe.
        .target(name: "Reframe", dependencies: ["CReframe", "LibAV", "MediaCore"]),
        // Beat analysis: a soundtrack decoded to mono float with LibAV, its beats and onsets found with CAubio.
        .target(name: "Beats", dependencies: ["CAubio", "LibAV", "MediaCore"]),
        // Apple's module names on Linux, each only re-exporting OpenAVFoundation, so `import AVFoundation`,
        // `import CoreMedia` and `import CoreGraphics` build unchanged (docs/openavfoundation.md, Apple's module names).
        .target(name: "AVFoundation", dependencies: ["OpenAVFoundation"]),
        .target(name: "CoreMedia", dependencies: ["OpenAVFoundation"]),
        .target(name: "CoreGraphics", dependencies: ["OpenAVFoundation"]),
        // Generic job graph, cycle detection and budgeted parallel execution.
        .target(name: "Scheduler", dependencies: ["MediaCore"]),
        // Run report values and their JSON, JUnit, Markdown and HTML writers.
        .target(name: "Report", dependencies: ["MediaCore"]),
        // The library entry point: wires manifests, rendering, scheduling and reporting.
        .target(
            name: "MediaBatch",
            dependencies: ["MediaCore", "Composition", "YAML", "Manifest", "LibAV", "Render", "Scheduler", "Report",
                           "Reframe", "Beats"]),
        // The command-line tool: arguments, terminal output, exit codes.
        // The mediabatch process's heap switches (mallopt, transparent huge pages), set by the executable alone.
        .target(name: "CProcessHeap"),
        .executableTarget(name: "mediabatch", dependencies: ["MediaBatch", "MediaCore", "CProcessHeap", "CCrypto"]),

        // Examples of OpenAVFoundation, each an executable taking its input files as arguments (Examples/README.md).
        .executableTarget(name: "cmtime-guide", dependencies: ["OpenAVFoundation"], path: "Examples/CMTimeGuide"),
        .executableTarget(name: "timeline-builder", dependencies: ["OpenAVFoundation"], path: "Examples/TimelineBuilder"),
        .executableTarget(name: "crossfade", dependencies: ["OpenAVFoundation"], path: "Examples/Crossfade"),
        .executableTarget(name: "split-screen", dependencies: ["OpenAVFoundation"], path: "Examples/SplitScreen"),
        .executableTarget(name: "passthrough-trim", dependencies: ["OpenAVFoundation"], path: "Examples/PassthroughTrim"),
        .executableTarget(name: "thumbnails", dependencies: ["OpenAVFoundation"], path: "Examples/Thumbnails"),

        .testTarget(name: "MediaCoreTests", dependencies: ["MediaCore"]),
        .testTarget(name: "CompositionTests", dependencies: ["Composition", "MediaCore"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "MediaCore"]),
        .testTarget(name: "LibAVTests", dependencies: ["LibAV", "MediaCore", "MediaTestSupport"]),
        .testTarget(name: "SchedulerTests", dependencies: ["Scheduler", "MediaCore"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "MediaCore"]),
        // ffmpeg and ffprobe as the independent checker of rendering tests: running them, reading pictures and sound.
        .target(name: "MediaTestSupport", dependencies: ["LibAV"], path: "Tests/MediaTestSupport"),
        .testTarget(name: "RenderTests",
                    dependencies: ["Render", "Composition", "LibAV", "TextLayout", "MediaCore", "MediaTestSupport"]),
        .testTarget(name: "ManifestTests", dependencies: ["Manifest", "YAML", "Composition", "MediaCore"]),
        .testTarget(name: "OpenAVFoundationTests",
                    dependencies: ["OpenAVFoundation", "MediaTestSupport", "cmtime-guide", "timeline-builder", "crossfade",
                                   "split-screen", "passthrough-trim", "thumbnails"]),
        .testTarget(name: "mediabatchTests",
                    dependencies: ["mediabatch", "MediaBatch", "MediaCore", "MediaTestSupport", "Composition"]),
    ],
    swiftLanguageModes: [.v6]
)

// The compatibility corpus: programs written as apps use Apple's AVFoundation, in Swift 5 mode as such apps build,
// with only the import changed (or none: two import AVFoundation with CoreMedia or CoreGraphics); each depends on the
// OpenAVFoundation product's modules and is run by OpenAVFoundationTests (Tests/AVFoundationCorpus/README.md).
let avFoundationCorpus: [(name: String, folder: String, imports: [Target.Dependency])] = [
    ("merge-with-orientation", "MergeWithOrientation", ["AVFoundation", "CoreGraphics"]),
    ("passthrough-trim-async", "PassthroughTrimAsync", []),
    ("crossfade-swift4", "CrossfadeSwift4", []),
    ("picture-in-picture", "PictureInPicture", []),
    ("speed-ramp", "SpeedRamp", []),
    ("key-value-loading", "KeyValueLoading", ["AVFoundation", "CoreMedia"]),
    ("thumbnail-strip", "ThumbnailStrip", []),
    ("music-bed-ducking", "MusicBedDucking", []),
    ("cmtime-operators", "CMTimeOperators", []),
    ("player-item-export", "PlayerItemExport", []),
    ("reader-statistics", "ReaderStatistics", []),
    ("compress-for-upload", "CompressForUpload", []),
    ("replace-sound-track", "ReplaceSoundTrack", []),
    ("images-to-video", "ImagesToVideo", []),
    ("extract-audio-wav", "ExtractAudioToWAV", []),
    ("recording-place-and-date", "RecordingPlaceAndDate", []),
    ("text-watermark", "TextWatermark", []),
    ("logo-watermark", "LogoWatermark", []),
    ("blur-over-time", "BlurOverTime", []),
    ("animated-lower-third", "AnimatedLowerThird", []),
    ("filter-watermark", "FilterWatermark", []),
    ("rounded-card", "RoundedCard", []),
    ("progress-ring", "ProgressRing", []),
]
package.targets += avFoundationCorpus.map { program in
    .executableTarget(name: program.name, dependencies: program.imports + ["OpenAVFoundation"],
                      path: "Tests/AVFoundationCorpus/" + program.folder, swiftSettings: [.swiftLanguageMode(.v5)])
}
package.targets.first { $0.name == "OpenAVFoundationTests" }?.dependencies
    += avFoundationCorpus.map { .target(name: $0.name) }
