import Composition
import LibAV
import MediaCore

/// How smart passthrough re-encodes pictures so they decode inside the copied H.264 stream: libx264 with the
/// source's size, pixel format, frame rate, profile, level and colour tags, its parameter sets under ids the source
/// does not use (`sps-id`), and an avcC that carries both the source's parameter sets and the re-encode's.
struct SmartReencodeSetup {
    /// The encoder's settings.
    var settings: Encoder.VideoSettings
    /// The output's avcC: the source's parameter sets followed by the re-encode's.
    var configuration: AVCConfiguration
    /// The re-encode's SPS and PPS, which every encoder made with `settings` must produce.
    var parameterSets: [[UInt8]]
    /// The encoder's reorder delay in frames.
    var reorderDelay: Int

    /// The libavcodec encoder used.
    static let encoderName = "libx264"

    /// Sets up re-encoding for a source stream, or says why it cannot be done.
    static func make(source: VideoCodecParameters, timeBase: MediaTime, video: ExportSettings.Video,
                     settings preset: ExportSettings) -> Result<SmartReencodeSetup, SmartPassthroughRefusal> {
        guard let configuration = AVCConfiguration(source.extradata) else { return .failure("its H.264 headers are not avcC") }
        guard source.pixelFormat == "yuv420p" else { return .failure("its pixel format is \(source.pixelFormat ?? "unknown"), not yuv420p") }
        guard [0, 1].contains(source.sampleAspectNumerator) && [0, 1].contains(source.sampleAspectDenominator) else {
            return .failure("its pixels are not square")
        }
        guard let profile = profileName(source.profile) else { return .failure("its H.264 profile \(source.profile) is not supported") }
        guard let color = colorParameters(source) else { return .failure("its colour tags have no x264 equivalent") }
        guard let id = configuration.freeParameterSetID else {
            return .failure("it uses every parameter-set id")
        }
        var settings = preset.encoderSettings(video, pixelFormat: .yuv420p)
        settings.timeBase = timeBase
        settings.options["profile"] = profile
        if source.level > 0 { settings.options["level"] = "\(source.level / 10).\(source.level % 10)" }
        // Kept: the preset's session threads (one for a capped video), without which its bytes would depend on timing.
        settings.options["x264-params"] = ExportSettings.x264Params(settings.options["x264-params"],
                                                                    adding: "sps-id=\(id):\(color)")
        let encoder: Encoder
        do {
            encoder = try Encoder(codec: encoderName, video: settings, globalHeader: true)
        } catch {
            return .failure("libx264 cannot be opened for it: \(error)")
        }
        guard let (record, sets) = configuration.appending(parameterSetsOf: encoder.extradata, id: id) else {
            return .failure("libx264's parameter sets would collide with the source's")
        }
        return .success(SmartReencodeSetup(settings: settings, configuration: record, parameterSets: sets,
                                           reorderDelay: encoder.reorderDelay))
    }

    /// x264's profile name for a libavcodec H.264 profile number; nil for the profiles smart passthrough does not
    /// re-encode (High 10, 4:2:2, 4:4:4, intra, interlaced-only).
    static func profileName(_ profile: Int) -> String? {
        switch profile {
        case 66, 66 | 512: "baseline"
        case 77: "main"
        case 100: "high"
        default: nil
        }
    }

    /// The x264 options that make its VUI describe colours as the source's does (`undef` where the source is silent).
    static func colorParameters(_ source: VideoCodecParameters) -> String? {
        let primaries: Set = ["bt709", "bt470m", "bt470bg", "smpte170m", "smpte240m", "film", "bt2020"]
        let transfers: Set = ["bt709", "bt470m", "bt470bg", "smpte170m", "smpte240m", "linear", "iec61966-2-1",
                              "bt2020-10", "bt2020-12", "smpte2084", "arib-std-b67"]
        let matrices: Set = ["bt709", "fcc", "bt470bg", "smpte170m", "smpte240m", "bt2020nc", "bt2020c"]
        func value(_ name: String?, _ allowed: Set<String>) -> String? {
            guard let name else { return "undef" }
            return allowed.contains(name) ? name : nil
        }
        guard let prim = value(source.colorPrimaries, primaries), let transfer = value(source.colorTransfer, transfers),
              let matrix = value(source.colorMatrix, matrices) else { return nil }
        let range = source.colorRange == "pc" ? "pc" : "tv"
        return "colorprim=\(prim):transfer=\(transfer):colormatrix=\(matrix):range=\(range)"
    }
}

/// Why a passthrough cannot be smart-rendered: the end of a `passthrough:` re-encode reason.
struct SmartPassthroughRefusal: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// The reason.
    var reason: String
    /// A refusal with `value` as its reason.
    init(stringLiteral value: String) { reason = value }
    /// A refusal from an interpolated reason.
    init(stringInterpolation: DefaultStringInterpolation) { reason = String(stringInterpolation: stringInterpolation) }
}
