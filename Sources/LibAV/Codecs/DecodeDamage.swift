import MediaCore

/// What a `Decoder` concealed: packets of its stream that libav could not decode (or decoded into a picture or
/// block of samples it flagged as corrupt), each counted once, against the packets it was given.
public struct DecodeDamage: Sendable, Hashable {
    /// Packets of the stream the decoder was given, each counted once (packets read again after a backward seek
    /// are not counted again).
    public var packets = 0
    /// The presentation times (stream time) of the damaged packets, in the order they were met.
    public var damagedTimes: [MediaTime] = []
    /// libav's text for the first failure (`Invalid data found when processing input`), or `corrupt frame` when
    /// libav decoded the packet but flagged the result.
    public var firstReason: String?

    /// Creates an empty record.
    public init() {}

    /// The number of damaged packets.
    public var damagedPackets: Int { damagedTimes.count }

    /// Whether nothing was concealed.
    public var isEmpty: Bool { damagedTimes.isEmpty }

    /// The damaged packets' share of the packets given, 0...1.
    public var damagedShare: Double { packets > 0 ? min(1, Double(damagedPackets) / Double(packets)) : 0 }

    /// The same record with every time moved back by `offset` (a file's start, to give times in source time).
    public func shifted(by offset: MediaTime) -> DecodeDamage {
        guard offset != .zero else { return self }
        var copy = self
        copy.damagedTimes = damagedTimes.map { $0.isNumeric ? $0 - offset : $0 }
        return copy
    }
}
