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

    /// `file:line: error: message; hint`.
    public var description: String {
        switch self {
        case let .missingHeader(file):
            "\(file):1: error: missing 'WEBVTT' header; a WebVTT file starts with the line 'WEBVTT'"
        case let .missingTiming(file, line, found):
            "\(file):\(line): error: expected a cue timing 'start --> end', found '\(found)'"
        case let .invalidTimestamp(file, line, timestamp, expected):
            "\(file):\(line): error: invalid time stamp '\(timestamp)'; expected '\(expected)'"
        case let .endBeforeStart(file, line, start, end):
            "\(file):\(line): error: cue ends at '\(end)' before it starts at '\(start)'"
        }
    }
}
