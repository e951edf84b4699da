/// A half-open range of media time `[start, start + duration)` (docs/semantics.md, Ranges and mappings).
public struct TimeRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The first time in the range.
    public var start: MediaTime
    /// The length; valid ranges have a numeric or infinite, non-negative duration in epoch 0.
    public var duration: MediaTime

    /// A range from a start and a duration (CMTimeRangeMake): a duration with a non-zero epoch gives `invalid`.
    public init(start: MediaTime, duration: MediaTime) {
        if duration.isValid && duration.epoch != 0 {
            self = .invalid
        } else {
            self.start = start
            self.duration = duration
        }
    }

    /// The range from `start` up to (not including) `end` (CMTimeRangeFromTimeToTime).
    /// Times in different epochs give an invalid range; a start after the end gives a negative (invalid) duration.
    public init(start: MediaTime, end: MediaTime) {
        let bothNumeric = start.isNumeric && end.isNumeric
        self.init(start: start, duration: bothNumeric && start.epoch != end.epoch ? .invalid : end - start)
    }

    /// The invalid range.
    public static let invalid = TimeRange(uncheckedStart: .invalid, duration: .invalid)
    /// The empty range at zero.
    public static let zero = TimeRange(start: .zero, duration: .zero)
    /// Zero to +infinity: "the whole asset".
    public static let everything = TimeRange(start: .zero, duration: .positiveInfinity)

    private init(uncheckedStart start: MediaTime, duration: MediaTime) {
        self.start = start
        self.duration = duration
    }

    /// Valid start and duration, duration in epoch 0 and not negative. **Decision**: a `-inf` duration is invalid too
    /// (CMTIMERANGE_IS_VALID only looks at the ignored value field).
    public var isValid: Bool {
        guard start.isValid, duration.isValid, duration.epoch == 0 else { return false }
        if duration.isNegativeInfinity { return false }
        return !duration.isNumeric || duration.value >= 0
    }

    /// Valid with a zero duration.
    public var isEmpty: Bool { isValid && duration.isNumeric && duration.value == 0 }

    /// Valid with an indefinite start or duration.
    public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }

    /// `start + duration`, which the range does not contain.
    public var end: MediaTime { isValid ? start + duration : .invalid }

    /// Whether `time` is in `[start, end)`.
    public func contains(_ time: MediaTime) -> Bool {
        guard isValid, time.isValid else { return false }
        return time >= start && time < end
    }

    /// Whether `other` lies inside this range; a range contains itself, and an empty range inside it.
    public func contains(_ other: TimeRange) -> Bool {
        guard isValid, other.isValid else { return false }
        return other.start >= start && other.end <= end
    }

    /// The smallest range covering both ranges and any gap between them.
    public func union(_ other: TimeRange) -> TimeRange {
        guard isValid, other.isValid else { return .invalid }
        return TimeRange(start: MediaTime.minimum(start, other.start), end: MediaTime.maximum(end, other.end))
    }

    /// The largest range inside both; disjoint ranges give an empty range at the later start.
    public func intersection(_ other: TimeRange) -> TimeRange {
        guard isValid, other.isValid, start.epoch == other.start.epoch else { return .invalid }
        let lower = MediaTime.maximum(start, other.start)
        let upper = MediaTime.minimum(end, other.end)
        if upper <= lower { return TimeRange(start: lower, duration: MediaTime(value: 0, timescale: lower.isNumeric ? lower.timescale : 1)) }
        return TimeRange(start: lower, end: upper)
    }

    /// Whether the ranges share any time.
    public func overlaps(_ other: TimeRange) -> Bool {
        let common = intersection(other)
        return common.isValid && !common.isEmpty
    }

    /// CMTimeClampToRange: before the range gives `start`, after it gives `end` (outside the range); empty gives invalid.
    public func clamp(_ time: MediaTime) -> MediaTime {
        guard isValid, !isEmpty, time.isValid else { return .invalid }
        if time < start { return start }
        if time > end { return end }
        return time
    }

    /// CMTimeMapTimeFromRangeToRange: `(t - from.start) * to.duration / from.duration + to.start`, exact.
    /// An invalid or empty range on either side or an epoch mismatch gives invalid, as CoreMedia documents; two
    /// `+inf` durations offset the time only. **Decision**: any other non-numeric operand gives indefinite (or the
    /// infinite offset).
    public static func map(_ time: MediaTime, from source: TimeRange, to target: TimeRange) -> MediaTime {
        guard time.isValid, source.isValid, target.isValid, !source.isEmpty, !target.isEmpty else { return .invalid }
        if time.isNumeric && source.start.isNumeric && time.epoch != source.start.epoch { return .invalid }
        let offset = time - source.start
        guard offset.isValid else { return .invalid }
        if source.duration.isPositiveInfinity && target.duration.isPositiveInfinity {
            return offset + target.start
        }
        guard offset.isNumeric, source.duration.isNumeric, target.duration.isNumeric else {
            return offset.isInfinite ? offset : .indefinite
        }
        return scale(offset, from: source.duration, to: target.duration) + target.start
    }

    /// CMTimeMapDurationFromRangeToRange: `duration * to.duration / from.duration`, exact. A duration outside epoch 0,
    /// an invalid range on either side or an empty source range gives invalid; two `+inf` range durations leave the
    /// duration as it is, and other non-numeric operands give indefinite (or the infinite duration), as `map` does.
    public static func mapDuration(_ duration: MediaTime, from source: TimeRange, to target: TimeRange) -> MediaTime {
        guard duration.isValid, duration.epoch == 0, source.isValid, target.isValid, !source.isEmpty else {
            return .invalid
        }
        if source.duration.isPositiveInfinity && target.duration.isPositiveInfinity { return duration }
        guard duration.isNumeric, source.duration.isNumeric, target.duration.isNumeric else {
            return duration.isInfinite ? duration : .indefinite
        }
        return scale(duration, from: source.duration, to: target.duration)
    }

    /// `value * to / from` for numeric times (`from` positive), exact, in epoch 0.
    private static func scale(_ value: MediaTime, from: MediaTime, to: MediaTime) -> MediaTime {
        MediaTime.product(
            [Int128(value.value), Int128(to.value), Int128(from.timescale)],
            over: [Int128(value.timescale), Int128(to.timescale), Int128(from.value)],
            epoch: 0, rounded: value.hasBeenRounded || from.hasBeenRounded || to.hasBeenRounded)
    }

    /// `[start, end)` in exact time text.
    public var description: String { isValid ? "[\(start), \(end))" : "invalid range" }
}
