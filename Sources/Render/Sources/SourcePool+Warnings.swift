import Foundation
import LibAV
import MediaCore

extension SourcePool {
    /// The export's warnings about its sources, in path order: damaged packets concealed per file and stream kind
    /// (readers of the same file are merged, so a packet two readers met counts once), and HDR sources tone-mapped.
    /// Throws a `decode` error naming the file, the count and the share when a source's damaged packets are more
    /// than `damageLimit` (a fraction, 0 for none at all) of the packets decoded from it. The sources of `others`
    /// (the same export's other pools) count as this pool's.
    func warnings(damageLimit: Double, alongside others: [SourcePool] = []) throws(ExportError) -> [SourceWarning] {
        let pools = [self] + others
        let videoReaders = pools.flatMap(\.videoReaders.values)
        let audioDecoders = pools.flatMap(\.audioDecoders.values)
        var damage: [DamageKey: DecodeDamage] = [:]
        for reader in videoReaders { damage[DamageKey(path: reader.path, kind: "video"), default: DecodeDamage()].merge(reader.damage) }
        for decoder in audioDecoders { damage[DamageKey(path: decoder.path, kind: "audio"), default: DecodeDamage()].merge(decoder.damage) }
        for source in pools.flatMap(\.retired) { damage[DamageKey(path: source.path, kind: source.kind), default: DecodeDamage()].merge(source.damage) }
        var warnings: [SourceWarning] = []
        for (key, record) in damage.sorted(by: { $0.key < $1.key }) where !record.isEmpty {
            if record.damagedShare > damageLimit {
                throw ExportError.decode(path: key.path, reason: Self.damageFailure(record, kind: key.kind, limit: damageLimit))
            }
            warnings.append(SourceWarning(stage: .decode, source: key.path,
                                          message: Self.damageMessage(record, kind: key.kind, path: key.path)))
        }
        var toneMapped: [String: ColorDescription] = [:]
        let lights = videoReaders.map { ($0.path, $0.lightConversion) } + pools.flatMap(\.retired).map { ($0.path, $0.lightConversion) }
        for (path, light) in lights {
            if let color = light, color.isHDR, toneMapped[path] == nil { toneMapped[path] = color }
        }
        for (path, color) in toneMapped.sorted(by: { $0.key < $1.key }) {
            let name = URL(fileURLWithPath: path).lastPathComponent
            warnings.append(SourceWarning(stage: .convert, source: path,
                                          message: "\(name): \(Self.name(of: color)) tone-mapped to SDR BT.709"))
        }
        return warnings
    }

    /// One file's stream of one kind.
    private struct DamageKey: Hashable, Comparable {
        var path: String
        var kind: String

        static func < (lhs: DamageKey, rhs: DamageKey) -> Bool {
            (lhs.path, lhs.kind == "video" ? 0 : 1) < (rhs.path, rhs.kind == "video" ? 0 : 1)
        }
    }

    /// `Megamind.avi: 3 corrupt audio packets concealed near 4.2 s` (or `between 1.0 s and 8.4 s`).
    static func damageMessage(_ record: DecodeDamage, kind: String, path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let count = record.damagedPackets
        let times = record.damagedTimes.filter(\.isNumeric).map { max(0, $0.seconds) }
        var text = "\(name): \(count) corrupt \(kind) packet\(count == 1 ? "" : "s") concealed"
        if let first = times.min(), let last = times.max() {
            text += last - first > 1
                ? " between \(String(format: "%.1f", first)) s and \(String(format: "%.1f", last)) s"
                : " near \(String(format: "%.1f", first)) s"
        }
        return text
    }

    /// `31 of 352 audio packets are damaged (8.8%), more than the damage limit of 5%; first error: ...`.
    static func damageFailure(_ record: DecodeDamage, kind: String, limit: Double) -> String {
        var text = "\(record.damagedPackets) of \(record.packets) \(kind) packets are damaged "
            + "(\(percent(record.damagedShare))), more than the damage limit of \(percent(limit))"
        if let reason = record.firstReason { text += "; first error: \(reason)" }
        return text
    }

    /// `5%`, `0.5%`, `8.8%`.
    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }

    /// `HLG BT.2020 HDR`, `PQ P3 HDR`.
    static func name(of color: ColorDescription) -> String {
        let transfer = color.transfer == .pq ? "PQ" : color.transfer == .hlg ? "HLG" : color.transfer.rawValue
        let primaries = switch color.primaries {
        case .bt709: "BT.709"
        case .bt601: "BT.601"
        case .bt2020: "BT.2020"
        case .p3: "P3"
        case .dciP3: "DCI-P3"
        }
        return "\(transfer) \(primaries) HDR"
    }
}

extension DecodeDamage {
    /// Merges what another reader of the same stream met: the larger packet count, the union of damaged packets.
    mutating func merge(_ other: DecodeDamage) {
        packets = max(packets, other.packets)
        for time in other.damagedTimes where !damagedTimes.contains(time) { damagedTimes.append(time) }
        if firstReason == nil { firstReason = other.firstReason }
    }
}
