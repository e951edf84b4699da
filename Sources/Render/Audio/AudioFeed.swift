import LibAV
import MediaCore

/// Where an export's encoded sound comes from, driven in step with the video: `AudioPump` mixes and encodes it,
/// `AudioReplay` writes a soundtrack another output of the run encoded. Both are asked the same calls in the same
/// order and write the same packets at each, so the muxer sees the same stream either way.
protocol AudioFeed: AnyObject {
    /// The composition samples of the output.
    var samples: Range<Int64> { get }
    /// The next composition sample handed to the encoder.
    var position: Int64 { get }
    /// The largest chunk of samples one step hands on.
    var capacity: Int { get }
    /// While true, packets are kept until `writeHeld()` (see `AudioPump.holdsPackets`).
    var holdsPackets: Bool { get set }
    /// Muxes the packets kept while `holdsPackets` was true.
    func writeHeld() throws(ExportError)
    /// Writes the sound up to the end of video frame `index`.
    func pump(throughFrame index: Int64) throws(ExportError)
    /// Writes the sound up to composition sample `target`.
    func pump(to target: Int64) throws(ExportError)
    /// Writes the rest; call after `pump(to: samples.upperBound)`.
    func finish() throws(ExportError)
    /// Stops any thread of its own; safe to call more than once.
    func close()
    /// The loudness of the whole soundtrack, after `finish()`; nil when not measured.
    func measurement() throws(ExportError) -> Loudness?
    /// The packets this feed encoded and recorded for other outputs of the run, after `finish()`; nil when it
    /// recorded none (a replay never does).
    func recording() throws(ExportError) -> SegmentCache.Payload?
}
