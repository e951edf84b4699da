internal import CFFmpeg

/// The outcome of a libav call for which "try again" and "end of stream" are normal answers.
enum CallStatus: Equatable {
    /// The call succeeded with this non-negative value.
    case ok(Int32)
    /// `AVERROR(EAGAIN)`: feed more input (or drain output) first.
    case again
    /// `AVERROR_EOF`: the stream is over.
    case endOfFile
}

/// The one place libav return codes become errors: a negative code throws `LibAVError.failed` with libav's text.
@discardableResult
func check(_ code: Int32, _ function: StaticString, _ operation: @autoclosure () -> LibAVError.Operation)
    throws(LibAVError) -> Int32
{
    guard code < 0 else { return code }
    throw LibAVError.failed(operation(), function: "\(function)", code: code, message: libavMessage(code))
}

/// As `check`, but EAGAIN and EOF come back as `CallStatus` instead of throwing.
func checkStatus(_ code: Int32, _ function: StaticString, _ operation: @autoclosure () -> LibAVError.Operation)
    throws(LibAVError) -> CallStatus
{
    if code == mb_averror_eagain() { return .again }
    if code == mb_averror_eof() { return .endOfFile }
    return .ok(try check(code, function, operation()))
}

/// libav's text for a failure that concerns only the data given to a call (a packet a decoder cannot decode:
/// `AVERROR_INVALIDDATA` and the like), which a caller may conceal; nil for success, EAGAIN, EOF and running out of
/// memory, which `checkStatus` handles.
func concealableFailure(_ code: Int32) -> String? {
    guard code < 0, code != mb_averror_eagain(), code != mb_averror_eof(), code != mb_averror(ENOMEM) else { return nil }
    return libavMessage(code)
}

/// A non-nil pointer from an allocating call, or `LibAVError.failed` with ENOMEM naming the function.
func checkAllocation<T>(_ pointer: T?, _ function: StaticString, _ operation: @autoclosure () -> LibAVError.Operation)
    throws(LibAVError) -> T
{
    guard let pointer else {
        let code = mb_averror(ENOMEM)
        throw LibAVError.failed(operation(), function: "\(function)", code: code, message: libavMessage(code))
    }
    return pointer
}

/// libav's text for an error code (`No such file or directory`).
func libavMessage(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
        mb_av_strerror(code, buffer.baseAddress, buffer.count)
        return String(cString: buffer.baseAddress!)
    }
}
