import Foundation

/// What ffprobe (an independent reader) says about a written file.
public struct ProbeReport {
    /// The container's duration in seconds.
    public var formatDuration: Double
    /// The container's tags.
    public var formatTags: [String: String]
    /// The container's format as ffprobe names it (`wav`, `mov,mp4,m4a,3gp,3g2,mj2`).
    public var formatName: String
    /// Every stream as ffprobe's JSON describes it (frames counted).
    public var streams: [[String: Any]]

    /// Probes `path`, counting frames.
    public init(path: String) throws {
        let data = try MediaTool.run("ffprobe", ["-v", "error", "-count_frames", "-show_format", "-show_streams",
                                                 "-of", "json", path])
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let format = json["format"] as? [String: Any] else {
            throw MediaToolError(message: "ffprobe gave no format for '\(path)'")
        }
        formatDuration = Double(format["duration"] as? String ?? "") ?? .nan
        formatTags = format["tags"] as? [String: String] ?? [:]
        formatName = format["format_name"] as? String ?? ""
        streams = json["streams"] as? [[String: Any]] ?? []
    }

    /// The first video stream.
    public var video: [String: Any]? { streams.first { $0["codec_type"] as? String == "video" } }
    /// The first audio stream.
    public var audio: [String: Any]? { streams.first { $0["codec_type"] as? String == "audio" } }

    /// A stream field as text.
    public static func string(_ stream: [String: Any]?, _ key: String) -> String? {
        if let value = stream?[key] as? String { return value }
        if let value = stream?[key] as? Int { return String(value) }
        return nil
    }

    /// A stream field as a number.
    public static func number(_ stream: [String: Any]?, _ key: String) -> Double? {
        string(stream, key).flatMap(Double.init)
    }
}
