internal import CFFmpeg
import Synchronization

/// libav's log, routed away from the terminal into a ring buffer of recent lines and an optional handler.
///
/// libav has one process-wide log callback without a context pointer, so this sink is necessarily process-wide too:
/// its state lives behind a `Mutex` because codec threads log concurrently. Nothing is printed to the terminal.
public enum LibAVLog {
    /// A libav log level (`AV_LOG_*`); lines above the installed level are dropped.
    public enum Level: Int32, Sendable, Hashable, Codable, Comparable {
        /// Something went so wrong the process may crash.
        case panic = 0
        /// Something went wrong and recovery is impossible.
        case fatal = 8
        /// Something went wrong and cannot be recovered losslessly.
        case error = 16
        /// Something does not look right (the default threshold).
        case warning = 24
        /// Standard information (x264's statistics flood lives here).
        case info = 32
        /// Detailed information.
        case verbose = 40
        /// Debugging output.
        case debug = 48

        /// Orders by severity value (panic is lowest).
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The nearest named level at or above a raw libav level.
        init(raw: Int32) {
            self = [.panic, .fatal, .error, .warning, .info, .verbose].first { raw <= $0.rawValue } ?? .debug
        }
    }

    /// One line libav logged.
    public struct Line: Sendable, Hashable, CustomStringConvertible {
        /// Increases by one per line, so callers can take the lines logged since a `mark`.
        public var sequence: UInt64
        /// How severe the line is.
        public var level: Level
        /// The logging component (`libx264`, `mov,mp4,m4a,3gp,3g2,mj2`), when libav named one.
        public var component: String?
        /// The message without the component prefix and trailing newline.
        public var message: String

        /// `[libx264] message`.
        public var description: String { component.map { "[\($0)] \(message)" } ?? message }
    }

    /// How many recent lines the ring buffer keeps.
    public static let capacity = 200

    private struct State {
        var installed = false
        var nextSequence: UInt64 = 0
        var lines: [Line] = []
        var handler: (@Sendable (Line) -> Void)?
    }

    private static let state = Mutex(State())

    /// Routes libav's log here and sets the threshold (`warning` by default); safe to call any number of times.
    public static func install(level: Level = .warning) {
        av_log_set_level(level.rawValue)
        let first = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        if first {
            av_log_set_callback { context, level, format, arguments in
                LibAVLog.handle(context: context, level: level, format: format, arguments: arguments)
            }
        }
    }

    /// Sets (or clears) a handler that also receives every kept line, on whatever thread libav logged from.
    public static func setHandler(_ handler: (@Sendable (Line) -> Void)?) {
        state.withLock { $0.handler = handler }
    }

    /// The sequence number the next line will get: pass it to `lines(since:)` later.
    public static var mark: UInt64 { state.withLock { $0.nextSequence } }

    /// The kept lines logged at or after `mark` (older ones may have left the ring buffer).
    public static func lines(since mark: UInt64 = 0) -> [Line] {
        state.withLock { state in state.lines.filter { $0.sequence >= mark } }
    }

    /// Keeps a line in the ring buffer and hands it to the handler.
    static func record(level: Level, component: String?, message: String) {
        let (line, handler) = state.withLock { state in
            let line = Line(sequence: state.nextSequence, level: level, component: component, message: message)
            state.nextSequence += 1
            state.lines.append(line)
            if state.lines.count > capacity { state.lines.removeFirst(state.lines.count - capacity) }
            return (line, state.handler)
        }
        handler?(line)
    }

    /// Splits `[name @ 0x55d0] text` into the component name and the text.
    static func split(_ text: String) -> (component: String?, message: String) {
        var message = Substring(text)
        while let last = message.last, last.isNewline || last == " " { message.removeLast() }
        guard message.first == "[", let close = message.firstIndex(of: "]") else { return (nil, String(message)) }
        var name = message[message.index(after: message.startIndex)..<close]
        if let at = name.firstRange(of: " @ ") { name = name[..<at.lowerBound] }
        let rest = message[message.index(after: close)...].drop { $0 == " " }
        return (String(name), String(rest))
    }

    /// The body of the C callback: drops lines above libav's level, formats the rest and records them.
    private static func handle(context: UnsafeMutableRawPointer?, level: Int32, format: UnsafePointer<CChar>?,
                               arguments: CVaListPointer?) {
        guard level <= av_log_get_level(), let format, let arguments else { return }
        var printPrefix: Int32 = 1
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer -> String in
            _ = mb_format_log_line(context, level, format, arguments, buffer.baseAddress, Int32(buffer.count), &printPrefix)
            return String(cString: buffer.baseAddress!)
        }
        let (component, message) = split(text)
        guard !message.isEmpty else { return }
        record(level: Level(raw: level), component: component, message: message)
    }
}
