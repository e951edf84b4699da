/// Everything an encoded packet carries, as plain values: its payload, timestamps in ticks of its time base, flags and
/// side data. A packet made back from its record writes the same bytes to a muxer, so encoded packets can be kept in
/// a file between runs.
public struct PacketRecord: Sendable, Hashable {
    /// One piece of side data: its `AVPacketSideDataType` and bytes.
    public struct SideData: Sendable, Hashable {
        /// The side data type's raw value.
        public var type: Int32
        /// Its bytes.
        public var bytes: [UInt8]

        /// Side data of `type` holding `bytes`.
        public init(type: Int32, bytes: [UInt8]) {
            self.type = type
            self.bytes = bytes
        }
    }

    /// The compressed bytes.
    public var payload: [UInt8]
    /// Presentation, decoding time and duration in ticks of `timeBase` (`Int64.min` for none).
    public var pts: Int64, dts: Int64, duration: Int64
    /// The time base's numerator.
    public var timeBaseNumerator: Int32
    /// The time base's denominator.
    public var timeBaseDenominator: Int32
    /// `AV_PKT_FLAG_*` bits.
    public var flags: Int32
    /// The packet's side data in order.
    public var sideData: [SideData]

    /// A record of every field.
    public init(payload: [UInt8], pts: Int64, dts: Int64, duration: Int64, timeBaseNumerator: Int32,
                timeBaseDenominator: Int32, flags: Int32, sideData: [SideData]) {
        self.payload = payload
        (self.pts, self.dts, self.duration) = (pts, dts, duration)
        (self.timeBaseNumerator, self.timeBaseDenominator) = (timeBaseNumerator, timeBaseDenominator)
        self.flags = flags
        self.sideData = sideData
    }
}
