import Composition
import YAML

extension PresetLibrary {
    /// Pixel formats an HDR output may be encoded in.
    static let hdrPixelFormats = ["yuv420p10le", "yuv422p10le"]

    /// Applies a preset video mapping's `dynamic_range` (`sdr`, `hdr`, or HDR always in `hlg` or `pq`) and checks
    /// that an HDR output can be written: 10-bit HEVC (an 8-bit `yuv420p` becomes `yuv420p10le`). Errors point at
    /// whichever of `dynamic_range`, `codec` and `pixel_format` this mapping set.
    static func applyDynamicRange(_ fields: [String: YAMLNode], to video: inout ExportSettings.Video,
                                  reader: inout NodeReader) {
        if let node = fields["dynamic_range"],
           let text = reader.choice(node, "dynamic_range", ExportSettings.DynamicRange.allCases.map(\.rawValue)) {
            video.dynamicRange = ExportSettings.DynamicRange(rawValue: text)
        }
        guard video.isHDR, let range = video.dynamicRange?.rawValue,
              let node = fields["dynamic_range"] ?? fields["codec"] ?? fields["pixel_format"] else { return }
        guard video.codec == .hevc else {
            reader.error("'dynamic_range: \(range)' needs 'codec: hevc', not '\(video.codec.rawValue)'; HDR is written "
                             + "as 10-bit HEVC", at: fields["codec"] ?? node)
            return
        }
        if video.pixelFormat == "yuv420p" { video.pixelFormat = "yuv420p10le" }
        guard hdrPixelFormats.contains(video.pixelFormat) else {
            reader.error("'dynamic_range: \(range)' needs a 10-bit 'pixel_format' "
                             + "(\(hdrPixelFormats.joined(separator: ", "))), not '\(video.pixelFormat)'",
                         at: fields["pixel_format"] ?? node)
            return
        }
    }
}
