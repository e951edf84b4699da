import Composition
import LibAV
import MediaCore

/// How an output's encoder and copied source packets share one H.264 stream (smart rendering inside a composition):
/// libx264 with the preset's settings but its parameter sets under ids the copied source does not use (`sps-id`),
/// and an avcC that announces the source's parameter sets and the encoder's. The source and the encoder must agree
/// on profile and chroma format (both 8-bit 4:2:0); the record's level is the higher of the two.
struct SpliceSetup {
    /// The encoder's settings (the preset's plus `sps-id`).
    var settings: Encoder.VideoSettings
    /// The output stream's avcC.
    var configuration: AVCConfiguration
    /// The first encoder session, opened with `settings`.
    var encoder: Encoder
    /// How many places any written packet may come ahead of its display position.
    var depth: Int

    /// The setup for splicing `source`'s packets into an x264 stream with `settings` (its first session opened);
    /// nil when they cannot share one.
    static func make(source: CopySource, settings preset: Encoder.VideoSettings) -> SpliceSetup? {
        guard let (settings, id) = keyedSettings(source: source, settings: preset),
              let sourceSPS = source.configuration.sequenceParameterSets.first, sourceSPS.count > 3,
              let encoder = try? Encoder(codec: SmartReencodeSetup.encoderName, video: settings,
                                         globalHeader: true),
              let (record, sets) = source.configuration.appending(parameterSetsOf: encoder.extradata, id: id),
              sets[0].count > 3, sets[0][1] == sourceSPS[1] else { return nil }
        var configuration = record
        // Profile compatibility flags both streams meet, and the higher level.
        configuration.header[2] &= sets[0][2]
        configuration.header[3] = max(configuration.header[3], sets[0][3])
        return SpliceSetup(settings: settings, configuration: configuration, encoder: encoder,
                           depth: max(encoder.reorderDelay, source.index.reorderDepth))
    }

    /// The preset's encoder settings with x264's parameter sets moved to the first id `source` does not use, and
    /// that id; nil when it uses them all.
    static func keyedSettings(source: CopySource,
                              settings preset: Encoder.VideoSettings) -> (Encoder.VideoSettings, Int)? {
        guard let id = source.configuration.freeParameterSetID else { return nil }
        var settings = preset
        settings.options["x264-params"] = ExportSettings.x264Params(preset.options["x264-params"], adding: "sps-id=\(id)")
        return (settings, id)
    }
}
