import Foundation
import LibAV

/// Linear PCM in memory: sample type and byte order, channel interleaving, and the rate and channel count when they
/// are given. Read from an audio reader output's settings, or from the format of sample buffers a writer is given.
struct PCMLayout: Sendable, Hashable {
    /// Bits per sample: 8, 16, 24 or 32 for integers, 32 or 64 for floats.
    let bitDepth: Int
    /// Whether samples are floating point.
    let isFloat: Bool
    /// Whether samples are big-endian.
    let isBigEndian: Bool
    /// Whether each channel's samples are a block of their own.
    let isNonInterleaved: Bool
    /// The rate asked for; nil keeps the source's.
    let sampleRate: Int?
    /// The channel count asked for; nil keeps the source's.
    let channels: Int?

    /// What `nil` settings give: 32-bit float, native byte order, interleaved, at the source's rate and channels.
    static let uncompressed = PCMLayout(bitDepth: 32, isFloat: true, isBigEndian: false, isNonInterleaved: false,
                                                sampleRate: nil, channels: nil)

    /// The keys a reader output's audio settings may have.
    private static let keys: Set<String> = [
        AVFormatIDKey, AVSampleRateKey, AVNumberOfChannelsKey, AVLinearPCMBitDepthKey, AVLinearPCMIsFloatKey,
        AVLinearPCMIsBigEndianKey, AVLinearPCMIsNonInterleaved,
    ]

    /// The layout a reader output's `settings` ask for (16-bit integers when they give no depth); throws for a
    /// format other than linear PCM, a depth or value out of range, or a key not read here.
    static func read(_ settings: [String: Any], output: String) throws(AVError) -> PCMLayout {
        let refuse = { (problem: String) in
            AVError(.operationNotSupportedForAsset, .readerSetting(output: output, problem: problem))
        }
        if let key = settings.keys.sorted().first(where: { !keys.contains($0) }) {
            throw refuse("the audio setting '\(key)' is not read here; the settings read are the linear PCM keys, the "
                         + "sample rate and the channel count")
        }
        guard let format = settings[AVFormatIDKey].flatMap(settingsNumber), format == Double(kAudioFormatLinearPCM) else {
            throw refuse("audio is read as linear PCM only; set AVFormatIDKey to kAudioFormatLinearPCM")
        }
        return try read(settings, refuse: refuse)
    }

    /// The layout linear PCM `settings` ask for (16-bit integers when they give no depth), their other keys left
    /// alone; `refuse` makes the error for a depth or value out of range.
    static func read(_ settings: [String: Any], refuse: (String) -> AVError) throws(AVError) -> PCMLayout {
        func number(_ key: String, in range: ClosedRange<Int>) throws(AVError) -> Int? {
            try wholeNumberSetting(settings, key, in: range, refuse: refuse)
        }
        func flag(_ key: String) throws(AVError) -> Bool { try number(key, in: 0...1) == 1 }
        let isFloat = try flag(AVLinearPCMIsFloatKey)
        let depth = try number(AVLinearPCMBitDepthKey, in: 8...64) ?? (isFloat ? 32 : 16)
        guard isFloat ? [32, 64].contains(depth) : [8, 16, 24, 32].contains(depth) else {
            throw refuse(isFloat ? "float samples are 32 or 64 bits, not \(depth)"
                                 : "integer samples are 8, 16, 24 or 32 bits, not \(depth)")
        }
        return PCMLayout(bitDepth: depth, isFloat: isFloat, isBigEndian: try flag(AVLinearPCMIsBigEndianKey),
                         isNonInterleaved: try flag(AVLinearPCMIsNonInterleaved),
                         sampleRate: try number(AVSampleRateKey, in: 8000...384_000),
                         channels: try number(AVNumberOfChannelsKey, in: 1...8))
    }

    /// The bytes of one sample of one channel.
    var bytesPerSample: Int { bitDepth / 8 }

    /// The format of this layout at `sampleRate` with `channels`.
    func formatDescription(sampleRate: Int, channels: Int) -> CMFormatDescription {
        var flags: AudioFormatFlags = kAudioFormatFlagIsPacked
        flags |= isFloat ? kAudioFormatFlagIsFloat : (bitDepth > 8 ? kAudioFormatFlagIsSignedInteger : 0)
        if isBigEndian { flags |= kAudioFormatFlagIsBigEndian }
        if isNonInterleaved { flags |= kAudioFormatFlagIsNonInterleaved }
        let frameBytes = UInt32(isNonInterleaved ? bytesPerSample : bytesPerSample * channels)
        return CMFormatDescription(.pcm(AudioStreamBasicDescription(
            mSampleRate: Float64(sampleRate), mFormatID: kAudioFormatLinearPCM, mFormatFlags: flags,
            mBytesPerPacket: frameBytes, mFramesPerPacket: 1, mBytesPerFrame: frameBytes,
            mChannelsPerFrame: UInt32(channels), mBitsPerChannel: UInt32(bitDepth), mReserved: 0)))
    }

    /// `interleaved` (`channels` float samples per frame, in [-1, 1]) in this layout. Integers follow `PCMInteger`'s
    /// rule, as libswresample converts; 8-bit samples are unsigned, as WAVE's.
    func bytes(of interleaved: [Float], channels: Int) -> [UInt8] {
        let frames = interleaved.count / channels
        var out = [UInt8](repeating: 0, count: interleaved.count * bytesPerSample)
        for frame in 0..<frames {
            for channel in 0..<channels {
                let index = isNonInterleaved ? channel * frames + frame : frame * channels + channel
                write(interleaved[frame * channels + channel], into: &out, at: index * bytesPerSample)
            }
        }
        return out
    }

    /// Writes one sample at byte `offset`.
    private func write(_ sample: Float, into out: inout [UInt8], at offset: Int) {
        let bits: UInt64
        if isFloat {
            bits = bitDepth == 32 ? UInt64(sample.bitPattern) : Double(sample).bitPattern
        } else {
            let value = Int64(PCMInteger.quantize(sample, bits: bitDepth))
            bits = bitDepth == 8 ? UInt64(value + 128) : UInt64(bitPattern: value)
        }
        for byte in 0..<bytesPerSample {
            let shift = isBigEndian ? (bytesPerSample - 1 - byte) * 8 : byte * 8
            out[offset + byte] = UInt8(truncatingIfNeeded: bits >> UInt64(shift))
        }
    }
}

extension PCMLayout {
    /// The layout `description` describes, or nil when it is not linear PCM of a depth read here.
    init?(_ description: AudioStreamBasicDescription) {
        let flags = description.mFormatFlags
        let isFloat = flags & kAudioFormatFlagIsFloat != 0
        let depth = Int(description.mBitsPerChannel)
        guard description.mFormatID == kAudioFormatLinearPCM, description.mChannelsPerFrame > 0,
              isFloat ? [32, 64].contains(depth) : [8, 16, 24, 32].contains(depth),
              description.mBytesPerFrame == UInt32(depth / 8) * (flags & kAudioFormatFlagIsNonInterleaved != 0
                                                                  ? 1 : description.mChannelsPerFrame)
        else { return nil }
        self.init(bitDepth: depth, isFloat: isFloat, isBigEndian: flags & kAudioFormatFlagIsBigEndian != 0,
                  isNonInterleaved: flags & kAudioFormatFlagIsNonInterleaved != 0,
                  sampleRate: Int(description.mSampleRate), channels: Int(description.mChannelsPerFrame))
    }

    /// The samples of `bytes` as floats in [-1, 1], one array per channel: the inverse of `bytes(of:channels:)`.
    func channels(of bytes: UnsafeRawBufferPointer, channels: Int) -> [[Float]] {
        let frames = bytes.count / (bytesPerSample * channels)
        return (0..<channels).map { channel in
            (0..<frames).map { frame in
                let index = isNonInterleaved ? channel * frames + frame : frame * channels + channel
                return read(bytes, at: index * bytesPerSample)
            }
        }
    }

    /// Reads one sample at byte `offset`.
    private func read(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Float {
        var bits: UInt64 = 0
        for byte in 0..<bytesPerSample {
            let shift = isBigEndian ? (bytesPerSample - 1 - byte) * 8 : byte * 8
            bits |= UInt64(bytes[offset + byte]) << UInt64(shift)
        }
        if isFloat { return bitDepth == 32 ? Float(bitPattern: UInt32(truncatingIfNeeded: bits)) : Float(Double(bitPattern: bits)) }
        if bitDepth == 8 { return Float(Int(bits) - 128) / 128 }
        let signed = Int64(bitPattern: bits << UInt64(64 - bitDepth)) >> Int64(64 - bitDepth)
        return Float(Double(signed) / Double(Int64(1) << (bitDepth - 1)))
    }
}
