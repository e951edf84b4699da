import Foundation

/// A fresh path in the temporary directory.
func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("yamltests-\(UUID().uuidString)-\(name)").path
}

/// Removes the file at `path`, if any.
func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

extension Array where Element == UInt8 {
    /// Writes the bytes to `path`.
    func write(to path: String) throws {
        try Data(self).write(to: URL(fileURLWithPath: path))
    }
}

/// Seconds taken by `body`.
func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (value, seconds)
}

/// A small deterministic generator (SplitMix64) for reproducible random inputs.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
