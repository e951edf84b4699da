import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// Small media made once per test run with the ffmpeg CLI: three one-second clips of solid colour with a tone each
/// (160x120, 30 fps, a keyframe every 10 frames, AAC at 48 kHz), and a two-second MP3 bed.
struct AVFixtures: Sendable {
    /// The directory holding the media and each test's outputs.
    let directory: String

    /// Red, 440 Hz.
    var red: URL { url("red.mp4") }
    /// Green, 660 Hz.
    var green: URL { url("green.mp4") }
    /// Blue, 880 Hz.
    var blue: URL { url("blue.mp4") }
    /// A two-second 220 Hz tone as MP3.
    var bed: URL { url("bed.mp3") }
    /// Coded 160x120, red above blue, shown turned a quarter clockwise (120x160, blue left, red right); no sound.
    var rotated: URL { url("rotated.mp4") }

    static func get() throws -> AVFixtures { try shared.get() }

    private static let shared = Result { () throws(MediaToolError) -> AVFixtures in try make() }

    private static func make() throws(MediaToolError) -> AVFixtures {
        let fixtures = AVFixtures(directory: try MediaTool.freshDirectory(prefix: "openavfoundation-tests"))
        for (name, color, frequency) in [("red", "0xFF0000", 440), ("green", "0x00FF00", 660), ("blue", "0x0000FF", 880)] {
            try MediaTool.ffmpeg([
                "-f", "lavfi", "-i", "color=c=\(color):size=160x120:rate=30:duration=1",
                "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=48000:duration=1",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-ac", "2", "-shortest", fixtures.url(name + ".mp4").path,
            ])
        }
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=220:sample_rate=44100:duration=2",
                              "-c:a", "libmp3lame", "-b:a", "64k", fixtures.bed.path])
        let upright = fixtures.url("upright.mp4").path
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0xFF0000:size=160x120:rate=30:duration=1,"
                                  + "drawbox=x=0:y=60:w=160:h=60:color=0x0000FF:t=fill",
                              "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", upright])
        // FFmpeg 5.1's mov muxer reads the legacy `rotate` tag as counterclockwise degrees: 270 is a clockwise quarter.
        try MediaTool.ffmpeg(["-i", upright, "-c", "copy", "-metadata:s:v:0", "rotate=270", fixtures.rotated.path])
        return fixtures
    }

    func url(_ name: String) -> URL { URL(fileURLWithPath: directory).appendingPathComponent(name) }

    /// A new 160x96 clip of 10 frames at 25 fps, an orange and a grey patch graded into BT.2020 with `transfer`
    /// (`arib-std-b67` for HLG, `smpte2084` for PQ; SDR white at HDR reference white) and encoded as 10-bit HEVC
    /// tagged accordingly, as phones record HDR video.
    func hdr(_ transfer: String) throws -> URL {
        let file = try output("hdr-" + transfer)
        let grade = "format=gbrp,zscale=tin=709:pin=709:min=gbr:rin=full:t=linear:p=2020:m=gbr:r=full:npl=203,"
            + "format=gbrpf32le,zscale=tin=linear:pin=2020:min=gbr:rin=full:t=\(transfer):p=2020:m=2020_ncl:"
            + "r=limited:npl=203,format=yuv420p10le"
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0xE04010:s=160x96:r=25:d=0.4,"
                                  + "drawbox=x=80:y=0:w=80:h=96:color=0x808080:t=fill",
                              "-vf", grade, "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
                              "log-level=error:colorprim=bt2020:transfer=\(transfer):colormatrix=bt2020nc",
                              "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc",
                              "-color_range", "tv", file.path])
        return file
    }

    /// A new 40x20 PNG, opaque green on its left half and transparent on its right.
    func halfGreenLogo() throws -> URL {
        let file = try output("logo", "png")
        try MediaTool.ffmpeg(["-f", "lavfi", "-i", "color=c=0x00FF00:size=40x20,format=rgba,"
                                  + "geq=r=0:g=255:b=0:a='if(lt(X,20),255,0)'", "-frames:v", "1", file.path])
        return file
    }

    /// A path for an output of `test`, in a directory of its own; nothing is there yet.
    func output(_ test: String, _ fileExtension: String = "mp4") throws -> URL {
        let folder = url(test + "-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("out." + fileExtension)
    }
}

/// The colour of pixel (`x`, `y`) of frame `frame` of a 160x120 file, decoded by ffmpeg.
func color(_ url: URL, frame: Int, x: Int = 80, y: Int = 60, width: Int = 160, height: Int = 120) throws -> (r: Int, g: Int, b: Int) {
    try RGBPicture(path: url.path, frame: frame, width: width, height: height).rgb(x, y)
}

/// Whether two colours are within `tolerance` on every component.
func near(_ color: (r: Int, g: Int, b: Int), _ expected: (Int, Int, Int), tolerance: Int = 24) -> Bool {
    abs(color.r - expected.0) <= tolerance && abs(color.g - expected.1) <= tolerance && abs(color.b - expected.2) <= tolerance
}
