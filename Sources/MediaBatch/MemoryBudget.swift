import Foundation

/// The memory a run may use at its peak: `run --max-memory`, or by default nine tenths of the container's memory
/// limit (cgroup v2 `memory.max`, cgroup v1 `memory.limit_in_bytes`) or of the machine's memory. The scheduler starts
/// a render only when the estimated peaks of the running renders plus the process's own fit in it.
public struct MemoryBudget: Sendable, Hashable {
    /// The budget in bytes.
    public var bytes: Int

    /// A budget of `bytes`.
    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// A budget written as a whole number with an optional unit: `K`, `M`, `G` (or `KB`, `MiB`, ...) are powers of
    /// 1024, as `top` and `time` count; a bare number is bytes. Nil when `text` is not such a size or is 0.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).lowercased()
        let shifts: [String: Int] = ["": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20,
                                     "g": 30, "gb": 30, "gib": 30, "t": 40, "tb": 40, "tib": 40]
        guard let number = Int(digits), number > 0, let shift = shifts[unit], number <= Int.max >> shift else {
            return nil
        }
        bytes = number << shift
    }

    /// Nine tenths of the container's limit or of the machine's memory, whichever is smaller.
    public static var machineDefault: MemoryBudget {
        let machine = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        return MemoryBudget(bytes: min(containerLimit() ?? machine, machine) / 10 * 9)
    }

    /// The memory limit of this process's cgroup, when one is set.
    static func containerLimit() -> Int? {
        var candidates = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
        if let groups = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8),
           let line = groups.split(separator: "\n").first(where: { $0.hasPrefix("0::/") }) {
            candidates.insert("/sys/fs/cgroup" + line.dropFirst(3) + "/memory.max", at: 0)
        }
        for path in candidates {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            // "max", or a huge number, means no limit.
            if let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), value < 1 << 50 { return value }
        }
        return nil
    }

    /// The budget in whole MB (2^20 bytes), for messages.
    public var megabytes: Int { bytes >> 20 }
}
