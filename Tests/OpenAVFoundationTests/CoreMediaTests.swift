import Foundation
import OpenAVFoundation
import Testing

/// CoreMedia's C-style functions and constants, with the values Apple documents.
@Suite struct CoreMediaTests {
    @Test func theGuidesWorkedTimes() {
        let worked = SampleTimes.worked()
        #expect(worked.seconds == 1.5)
        #expect(worked.sum == CMTime(value: 23, timescale: 15))
        #expect(worked.sum.timescale == 30)
        #expect(worked.laterIsGreater)
        #expect(worked.range == CMTimeRangeFromTimeToTime(start: CMTime(value: 1, timescale: 1), end: CMTime(value: 3, timescale: 1)))
        #expect(worked.contains)
        #expect(worked.mapped == CMTime(value: 1, timescale: 1))
    }

    @Test(arguments: [
        (CMTimeMake(value: 1, timescale: 30), "{1/30 = 0.033}"),
        (kCMTimeZero, "{0/1 = 0.000}"),
        (kCMTimeInvalid, "{INVALID}"),
        (kCMTimePositiveInfinity, "{+INFINITY}"),
        (kCMTimeNegativeInfinity, "{-INFINITY}"),
        (kCMTimeIndefinite, "{INDEFINITE}"),
        (CMTimeConvertScale(CMTimeMake(value: 1, timescale: 3), timescale: 10, method: .default), "{3/10 = 0.300, rounded}"),
        (CMTimeMakeWithEpoch(value: 5, timescale: 1, epoch: 2), "{5/1 = 5.000, epoch 2}"),
    ])
    func descriptions(_ time: CMTime, _ text: String) {
        #expect(CMTimeCopyDescription(allocator: nil, time: time) == text)
    }

    @Test func classificationAndArithmetic() {
        let half = CMTimeMakeWithSeconds(0.5, preferredTimescale: 600)
        #expect(CMTIME_IS_VALID(half) && CMTIME_IS_NUMERIC(half) && !CMTIME_IS_INVALID(half))
        #expect(CMTIME_IS_INDEFINITE(kCMTimeIndefinite) && CMTIME_IS_POSITIVE_INFINITY(kCMTimePositiveInfinity))
        #expect(CMTIME_IS_NEGATIVE_INFINITY(kCMTimeNegativeInfinity) && !CMTIME_HAS_BEEN_ROUNDED(half))
        #expect(CMTimeMultiply(half, multiplier: 3) == CMTime(value: 900, timescale: 600))
        #expect(CMTimeMultiplyByFloat64(half, multiplier: 0.5) == CMTime(value: 1, timescale: 4))
        #expect(CMTimeMultiplyByRatio(half, multiplier: 2, divisor: 3) == CMTime(value: 1, timescale: 3))
        #expect(CMTimeSubtract(half, CMTime(value: 1, timescale: 1)) == CMTimeMultiply(CMTimeAbsoluteValue(half), multiplier: -1))
        #expect(CMTimeGetSeconds(kCMTimeInvalid).isNaN && CMTimeGetSeconds(kCMTimePositiveInfinity) == .infinity)
        #expect(CMTimeCompare(kCMTimeNegativeInfinity, half) == -1 && CMTimeCompare(kCMTimeInvalid, kCMTimeInvalid) == 0)
        #expect(CMTimeMaximum(half, kCMTimeZero) == half && CMTimeMinimum(half, kCMTimeZero) == kCMTimeZero)
        #expect(CMTimeMake(value: 1, timescale: 0).isValid == false)
        #expect(CMTimeMultiplyByRatio(half, multiplier: 1, divisor: 2) == CMTime(value: 1, timescale: 4))
    }

    @Test func rangesFollowCoreMedia() {
        let range = CMTimeRangeMake(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 2, timescale: 1))
        let empty = CMTimeRangeMake(start: CMTime(value: 5, timescale: 1), duration: kCMTimeZero)
        #expect(CMTimeRangeGetEnd(range) == CMTime(value: 3, timescale: 1))
        #expect(!CMTimeRangeContainsTime(range, time: CMTimeRangeGetEnd(range)))
        #expect(CMTimeRangeContainsTimeRange(range, otherRange: range))
        #expect(CMTimeRangeGetUnion(range, otherRange: empty) == CMTimeRangeFromTimeToTime(start: CMTime(value: 1, timescale: 1),
                                                                                          end: CMTime(value: 5, timescale: 1)))
        #expect(CMTIMERANGE_IS_EMPTY(CMTimeRangeGetIntersection(range, otherRange: empty)))
        #expect(CMTimeClampToRange(CMTime(value: 9, timescale: 1), range: range) == CMTimeRangeGetEnd(range))
        // "If either CMTimeRange argument is empty, an invalid CMTime will be returned."
        #expect(CMTIME_IS_INVALID(CMTimeMapTimeFromRangeToRange(CMTime(value: 2, timescale: 1), fromRange: range, toRange: empty)))
        #expect(CMTIME_IS_INVALID(CMTimeMapTimeFromRangeToRange(CMTime(value: 2, timescale: 1), fromRange: empty, toRange: range)))
        #expect(CMTimeMapDurationFromRangeToRange(CMTime(value: 1, timescale: 1), fromRange: range,
                                                  toRange: CMTimeRangeMake(start: kCMTimeZero, duration: CMTime(value: 1, timescale: 1)))
                == CMTime(value: 1, timescale: 2))
        #expect(CMTIMERANGE_IS_INVALID(CMTimeRangeMake(start: kCMTimeZero, duration: CMTimeMakeWithEpoch(value: 1, timescale: 1, epoch: 1))))
        #expect(CMTimeRangeEqual(kCMTimeRangeZero, CMTimeRange(start: .zero, duration: .zero)))
        #expect(CMTimeRangeCopyDescription(allocator: nil, range: range) == "{{1/1 = 1.000}, {2/1 = 2.000}}")
        let gap = CMTimeMappingMakeEmpty(target: range)
        #expect(CMTIMEMAPPING_IS_EMPTY(gap) && CMTIMEMAPPING_IS_VALID(gap) && !CMTIMEMAPPING_IS_VALID(CMTimeMapping()))
    }
}
