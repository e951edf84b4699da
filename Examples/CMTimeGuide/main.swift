// The ideas of the AVFoundation Programming Guide's "Time and Media Representations" chapter, worked with
// OpenAVFoundation's CoreMedia functions: making times, arithmetic, comparing, special values, ranges.
// Usage: cmtime-guide (no arguments)
import Foundation
import OpenAVFoundation

print("Making times")
let half = CMTimeMake(value: 1, timescale: 2)                          // 1/2 s
let frame = CMTime(value: 1001, timescale: 30000)                     // one NTSC frame
let twoAndAHalf = CMTimeMakeWithSeconds(2.5, preferredTimescale: 600) // 1500/600
CMTimeShow(half)
CMTimeShow(frame)
CMTimeShow(twoAndAHalf)

print("Arithmetic is exact: different timescales meet at their least common multiple")
let sum = CMTimeAdd(half, frame)
CMTimeShow(sum)
CMTimeShow(CMTimeSubtract(twoAndAHalf, half))
CMTimeShow(CMTimeMultiply(frame, multiplier: 30))
CMTimeShow(CMTimeMultiplyByFloat64(half, multiplier: 1.5))
print("ninety frames of 29.97 fps last \(CMTimeGetSeconds(CMTimeMultiply(frame, multiplier: 90))) s")

print("Comparing")
print("CMTimeCompare(half, sum) =", CMTimeCompare(half, sum))
print("half < sum:", half < sum, " 1/2 == 300/600:", half == CMTime(value: 300, timescale: 600))
if CMTimeCompare(twoAndAHalf, half) > 0 { print("2.5 s is after 0.5 s") }

print("Special values")
for special in [kCMTimeZero, kCMTimeInvalid, kCMTimePositiveInfinity, kCMTimeNegativeInfinity, kCMTimeIndefinite] {
    print(CMTimeCopyDescription(allocator: nil, time: special) ?? "",
          "valid:", CMTIME_IS_VALID(special), "numeric:", CMTIME_IS_NUMERIC(special))
}
print("+inf + 1 s is", CMTimeCopyDescription(allocator: nil, time: kCMTimePositiveInfinity + half) ?? "")
print("+inf - +inf is", CMTimeCopyDescription(allocator: nil, time: kCMTimePositiveInfinity - kCMTimePositiveInfinity) ?? "")

print("Converting timescales rounds, and says so")
let third = CMTimeMake(value: 1, timescale: 3)
CMTimeShow(CMTimeConvertScale(third, timescale: 600, method: .default))
CMTimeShow(CMTimeConvertScale(third, timescale: 10, method: .roundTowardZero))

print("Ranges are half-open")
let range = CMTimeRangeMake(start: half, duration: twoAndAHalf)
CMTimeRangeShow(range)
print("contains its start:", CMTimeRangeContainsTime(range, time: range.start),
      " contains its end:", CMTimeRangeContainsTime(range, time: CMTimeRangeGetEnd(range)))
let later = CMTimeRangeFromTimeToTime(start: CMTimeMake(value: 2, timescale: 1), end: CMTimeMake(value: 4, timescale: 1))
CMTimeRangeShow(CMTimeRangeGetUnion(range, otherRange: later))
CMTimeRangeShow(CMTimeRangeGetIntersection(range, otherRange: later))
print("clamped 10 s:", CMTimeCopyDescription(allocator: nil, time: CMTimeClampToRange(CMTimeMake(value: 10, timescale: 1),
                                                                                    range: range)) ?? "")

print("Mapping between ranges (a clip played at half speed)")
let source = CMTimeRangeMake(start: kCMTimeZero, duration: CMTimeMake(value: 2, timescale: 1))
let target = CMTimeRangeMake(start: CMTimeMake(value: 10, timescale: 1), duration: CMTimeMake(value: 4, timescale: 1))
CMTimeShow(CMTimeMapTimeFromRangeToRange(CMTimeMake(value: 1, timescale: 1), fromRange: source, toRange: target))
CMTimeShow(CMTimeMapDurationFromRangeToRange(half, fromRange: source, toRange: target))
print("into an empty range:", CMTimeCopyDescription(allocator: nil, time: CMTimeMapTimeFromRangeToRange(
    half, fromRange: source, toRange: kCMTimeRangeZero)) ?? "")
