import LibAV

/// A linear PCM input's settings: how its samples are stored, at what rate and in how many channels.
struct WriterPCMSettings: Sendable, Hashable {
    /// The stored samples' type and byte order.
    var layout: PCMLayout
    /// Samples per second.
    var sampleRate: Int
    /// Channels, interleaved.
    var channels: Int

    /// The settings `settings` ask for, with `channels` already read (44.1 kHz when they give no rate); throws
    /// `refuse`'s error for a layout files do not store.
    static func read(_ settings: [String: Any], channels: Int,
                     refuse: (String) -> AVError) throws(AVError) -> WriterPCMSettings {
        let layout = try PCMLayout.read(settings, refuse: refuse)
        guard !layout.isNonInterleaved else {
            throw refuse("files store interleaved samples; set AVLinearPCMIsNonInterleaved to false")
        }
        guard layout.bitDepth > 8 else { throw refuse("8-bit samples are not written here; write 16, 24 or 32 bits") }
        return WriterPCMSettings(layout: layout, sampleRate: layout.sampleRate ?? 44_100, channels: channels)
    }

    /// libav's encoder storing this layout (`pcm_s24le`).
    var encoderName: String {
        "pcm_\(layout.isFloat ? "f" : "s")\(layout.bitDepth)\(layout.isBigEndian ? "be" : "le")"
    }

    /// The encoder's settings: rate, channels, and the interleaved sample format it takes (24-bit samples in 32).
    var encoderSettings: Encoder.AudioSettings {
        let format: SampleFormat = layout.isFloat ? (layout.bitDepth == 64 ? .dbl : .flt)
            : (layout.bitDepth == 16 ? .s16 : .s32)
        return Encoder.AudioSettings(sampleRate: sampleRate, channels: channels, sampleFormat: format)
    }
}
