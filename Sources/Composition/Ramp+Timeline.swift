import MediaCore

/// A parameter timeline is an array of ramps sorted by start time; a ramp runs until the next one starts.
extension Array {
    /// Adds `ramp`, replacing one that starts at the same time, keeping the array sorted by start.
    mutating func insertRamp<Value>(_ ramp: Ramp<Value>) where Element == Ramp<Value> {
        if let same = firstIndex(where: { $0.timeRange.start == ramp.timeRange.start }) {
            self[same] = ramp
            return
        }
        let index = firstIndex { $0.timeRange.start > ramp.timeRange.start } ?? count
        insert(ramp, at: index)
    }

    /// The end of ramp `index`'s effect: its own end, or the next ramp's start if that is earlier.
    func effectiveEnd<Value>(ofRamp index: Int) -> MediaTime where Element == Ramp<Value> {
        let own = self[index].timeRange.end
        guard index + 1 < count else { return own }
        return MediaTime.minimum(own, self[index + 1].timeRange.start)
    }

    /// `defaultValue` before the first ramp, the interpolated value inside a ramp, the last ramp's end value after it.
    func rampValue<Value>(at time: MediaTime, default defaultValue: Value) -> Value where Element == Ramp<Value> {
        guard let index = lastIndex(where: { $0.timeRange.start <= time }) else { return defaultValue }
        let ramp = self[index]
        if time < ramp.timeRange.end { return ramp.value(at: time) }
        return ramp.endValue
    }

    /// The ramp in effect at `time`, else the next one after it; nil past the last ramp.
    func rampSpan<Value>(at time: MediaTime) -> RampSpan<Value>? where Element == Ramp<Value> {
        for index in indices {
            let ramp = self[index]
            let end = effectiveEnd(ofRamp: index)
            let inEffect = time >= ramp.timeRange.start && time < end
            if inEffect || time < ramp.timeRange.start {
                let range = TimeRange(start: ramp.timeRange.start, end: end)
                let endValue = end < ramp.timeRange.end ? ramp.value(at: end) : ramp.endValue
                return RampSpan(startValue: ramp.startValue, endValue: endValue, timeRange: range,
                                timingFunction: ramp.timingFunction)
            }
        }
        return nil
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
