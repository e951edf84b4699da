import MediaCore

/// A parameter timeline is an array of ramps sorted by start time; a ramp runs until the next one starts.
extension Array {
    /// Adds `ramp`, replacing one that starts at the same time, keeping the array sorted by start. Found by
    /// bisection and appended in place when it starts last (the usual order), so building a timeline of N ramps
    /// costs N log N, not N squared.
    mutating func insertRamp<Value>(_ ramp: Ramp<Value>) where Element == Ramp<Value> {
        let start = ramp.timeRange.start
        let index = firstIndex(bisecting: { self[$0].timeRange.start >= start })
        if index < count, self[index].timeRange.start == start {
            self[index] = ramp
        } else {
            insert(ramp, at: index)
        }
    }

    /// The first index satisfying `isAtOrAfter`, which must be false for a prefix of the indices and true for the
    /// rest; `count` when none does.
    func firstIndex(bisecting isAtOrAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isAtOrAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The end of ramp `index`'s effect: its own end, or the next ramp's start if that is earlier.
    func effectiveEnd<Value>(ofRamp index: Int) -> MediaTime where Element == Ramp<Value> {
        let own = self[index].timeRange.end
        guard index + 1 < count else { return own }
        return MediaTime.minimum(own, self[index + 1].timeRange.start)
    }

    /// `defaultValue` before the first ramp, the interpolated value inside a ramp, the last ramp's end value after it.
    func rampValue<Value>(at time: MediaTime, default defaultValue: Value) -> Value where Element == Ramp<Value> {
        let after = firstIndex(bisecting: { self[$0].timeRange.start > time })
        guard after > 0 else { return defaultValue }
        let index = after - 1
        let ramp = self[index]
        if time < ramp.timeRange.end { return ramp.value(at: time) }
        return ramp.endValue
    }

    /// The ramp in effect at `time`, else the next one after it; nil past the last ramp.
    func rampSpan<Value>(at time: MediaTime) -> RampSpan<Value>? where Element == Ramp<Value> {
        // A ramp answers when `time` is before its effective end (in effect, or still to come); effective ends
        // never decrease along the array, so the first such ramp is found by bisection.
        let index = firstIndex(bisecting: { time < effectiveEnd(ofRamp: $0) })
        guard index < count else { return nil }
        let ramp = self[index]
        let end = effectiveEnd(ofRamp: index)
        let range = TimeRange(start: ramp.timeRange.start, end: end)
        let endValue = end < ramp.timeRange.end ? ramp.value(at: end) : ramp.endValue
        return RampSpan(startValue: ramp.startValue, endValue: endValue, timeRange: range,
                        timingFunction: ramp.timingFunction)
    }
}

/// Checks shared by every ramp setter: numeric times and ranges (docs/semantics.md, Audio mix).
enum RampCheck {
    static func time(_ time: MediaTime, _ operation: String) throws {
        guard time.isNumeric else { throw CompositionError.invalidTime(operation: operation, time: time) }
    }

    static func range(_ range: TimeRange, _ operation: String) throws {
        guard range.isValid, range.start.isNumeric, range.duration.isNumeric else {
            throw CompositionError.invalidTimeRange(operation: operation, range: range)
        }
    }

    static func value(_ value: Double, _ name: String) throws {
        guard value.isFinite else { throw CompositionError.invalidValue(name: name, value: value) }
    }
}
