import Composition
import LibAV

extension ExportSettings {
    /// `settings` for an HDR stream: tagged with the working space `color` (BT.2020, HLG or PQ) and, for libx265,
    /// carrying the sources' content light level and mastering display as SEI messages.
    static func hdr(_ settings: Encoder.VideoSettings, color: ColorDescription, metadata: HDRMetadata?) -> Encoder.VideoSettings {
        var settings = settings
        settings.color = color
        if let parameters = metadata?.x265Parameters, !parameters.isEmpty {
            let existing = settings.options["x265-params"].map { $0 + ":" } ?? ""
            settings.options["x265-params"] = existing + parameters
        }
        return settings
    }
}
