import Foundation

/// Which share of the work one machine takes: shard `index` (0-based) of `count`; written `K/N` with K 1-based.
public struct ShardSpec: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 0-based shard index, `0..<count`.
    public var index: Int
    /// Number of shards, at least 1.
    public var count: Int

    /// The most shards a batch may be split into: far more machines than any CI runs, and small enough that the
    /// split's per-shard tables stay a few hundred kilobytes.
    public static let maxCount = 10_000

    /// A shard from a 0-based index; nil unless `0 <= index < count <= maxCount`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maxCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with K 1-based (`1/3` is the first of three shards), as `--shard` takes it.
    public init(parsing text: String) throws(ShardSpecError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let k = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let n = Int(parts[1].trimmingCharacters(in: .whitespaces)),
              let spec = ShardSpec(index: k - 1, count: n)
        else { throw .invalidSpec(text) }
        self = spec
    }

    /// `K/N`, K 1-based.
    public var description: String { "\(index + 1)/\(count)" }

    /// The shard a CI system or Kubernetes assigns through the environment, or nil when none is set.
    ///
    /// Checked in this order:
    /// - `JOB_COMPLETION_INDEX` (Kubernetes Indexed Job): 0-based; the count is not in the environment and comes
    ///   from `count` (throws `missingCount` without it).
    /// - `CI_NODE_INDEX` / `CI_NODE_TOTAL` (GitLab `parallel:`): index 1-based.
    /// - `CIRCLE_NODE_INDEX` / `CIRCLE_NODE_TOTAL` (CircleCI `parallelism:`): index 0-based.
    /// - `BUILDKITE_PARALLEL_JOB` / `BUILDKITE_PARALLEL_JOB_COUNT` (Buildkite `parallelism:`): index 0-based.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, count: Int? = nil
    ) throws(ShardSpecError) -> ShardSpec? {
        if let value = environment["JOB_COMPLETION_INDEX"] {
            let index = try integer("JOB_COMPLETION_INDEX", value)
            guard let count else { throw .missingCount(indexVariable: "JOB_COMPLETION_INDEX", countVariable: nil) }
            guard let spec = ShardSpec(index: index, count: count) else {
                throw .invalidVariable(name: "JOB_COMPLETION_INDEX", value: value)
            }
            return spec
        }
        let pairs: [(index: String, total: String, base: Int)] = [
            ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
            ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
            ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0),
        ]
        for pair in pairs {
            guard let indexText = environment[pair.index] else { continue }
            let index = try integer(pair.index, indexText)
            guard let totalText = environment[pair.total] else { throw .missingCount(indexVariable: pair.index, countVariable: pair.total) }
            let total = try integer(pair.total, totalText)
            guard total >= 1, total <= maxCount else { throw .invalidVariable(name: pair.total, value: totalText) }
            guard let spec = ShardSpec(index: index - pair.base, count: total) else {
                throw .invalidVariable(name: pair.index, value: indexText)
            }
            return spec
        }
        return nil
    }

    private static func integer(_ name: String, _ value: String) throws(ShardSpecError) -> Int {
        guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
            throw .invalidVariable(name: name, value: value)
        }
        return number
    }
}
