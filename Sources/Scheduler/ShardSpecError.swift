/// A shard specification that cannot be used.
public enum ShardSpecError: Error, CustomStringConvertible, Sendable, Hashable {
    /// `--shard` text that is not `K/N` with 1 <= K <= N <= `ShardSpec.maxCount`.
    case invalidSpec(String)
    /// An environment variable whose value is not a usable index or count.
    case invalidVariable(name: String, value: String)
    /// The environment gives an index but no count; `countVariable` names where the count was looked for, nil when
    /// the environment has no such variable (a Kubernetes Indexed Job does not say how many completions it has).
    case missingCount(indexVariable: String, countVariable: String?)

    /// Lowercase message with a hint.
    public var description: String {
        switch self {
        case .invalidSpec(let text):
            return "invalid shard '\(text)'; expected K/N with 1 <= K <= N <= \(ShardSpec.maxCount), e.g. '2/4'"
        case .invalidVariable(let name, let value):
            return "invalid value '\(value)' of environment variable '\(name)'"
        case .missingCount(let variable, let countVariable?):
            return "'\(variable)' is set but '\(countVariable)' is not; set both or neither"
        case .missingCount(let variable, nil):
            return "'\(variable)' is set but the shard count is unknown; set MEDIABATCH_SHARD_COUNT to the Job's completions"
        }
    }
}
