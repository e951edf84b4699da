import LibAV

/// A store of encoded video segments that outlives a run (a folder on disk, shared by runs and machines), consulted by
/// the run's `SegmentCache` when it has no packets for a key and given every keyed segment the run encodes.
///
/// An implementation must hand back exactly what was saved under the key, or nil: a damaged entry is a miss.
public protocol SegmentArchive: Sendable {
    /// The segment saved under `key` by an encoder whose codec headers were `extradata`; nil when there is none, it
    /// is damaged, or it was made with other headers.
    func load(_ key: SegmentKey, extradata: [UInt8]) -> ArchivedSegment?
    /// Writes `segment` for `key` where no run finds it, this one included, until `publish` makes it the key's entry
    /// (a failure to keep it is not an error: the next run renders it again).
    func stage(_ key: SegmentKey, _ segment: ArchivedSegment) -> StagedSegment
    /// Makes a staged segment its key's entry, after its write.
    func publish(_ staged: StagedSegment)
    /// Drops a staged segment, after its write.
    func discard(_ staged: StagedSegment)
    /// Drops the entry of `key`, which `load` handed back but which does not hold the pictures its segment shows.
    func remove(_ key: SegmentKey)
}

/// A segment written to an archive that is not yet an entry (`SegmentArchive.stage`): an export keeps what it encodes
/// out of sight until it knows its sources were whole, so that no run, not even one killed before it could take a
/// segment back, ever finds a segment whose damage it would not report.
public struct StagedSegment: Sendable, Hashable {
    /// The segment's key.
    public let key: SegmentKey
    /// The archive's name for the write, unique to it.
    public let name: String

    /// The write `name` of `key`'s segment.
    public init(key: SegmentKey, name: String) {
        self.key = key
        self.name = name
    }
}

/// A keyed segment's encoded packets as plain values, with the codec headers of the encoder that made them and the
/// small pictures its render kept for posters.
public struct ArchivedSegment: Sendable, Hashable {
    /// The packets in encoding order, in segment time.
    public var packets: [PacketRecord]
    /// The encoder's codec headers (its extradata; empty without global headers).
    public var extradata: [UInt8]
    /// Pictures the render kept (`StillCapture`), by frame from the segment's first: a later run whose poster falls
    /// there takes them instead of rendering the frame again, so its poster is the same picture.
    public var stills: [Int64: Picture]

    /// A segment of `packets` made by an encoder with `extradata`, with the `stills` its render kept.
    public init(packets: [PacketRecord], extradata: [UInt8], stills: [Int64: Picture] = [:]) {
        self.packets = packets
        self.extradata = extradata
        self.stills = stills
    }
}
