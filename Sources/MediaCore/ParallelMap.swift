import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `transform` of each element, in the array's order, computed on all cores: expanding and planning thousands
    /// of outputs is work each output (or group of outputs) does alone.
    public func parallelMap<Value: Sendable>(_ transform: @Sendable (Element) -> Value) -> [Value] {
        let results = Mutex<[Value?]>(Array<Value?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let value = transform(self[index])
            results.withLock { $0[index] = value }
        }
        return results.withLock { $0.map { $0! } }
    }
}
