import Foundation
import MediaCore

/// What is wrong with a composition, a track, a segment, a video composition or a ramp, with exact times.
public enum CompositionError: Error, CustomStringConvertible, Sendable, Hashable {
    /// An operation was given a time it cannot use (non-numeric or negative).
    case invalidTime(operation: String, time: MediaTime)
    /// An operation was given an invalid, non-numeric or negative range.
    case invalidTimeRange(operation: String, range: TimeRange)
    /// `scaleTimeRange` was given a duration that is not a positive number.
    case invalidDuration(operation: String, duration: MediaTime)
    /// A ramp value is not a finite number.
    case invalidValue(name: String, value: Double)
    /// A value outside the range it must lie in (a ducking depth above 1).
    case valueOutOfRange(name: String, value: Double, range: ClosedRange<Double>)
    /// A size that must be a finite number, zero or more (a corner radius).
    case invalidSize(name: String, value: Double)
    /// No track with this ID exists.
    case noSuchTrack(trackID: Int32)
    /// A source track of one media type was inserted into a track of another.
    case mediaTypeMismatch(trackID: Int32, trackType: MediaType, source: URL, sourceTrackID: Int32, sourceType: MediaType)
    /// The inserted range is not inside the source track's available media.
    case rangeOutsideSource(trackID: Int32, range: TimeRange, source: URL, sourceTrackID: Int32, available: TimeRange)
    /// The first segment of a track does not start at zero.
    case firstSegmentNotAtZero(trackID: Int32, start: MediaTime)
    /// A segment does not start where the previous one ends (a gap or an overlap).
    case segmentMisplaced(trackID: Int32, index: Int, start: MediaTime, previousEnd: MediaTime)
    /// A segment's target range (its place on the track) is invalid, non-numeric or empty.
    case invalidSegmentTarget(trackID: Int32, index: Int, range: TimeRange)
    /// A non-empty segment's source start is not a number.
    case invalidSegmentSourceStart(trackID: Int32, index: Int, start: MediaTime)
    /// A non-empty segment's source duration is invalid, non-numeric or zero.
    case invalidSegmentSourceDuration(trackID: Int32, index: Int, range: TimeRange)
    /// The track ends with an empty segment.
    case trailingEmptySegment(trackID: Int32, index: Int)
    /// A video composition's frame duration is not a positive number.
    case invalidFrameDuration(MediaTime)
    /// A video composition's render size is not positive.
    case invalidRenderSize(Size)
    /// The composition has a duration but the video composition has no instructions.
    case noInstructions(duration: MediaTime)
    /// An instruction's range is invalid, non-numeric or empty.
    case invalidInstructionRange(index: Int, range: TimeRange)
    /// The first instruction starts after zero.
    case firstInstructionStartsLate(start: MediaTime)
    /// An instruction starts after the previous one ends.
    case instructionGap(index: Int, start: MediaTime, previousEnd: MediaTime)
    /// An instruction starts before the previous one ends.
    case instructionOverlap(index: Int, start: MediaTime, previousEnd: MediaTime)
    /// An instruction starts before the previous one starts.
    case instructionBackwards(index: Int, start: MediaTime, previousStart: MediaTime)
    /// The last instruction ends before the composition does.
    case lastInstructionEndsEarly(end: MediaTime, duration: MediaTime)
    /// A layer instruction names a track the composition does not have.
    case unknownLayerTrack(instructionIndex: Int, trackID: Int32)
    /// An instruction's transition effect names a track without a layer in that instruction (or the same track twice).
    case effectTrackWithoutLayer(instructionIndex: Int, trackID: Int32)
    /// An instruction's transition effect has an invalid, non-numeric or empty range.
    case invalidEffectRange(instructionIndex: Int, range: TimeRange)

    /// One lowercase line naming the track, segment or instruction and the exact times.
    public var description: String {
        switch self {
        case let .invalidTime(operation, time):
            return "'\(operation)' needs a numeric, non-negative time, got \(time)"
        case let .invalidTimeRange(operation, range):
            return "'\(operation)' needs a valid numeric time range, got \(CompositionError.text(range))"
        case let .invalidDuration(operation, duration):
            return "'\(operation)' needs a positive numeric duration, got \(duration)"
        case let .invalidValue(name, value):
            return "'\(name)' must be a finite number, got \(value)"
        case let .valueOutOfRange(name, value, range):
            return "'\(name)' must be from \(range.lowerBound) to \(range.upperBound), got \(value)"
        case let .invalidSize(name, value):
            return "'\(name)' must be a finite number, zero or more, got \(value)"
        case let .noSuchTrack(trackID):
            return "no track with id \(trackID) in the composition"
        case let .mediaTypeMismatch(trackID, trackType, source, sourceTrackID, sourceType):
            return "track \(trackID): cannot insert \(sourceType.rawValue) track \(sourceTrackID) of "
                + "'\(CompositionError.text(source))' into a \(trackType.rawValue) track"
        case let .rangeOutsideSource(trackID, range, source, sourceTrackID, available):
            return "track \(trackID): range \(CompositionError.text(range)) is outside track \(sourceTrackID) of "
                + "'\(CompositionError.text(source))', which has \(CompositionError.text(available))"
        case let .firstSegmentNotAtZero(trackID, start):
            return "track \(trackID): segment 0 starts at \(start) but the first segment must start at 0"
        case let .segmentMisplaced(trackID, index, start, previousEnd):
            return "track \(trackID): segment \(index) starts at \(start) but the previous one ends at \(previousEnd)"
        case let .invalidSegmentTarget(trackID, index, range):
            return "track \(trackID): segment \(index) has an invalid or empty target range \(CompositionError.text(range))"
        case let .invalidSegmentSourceStart(trackID, index, start):
            return "track \(trackID): segment \(index) has a source start of \(start); it must be a number"
        case let .invalidSegmentSourceDuration(trackID, index, range):
            return "track \(trackID): segment \(index) has an invalid or empty source range \(CompositionError.text(range))"
        case let .trailingEmptySegment(trackID, index):
            return "track \(trackID): segment \(index) is empty and ends the track; empty ranges cannot go at the end"
        case let .invalidFrameDuration(duration):
            return "the frame duration must be a positive number, got \(duration)"
        case let .invalidRenderSize(size):
            return "the render size must be positive, got \(size)"
        case let .noInstructions(duration):
            return "no instructions, but the composition lasts \(duration); [0/1, \(duration)) is not covered"
        case let .invalidInstructionRange(index, range):
            return "instruction \(index) has an invalid or empty time range \(CompositionError.text(range))"
        case let .firstInstructionStartsLate(start):
            return "the first instruction starts at \(start), after 0; [0/1, \(start)) is not covered"
        case let .instructionGap(index, start, previousEnd):
            return "instruction \(index) starts at \(start) but the previous one ends at \(previousEnd); "
                + "[\(previousEnd), \(start)) is not covered"
        case let .instructionOverlap(index, start, previousEnd):
            return "instruction \(index) starts at \(start), before the previous one ends at \(previousEnd); "
                + "[\(start), \(previousEnd)) is covered twice"
        case let .instructionBackwards(index, start, previousStart):
            return "instruction \(index) starts at \(start), before the previous one starts at \(previousStart); "
                + "instructions must go forwards"
        case let .lastInstructionEndsEarly(end, duration):
            return "the last instruction ends at \(end), before the composition's duration \(duration); "
                + "[\(end), \(duration)) is not covered"
        case let .unknownLayerTrack(instructionIndex, trackID):
            return "instruction \(instructionIndex) has a layer for track \(trackID), which is not in the composition"
        case let .effectTrackWithoutLayer(instructionIndex, trackID):
            return "instruction \(instructionIndex) has a transition effect for track \(trackID), which needs a layer of its "
                + "own in that instruction; an effect joins two different layers"
        case let .invalidEffectRange(instructionIndex, range):
            return "instruction \(instructionIndex) has a transition effect with an invalid or empty time range "
                + CompositionError.text(range)
        }
    }

    /// A range as `[start, end)`, or its raw fields when it is invalid.
    static func text(_ range: TimeRange) -> String {
        range.isValid ? range.description : "invalid range (start \(range.start), duration \(range.duration))"
    }

    /// A file URL as its path, any other URL as its text.
    static func text(_ url: URL) -> String { url.isFileURL ? url.path : url.absoluteString }
}
