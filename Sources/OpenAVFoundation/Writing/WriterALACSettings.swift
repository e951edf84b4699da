import LibAV

/// An Apple Lossless input's settings: rate, channels, and the bits each sample keeps.
struct WriterALACSettings: Sendable, Hashable {
    /// Samples per second.
    var sampleRate: Int
    /// Channels.
    var channels: Int
    /// 16 or 24.
    var bitDepth: Int

    /// The settings `settings` ask for, with `channels` already read (44.1 kHz and 16 bits when they give none);
    /// throws `refuse`'s error for a depth not written.
    static func read(_ settings: [String: Any], channels: Int,
                     refuse: (String) -> AVError) throws(AVError) -> WriterALACSettings {
        let depth = try wholeNumberSetting(settings, AVEncoderBitDepthHintKey, in: 1...64, refuse: refuse) ?? 16
        guard depth == 16 || depth == 24 else {
            throw refuse("Apple Lossless is written with 16 or 24 bits here, not \(depth)")
        }
        let rate = try wholeNumberSetting(settings, AVSampleRateKey, in: 8000...384_000, refuse: refuse) ?? 44_100
        return WriterALACSettings(sampleRate: rate, channels: channels, bitDepth: depth)
    }

    /// The encoder's settings: 16-bit samples in planes, or 24-bit ones at the top of 32.
    var encoderSettings: Encoder.AudioSettings {
        Encoder.AudioSettings(sampleRate: sampleRate, channels: channels, sampleFormat: bitDepth == 16 ? .s16p : .s32p)
    }
}
