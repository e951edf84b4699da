import Foundation
import Testing

/// Footage as cameras, phones and archives deliver it, made with the ffmpeg tools on first use (each file once per
/// run) in the export fixtures' directory: HDR HEVC, variable frame rate with an audio hole, damaged packets,
/// interlaced video and 5.1 sound.
enum FootageFixtures {
    /// The SDR colours every HDR fixture is graded from, left to right: saturated orange, mid grey, white.
    static let orange = (224, 64, 16)
    static let grey = (128, 128, 128)

    /// 160x96, 1 s at 25 fps of three vertical patches (0xE04010, 0x808080, white) graded into BT.2020 with
    /// `transfer` and encoded as 10-bit HEVC (libx265) tagged accordingly: `arib-std-b67` (HLG) and `smpte2084` (PQ,
    /// also carrying MaxCLL 1000, MaxFALL 400 and a P3 mastering display of 1000 cd/m2) are HDR graded the BT.2408 way (SDR white at HDR reference white,
    /// 203 cd/m2); `bt2020-10` is SDR in the BT.2020 gamut.
    static func graded(_ transfer: String) throws -> String {
        try made("graded-\(transfer).mp4") { path in
            let patches = "color=c=0xE04010:s=160x96:r=25:d=1,format=gbrp,"
                + "drawbox=x=64:y=0:w=48:h=96:color=0x808080:t=fill,drawbox=x=112:y=0:w=48:h=96:color=white:t=fill"
            let grade = "zscale=tin=709:pin=709:min=gbr:rin=full:t=linear:p=2020:m=gbr:r=full:npl=203,format=gbrpf32le,"
                + "zscale=tin=linear:pin=2020:min=gbr:rin=full:t=\(transfer):p=2020:m=2020_ncl:r=limited:npl=203,"
                + "format=yuv420p10le"
            var x265 = "log-level=error:colorprim=bt2020:transfer=\(transfer):colormatrix=bt2020nc"
            if transfer == "smpte2084" {
                x265 += ":max-cll=1000,400:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)"
                    + "L(10000000,50)"
            }
            try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", patches, "-vf", grade, "-c:v", "libx265", "-preset", "ultrafast",
                                       "-x265-params", x265, "-color_primaries", "bt2020", "-color_trc", transfer,
                                       "-colorspace", "bt2020nc", "-color_range", "tv", path])
        }
    }

    /// 640x360, 1 s at 30 fps of testsrc2 (fine detail, text, colours) graded like `graded(_:)` and encoded as 10-bit
    /// HEVC tagged with `transfer`.
    static func gradedTestPattern(_ transfer: String) throws -> String {
        try made("testsrc360-\(transfer).mp4") { path in
            let grade = "format=gbrp,zscale=tin=709:pin=709:min=gbr:rin=full:t=linear:p=2020:m=gbr:r=full:npl=203,"
                + "format=gbrpf32le,zscale=tin=linear:pin=2020:min=gbr:rin=full:t=\(transfer):p=2020:m=2020_ncl:"
                + "r=limited:npl=203,format=yuv420p10le"
            try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=1", "-vf", grade,
                                       "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
                                       "log-level=error:colorprim=bt2020:transfer=\(transfer):colormatrix=bt2020nc",
                                       "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc",
                                       "-color_range", "tv", path])
        }
    }

    /// 640x360, 1 s at 30 fps of testsrc2 as SDR BT.709 H.264 with a display matrix turning it a quarter: shown
    /// 360x640, as phones store portrait video.
    static var portraitTestPattern: String {
        get throws {
            try made("portrait-testsrc.mp4") { path in
                let flat = path + ".flat.mp4"
                try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=1",
                                           "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                                           "-c:v", "libx264", "-preset", "ultrafast", "-crf", "10",
                                           "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709",
                                           "-color_range", "tv", flat])
                try ExportFixtures.ffmpeg(["-i", flat, "-c", "copy", "-metadata:s:v", "rotate=90", path])
                try FileManager.default.removeItem(atPath: flat)
            }
        }
    }

    /// `graded("arib-std-b67")` with a display matrix turning it a quarter turn, as phones store portrait video.
    static var portraitHLG: String {
        get throws {
            let source = try graded("arib-std-b67")
            return try made("portrait-hlg.mp4") { path in
                try ExportFixtures.ffmpeg(["-i", source, "-c", "copy", "-metadata:s:v", "rotate=90", path])
            }
        }
    }

    /// The patches of `graded(_:)` as plain SDR: 8-bit H.264 tagged BT.709.
    static var sdrPatches: String {
        get throws {
            try made("sdr-patches.mp4") { path in
                let patches = "color=c=0xE04010:s=160x96:r=25:d=1,"
                    + "drawbox=x=64:y=0:w=48:h=96:color=0x808080:t=fill,drawbox=x=112:y=0:w=48:h=96:color=white:t=fill,"
                    + "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
                try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", patches, "-c:v", "libx264", "-preset", "ultrafast",
                                           "-crf", "10", "-color_primaries", "bt709", "-color_trc", "bt709",
                                           "-colorspace", "bt709", "-color_range", "tv", path])
            }
        }
    }

    /// 160x96 Matroska, 5 s: variable frame rate (30 fps to 2 s, then 20 fps), black with a white flash at 3.0 s
    /// (0.1 s long); AAC audio, silent but for a 1 kHz beep at 3.0 s (0.1 s), whose packets from 1.0 s to 1.5 s are
    /// removed, leaving a hole in its timestamps.
    static var vfrWithAudioGap: String {
        get throws {
            try made("vfr-gap.mkv") { path in
                let video = "color=c=black:s=160x96:r=60:d=5,"
                    + "drawbox=x=0:y=0:w=160:h=96:color=white:t=fill:enable='between(t,3,3.1)',"
                    + "select='lt(t,2)*not(mod(n,2))+gte(t,2)*not(mod(n,3))'"
                let audio = "aevalsrc='if(between(t,3,3.1),0.5*sin(2*PI*1000*t),0)':s=48000:d=5"
                let whole = path + ".whole.mkv"
                try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", video, "-f", "lavfi", "-i", audio, "-fps_mode", "vfr",
                                           "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "aac",
                                           "-b:a", "96k", whole])
                try ExportFixtures.ffmpeg(["-i", whole, "-c", "copy", "-bsf:a", "noise=drop=between(pts*tb\\,1\\,1.5)", path])
            }
        }
    }

    /// 160x96 AVI, 4 s at 25 fps: MPEG-4 part 2 video of a moving test pattern and AC-3 audio of a 1 kHz tone (the
    /// pairing of old camera and archive files), with audio packets 40, 60 and 80 (at 1.28 s, 1.92 s and 2.56 s)
    /// and video packets 30 and 70 (at 1.2 s and 2.8 s) scrambled by the `noise` bitstream filter.
    static var damagedAVI: String {
        get throws {
            try made("damaged.avi") { path in
                let clean = path + ".clean.avi"
                try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x96:rate=25:duration=4",
                                           "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:duration=4",
                                           "-c:v", "mpeg4", "-q:v", "5", "-g", "25", "-c:a", "ac3", "-b:a", "96k",
                                           "-ac", "2", clean])
                try ExportFixtures.ffmpeg(["-i", clean, "-c", "copy",
                                           "-bsf:a", "noise=amount=eq(n\\,40)+eq(n\\,60)+eq(n\\,80)",
                                           "-bsf:v", "noise=amount=eq(n\\,30)+eq(n\\,70)", "-f", "avi", path])
            }
        }
    }

    /// 160x96 H.264, 1 s of 25i (top field first, `field_order` tt): a white bar 16 px wide on black moving 8 px to
    /// the right every field (wrapping round), so a frame whose fields are shown woven together has combed edges.
    static var interlaced: String {
        get throws {
            try made("interlaced.mp4") { path in
                let bar = "color=c=black:s=160x96:r=50:d=1[bg];color=c=white:s=16x96:r=50:d=1[bar];"
                    + "[bg][bar]overlay=x='mod(8*n,144)':y=0:format=yuv420,tinterlace=mode=interleave_top,setfield=tff"
                try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", bar, "-c:v", "libx264", "-preset", "ultrafast",
                                           "-flags", "+ilme+ildct", "-x264-params", "tff=1", "-field_order", "tt", path])
            }
        }
    }

    /// 160x96 MP4, 1 s: a still picture and 6-channel 5.1 AAC at 48 kHz, silent but for a 440 Hz tone of
    /// amplitude 0.5 in front right for the first half second and in side left for the second.
    static var surround: String {
        get throws {
            try made("surround.mp4") { path in
                let tone = "0.5*sin(2*PI*440*t)"
                let channels = ["0", "if(lt(t,0.5),\(tone),0)", "0", "0", "if(gte(t,0.5),\(tone),0)", "0"]
                try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=160x96:r=25:d=1",
                                           "-f", "lavfi", "-i", "aevalsrc='\(channels.joined(separator: "|"))':"
                                               + "channel_layout=5.1:s=48000:d=1",
                                           "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "384k",
                                           "-shortest", path])
            }
        }
    }

    /// WAV, 0.5 s of 6-channel 6.0 audio (front left, right and centre, back centre, side left and right; the
    /// channel mask says so) at 48 kHz, silent but for a 440 Hz tone of amplitude 0.5 in back centre, the channel a
    /// default 6-channel layout (5.1) would take for LFE.
    static var sixPointZero: String {
        get throws {
            try made("six-point-zero.wav") { path in
                try ExportFixtures.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='0|0|0|0.5*sin(2*PI*440*t)|0|0':"
                                               + "channel_layout=6.0:s=48000:d=0.5", "-c:a", "pcm_s16le", path])
            }
        }
    }

    /// The file `name` in the fixtures' directory, made by `make` the first time it is asked for in this run.
    private static func made(_ name: String, _ make: (String) throws -> Void) throws -> String {
        let directory = try ExportFixtures.get().directory
        let path = directory + "/footage-" + name
        try lock.withLock {
            if !FileManager.default.fileExists(atPath: path) {
                // Made under another name (keeping the extension the muxer goes by), then moved into place whole.
                let partial = directory + "/footage-partial-" + name
                try make(partial)
                try FileManager.default.moveItem(atPath: partial, toPath: path)
            }
        }
        return path
    }

    private static let lock = NSLock()
}

/// One decoded picture as packed RGB converted with the BT.709 matrix from limited range, as a player shows a BT.709
/// file (ffmpeg's own default would use BT.601 for untagged frames).
func bt709Picture(_ path: String, frame index: Int, width: Int, height: Int) throws -> RGBPicture {
    let data = try ExportFixtures.ffmpeg(["-i", path, "-vf", "select=eq(n\\,\(index)),scale=in_color_matrix=bt709:"
                                              + "in_range=limited:out_range=full,format=rgb24",
                                          "-frames:v", "1", "-f", "rawvideo", "-"])
    let picture = RGBPicture(decoded: [UInt8](data), width: width, height: height)
    try #require(picture.bytes.count == width * height * 3, "decoded \(picture.bytes.count) bytes for \(width)x\(height)")
    return picture
}


/// Frame `index` of `path` decoded as 10-bit 4:2:0: the luma and both chroma samples at each of `points`.
func tenBitSamples(_ path: String, frame index: Int, width: Int, height: Int, at points: [(Int, Int)]) throws
    -> [(y: Int, cb: Int, cr: Int)]
{
    let data = [UInt8](try ExportFixtures.ffmpeg(["-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                                  "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-"]))
    try #require(data.count == width * height * 3, "decoded \(data.count) bytes for \(width)x\(height) 10-bit")
    func sample(_ offset: Int) -> Int { Int(data[2 * offset]) | Int(data[2 * offset + 1]) << 8 }
    let chroma = width * height, chromaPlane = width * height / 4
    return points.map { x, y in
        (sample(y * width + x), sample(chroma + (y / 2) * (width / 2) + x / 2),
         sample(chroma + chromaPlane + (y / 2) * (width / 2) + x / 2))
    }
}

/// Every decoded picture of `path` as 8-bit grey, `width` x `height` each.
func greyFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    let data = [UInt8](try ExportFixtures.ffmpeg(["-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"]))
    let size = width * height
    return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
}

/// The decoded audio of `path` as interleaved 32-bit float, in its own rate and channels.
func decodedSamples(_ path: String) throws -> [Float] {
    let data = try ExportFixtures.ffmpeg(["-i", path, "-vn", "-f", "f32le", "-"])
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}
