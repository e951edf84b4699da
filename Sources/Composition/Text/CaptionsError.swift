/// Why a caption file could not be read; lines count from 1.
public enum CaptionsError: Error, CustomStringConvertible, Sendable, Hashable {
    /// A WebVTT file does not start with `WEBVTT`.
    case missingHeader(file: String)
    /// A cue block has no `start --> end` line where one must be.
    case missingTiming(file: String, line: Int, found: String)
    /// A time stamp cannot be read.
    case invalidTimestamp(file: String, line: Int, timestamp: String, expected: String)
    /// A cue ends before it starts.
    case endBeforeStart(file: String, line: Int, start: String, end: String)

    /// `file:line: error: message`.
    public var description: String { "\(location): error: \(message)" }

    /// `file:line`, where the problem is.
    public var location: String {
        switch self {
        case let .missingHeader(file): "\(file):1"
        case let .missingTiming(file, line, _), let .invalidTimestamp(file, line, _, _),
             let .endBeforeStart(file, line, _, _): "\(file):\(line)"
        }
    }

    /// What is wrong, without the location.
    public var message: String {
        switch self {
        case .missingHeader:
            "missing 'WEBVTT' header; a WebVTT file starts with the line 'WEBVTT'"
        case let .missingTiming(_, _, found):
            "expected a cue timing 'start --> end', found '\(found)'"
        case let .invalidTimestamp(_, _, timestamp, expected):
            "invalid time stamp '\(timestamp)'; expected '\(expected)'"
        case let .endBeforeStart(_, _, start, end):
            "cue ends at '\(end)' before it starts at '\(start)'"
        }
    }
}
