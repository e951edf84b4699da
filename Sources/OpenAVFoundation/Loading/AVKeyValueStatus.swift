import Foundation

/// Where loading a property by key stands (`statusOfValue(forKey:error:)`), with Apple's raw values.
public enum AVKeyValueStatus: Int, Sendable {
    /// Not asked for yet.
    case unknown = 0
    /// Being loaded.
    case loading = 1
    /// Loaded; the property can be read without waiting.
    case loaded = 2
    /// Loading failed; the error says why.
    case failed = 3
    /// Loading was cancelled.
    case cancelled = 4
}

/// Apple's key-based loading of asset and track properties, from before `load(_:)`:
/// `loadValuesAsynchronously(forKeys:completionHandler:)`, then `statusOfValue(forKey:error:)` per key.
public protocol AVAsynchronousKeyValueLoading {
    /// Whether the property `key` is loaded; on failure `outError` gets why.
    func statusOfValue(forKey key: String, error outError: UnsafeMutablePointer<NSError?>?) -> AVKeyValueStatus
    /// Loads the properties `keys` on a thread of its own, then calls `handler` there.
    @preconcurrency func loadValuesAsynchronously(forKeys keys: [String], completionHandler handler: (@Sendable () -> Void)?)
}
