import Foundation

// Darwin's time-unit constants, which Dispatch on Linux lacks; programs write `CMTimeScale(NSEC_PER_SEC)`.

/// Nanoseconds per second.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds per millisecond.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Microseconds per second.
public let USEC_PER_SEC: UInt64 = 1_000_000
/// Nanoseconds per microsecond.
public let NSEC_PER_USEC: UInt64 = 1_000
