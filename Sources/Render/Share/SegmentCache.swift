import Foundation
import LibAV

/// Encoded video segments and whole soundtracks shared by the outputs of one run, keyed by content (`SegmentKey`).
///
/// Outputs that show the same intro, outro or packshot with the same geometry and preset reuse its packets instead of
/// decoding, scaling and encoding it again; outputs with the same sound (the aspects of one product) reuse its
/// encoded audio. The packets are the same bytes a render of the segment would make, so an
/// output is byte-identical whether its segments were rendered or reused. Memory is bounded: a run announces the uses
/// it plans (`expect`), an entry is dropped after its last planned use, and nothing is kept past `byteLimit`.
/// While one job renders a key, another job asking for it waits for the packets rather than rendering them twice.
/// With an `archive` (a store that outlives the run), a video claim nobody in the run has answered is looked up there
/// first, and every keyed segment the run encodes is staged there, published when its export ends with whole sources.
public final class SegmentCache: @unchecked Sendable {
    /// What an entry holds: a segment's packets, or a soundtrack's packets with what `AudioReplay` needs.
    struct Payload {
        /// The packets in the order they were encoded (encoder time base); write copies of them.
        var packets: [Packet]
        /// A soundtrack's: per packet, the composition sample the mixer had reached when it was encoded (`Int64.max`
        /// for the packets of the final flush).
        var marks: [Int64] = []
        /// A soundtrack's loudness as its render measured it.
        var loudness: Loudness?
        /// A segment's pictures kept for posters, by frame from its first (`ArchivedSegment.stills`).
        var stills: [Int64: Picture] = [:]
        /// Whether the packets were encoded by an earlier run (loaded from the archive).
        var fromEarlierRun = false
    }

    /// How `claim` answers.
    enum Claim {
        /// The payload, for the caller to write copies of.
        case hit(Payload)
        /// Nobody has it: render it, then `store` (or `abandon`) it.
        case render
        /// Another job is rendering it and the caller chose not to wait: render it without storing it.
        case busy
    }

    private enum Entry {
        case rendering
        case ready(Payload, bytes: Int)
    }

    /// The most payload bytes kept at once.
    public let byteLimit: Int
    private let condition = NSCondition()
    private var entries: [SegmentKey: Entry] = [:]
    private var remainingUses: [SegmentKey: Int] = [:]
    /// Keys whose renderer has all it needs and is about to store them: even a claim that does not wait waits.
    private var finishing: Set<SegmentKey> = []
    private var storedBytes = 0
    private var peak = 0
    private var hitCount = 0
    private var earlierRunCount = 0
    /// Where segments are kept between runs; nil for none.
    public let archive: (any SegmentArchive)?

    /// A cache keeping at most `byteLimit` bytes of packets (default 256 MiB), backed by `archive` when given.
    public init(byteLimit: Int = 256 << 20, archive: (any SegmentArchive)? = nil) {
        self.byteLimit = byteLimit
        self.archive = archive
    }

    /// Announces planned uses of `keys` (one per occurrence); only announced keys used again later are kept.
    public func expect(_ keys: [SegmentKey]) {
        condition.withLock { for key in keys { remainingUses[key, default: 0] += 1 } }
    }

    /// Takes back planned uses of `keys` that will not come (an output found up to date after all): entries no use
    /// is left for are dropped.
    public func withdraw(_ keys: [SegmentKey]) {
        condition.withLock {
            for key in keys {
                guard let uses = remainingUses[key], uses > 0 else { continue }
                remainingUses[key] = uses - 1
                if uses == 1, case .ready = entries[key] { drop(key) }
            }
        }
    }

    /// The cached payload for `key`, or `.render` (the caller now renders it). While another job renders `key`,
    /// waits for it, or with `waits` false answers `.busy` at once (a soundtrack is ready only when its whole output
    /// is: waiting would idle a job for a whole render). A video claim gives its encoder's codec headers
    /// (`extradata`) and its pictures' `times`: a key the run has not rendered is then looked up in the archive, made
    /// with the same headers; an entry whose packets do not show those times is removed there and rendered again.
    func claim(_ key: SegmentKey, waits: Bool = true, extradata: [UInt8]? = nil,
               times: SegmentPictureTimes? = nil) -> Claim {
        let answer = claimInRun(key, waits: waits)
        // The claim holds the key (others wait for it) while the archive is read outside the lock.
        guard case .render = answer, let extradata, let times, let archive,
              let saved = archive.load(key, extradata: extradata) else {
            return answer
        }
        var packets: [Packet] = []
        do {
            for record in saved.packets { packets.append(try Packet(record: record)) }
        } catch {
            return answer
        }
        guard times.match(packets) else {
            archive.remove(key)
            return answer
        }
        let payload = Payload(packets: packets, stills: saved.stills, fromEarlierRun: true)
        store(key, payload: payload)
        condition.withLock { earlierRunCount += 1 }
        return .hit(payload)
    }

    /// Stages a segment this run encoded under `key` in the archive, with its encoder's codec headers and the
    /// pictures its render kept; nil without an archive. The export publishes it once its sources prove whole.
    func stage(_ key: SegmentKey, packets: [Packet], extradata: [UInt8], stills: [Int64: Picture]) -> StagedSegment? {
        archive?.stage(key, ArchivedSegment(packets: packets.map(\.record), extradata: extradata, stills: stills))
    }

    /// `claim` among the run's own entries.
    private func claimInRun(_ key: SegmentKey, waits: Bool) -> Claim {
        condition.withLock {
            // A waiter counts as a use still to come, so the renderer's `store` keeps the packets for it.
            while waits || finishing.contains(key), case .rendering = entries[key] { condition.wait() }
            if let uses = remainingUses[key] { remainingUses[key] = uses - 1 }
            if case .rendering = entries[key] { return .busy }
            guard case .ready(let payload, _) = entries[key] else {
                entries[key] = .rendering
                return .render
            }
            hitCount += 1
            if remainingUses[key] == 0 { drop(key) }
            return .hit(payload)
        }
    }

    /// Says the job rendering `key` will store or abandon it shortly (its render is in its tail), so that claims of
    /// it wait for the payload rather than render it again.
    func finishing(_ key: SegmentKey) {
        condition.withLock { if case .rendering = entries[key] { _ = finishing.insert(key) } }
    }

    /// Whether `key`'s payload is kept now; a planned use's `claim` then gets it.
    func isReady(_ key: SegmentKey) -> Bool {
        condition.withLock { if case .ready = entries[key] { true } else { false } }
    }

    /// Whether a `store` of `key` now would be kept: a later planned use needs it, or its uses were never planned.
    func wantsStore(_ key: SegmentKey) -> Bool {
        condition.withLock { remainingUses[key].map { $0 > 0 } ?? true }
    }

    /// Keeps a rendered payload when a later planned use needs it (or, unplanned, while it fits).
    func store(_ key: SegmentKey, payload: Payload) {
        condition.withLock {
            let bytes = payload.packets.reduce(0) { $0 + $1.size }
                + payload.stills.values.reduce(0) { $0 + $1.rgb.count }
            let wanted = remainingUses[key].map { $0 > 0 } ?? true
            finishing.remove(key)
            if wanted, storedBytes + bytes <= byteLimit {
                entries[key] = .ready(payload, bytes: bytes)
                storedBytes += bytes
                peak = max(peak, storedBytes)
            } else {
                entries[key] = nil
            }
            condition.broadcast()
        }
    }

    /// Gives up a claim (the render failed or was cancelled): the next job asking renders the segment itself.
    func abandon(_ key: SegmentKey) {
        condition.withLock {
            if case .rendering = entries[key] { entries[key] = nil }
            finishing.remove(key)
            condition.broadcast()
        }
    }

    /// How many claims were answered from the cache.
    public var hits: Int { condition.withLock { hitCount } }
    /// How many claims were answered from the archive (segments earlier runs encoded).
    public var earlierRunHits: Int { condition.withLock { earlierRunCount } }
    /// The most payload bytes held at once.
    public var peakBytes: Int { condition.withLock { peak } }
    /// Payload bytes held now.
    public var bytes: Int { condition.withLock { storedBytes } }

    /// Removes a ready entry; called with the lock held.
    private func drop(_ key: SegmentKey) {
        if case .ready(_, let bytes) = entries[key] { storedBytes -= bytes }
        entries[key] = nil
    }
}
