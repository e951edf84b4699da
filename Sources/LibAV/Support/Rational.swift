internal import CFFmpeg
import MediaCore

/// Conversions between libav's `AVRational` time bases and `MediaTime`.
extension MediaTime {
    /// `ticks * timeBase` exactly, keeping the time base's denominator as the timescale; nopts gives `invalid`.
    init(ticks: Int64, timeBase: AVRational) {
        guard ticks != mb_av_nopts_value(), timeBase.den > 0 else { self = .invalid; return }
        let (value, overflow) = ticks.multipliedReportingOverflow(by: Int64(timeBase.num))
        self = overflow
            ? MediaTime(value: ticks, timescale: 1).multiplied(by: Int64(timeBase.num), dividedBy: Int64(timeBase.den))
            : MediaTime(value: value, timescale: timeBase.den)
    }

    /// This time in ticks of `timeBase`, rounded to nearest; non-numeric times give nopts.
    func ticks(in timeBase: AVRational) -> Int64 {
        guard isNumeric, timeBase.num > 0, timeBase.den > 0 else { return mb_av_nopts_value() }
        return av_rescale_q(value, AVRational(num: 1, den: timescale), timeBase)
    }

    /// A time base `1/timescale`... as an AVRational equal to this (positive, numeric) duration.
    var rational: AVRational { AVRational(num: Int32(clamping: value), den: timescale) }
}

extension FrameRate {
    /// The rate as an AVRational.
    var rational: AVRational { AVRational(num: numerator, den: denominator) }

    /// A rate from an AVRational, nil when either part is not positive.
    init?(_ rational: AVRational) {
        guard rational.num > 0, rational.den > 0 else { return nil }
        self.init(rational.num, rational.den)
    }
}
