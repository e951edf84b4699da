import MediaCore

extension SourceCatalog {
    /// The highest audio sample rate a source may claim: the top rate of professional recorders and DACs.
    static let maxSampleRate = 768_000

    /// What a probed file's header claims that no real recording has, or nil: a sample rate of 0x7fffffff makes a
    /// second of sound last 22 µs, which a loop would repeat tens of thousands of times a second of output.
    static func implausibleClaim(of media: ProbedMedia) -> String? {
        // Only the stream a clip or bed uses is judged; 0 means the container does not say.
        if let stream = media.primaryAudio, stream.sampleRate < 0 || stream.sampleRate > maxSampleRate {
            return "its audio stream \(stream.index) claims \(stream.sampleRate) samples a second (at most \(maxSampleRate) is real); the header is damaged"
        }
        return nil
    }
}
