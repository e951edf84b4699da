import Composition
import Foundation
import MediaCore
import Testing

@Suite struct AudioMixTests {
    /// The AVAudioMix.h example: volume 1.0 at 0, then a ramp 0.5 -> 0.2 over {4 s, 5 s}.
    static func headerExample() throws -> AudioMixInputParameters {
        var parameters = AudioMixInputParameters(trackID: 2)
        try parameters.setVolume(1.0, at: .zero)
        try parameters.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0.2, timeRange: TimeRange(start: t(4), duration: t(5)))
        return parameters
    }

    @Test(arguments: [
        (t(0), 1.0), (t(2), 1.0), (t(3999, 1000), 1.0), (t(4), 0.5), (t(13, 2), 0.35), (t(9), 0.2), (t(60), 0.2),
    ])
    func headerExample(time: MediaTime, volume: Double) throws {
        #expect(abs(try Self.headerExample().volume(at: time) - volume) < 1e-12)
    }

    @Test func volumeIsOneBeforeTheFirstValueAndWithoutParameters() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        #expect(parameters.volume(at: t(3)) == 1)
        try parameters.setVolume(0.25, at: t(2))
        #expect(parameters.volume(at: t(1)) == 1)
        #expect(parameters.volume(at: t(2)) == 0.25)
        let mix = AudioMix(inputParameters: [parameters])
        #expect(mix.volume(ofTrack: 1, at: t(5)) == 0.25)
        #expect(mix.volume(ofTrack: 9, at: t(5)) == 1)
    }

    @Test func volumeRampAtTimeIsNilPastTheLastRamp() throws {
        var parameters = AudioMixInputParameters(trackID: 1)
        try parameters.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0, timeRange: r(2, 4))
        #expect(parameters.volumeRamp(at: t(1)) == RampSpan(startValue: 1, endValue: 0, timeRange: r(2, 4)))
        #expect(parameters.volumeRamp(at: t(3)) == RampSpan(startValue: 1, endValue: 0, timeRange: r(2, 4)))
        #expect(parameters.volumeRamp(at: t(4)) == nil)
    }

    @Test func aSetValueRunsUntilTheNextValue() throws {
        let parameters = try Self.headerExample()
        #expect(parameters.volumeRamp(at: t(1)) == RampSpan(startValue: 1, endValue: 1, timeRange: r(0, 4)))
        #expect(parameters.volumeRamp(at: t(5)) == RampSpan(startValue: 0.5, endValue: 0.2, timeRange: r(4, 9)))
    }

    @Test func nonNumericTimesAndRangesThrow() {
        let cases: [(String, (inout AudioMixInputParameters) throws -> Void)] = [
            ("'setVolume' needs a numeric, non-negative time, got +inf", { try $0.setVolume(1, at: .positiveInfinity) }),
            ("'setVolume' needs a numeric, non-negative time, got invalid", { try $0.setVolume(1, at: .invalid) }),
            ("'setVolumeRamp' needs a valid numeric time range, got [0/1, +inf)",
             { try $0.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0, timeRange: .everything) }),
            ("'setVolumeRamp' needs a valid numeric time range, got [indefinite, indefinite)",
             { try $0.setVolumeRamp(fromStartVolume: 1, toEndVolume: 0, timeRange: TimeRange(start: .indefinite, duration: t(1))) }),
            ("'volume' must be a finite number, got -1.0", { try $0.setVolume(-1, at: .zero) }),
            ("'endVolume' must be a finite number, got nan",
             { try $0.setVolumeRamp(fromStartVolume: 1, toEndVolume: .nan, timeRange: r(0, 1)) }),
        ]
        for (message, edit) in cases {
            var parameters = AudioMixInputParameters(trackID: 1)
            #expect(thrownMessage { try edit(&parameters) } == message)
            #expect(parameters.volumeRamps.isEmpty)
        }
    }
}

@Suite struct LayerInstructionTests {
    @Test func opacityIsOneBeforeTheFirstValueThenFlatThenRampedThenHeld() throws {
        var layer = LayerInstruction(trackID: 1)
        #expect(layer.opacity(at: t(5)) == 1)
        try layer.setOpacity(0.8, at: t(1))
        try layer.setOpacityRamp(fromStartOpacity: 0.8, toEndOpacity: 0, timeRange: r(3, 7))
        let expected: [(MediaTime, Double)] = [
            (t(0), 1), (t(1), 0.8), (t(2), 0.8), (t(3), 0.8), (t(5), 0.4), (t(6), 0.2), (t(7), 0), (t(100), 0),
        ]
        for (time, opacity) in expected { #expect(abs(layer.opacity(at: time) - opacity) < 1e-12, "at \(time)") }
    }

    @Test func opacityIsClampedAndASecondValueAtTheSameTimeReplacesTheFirst() throws {
        var layer = LayerInstruction(trackID: 1)
        try layer.setOpacity(3, at: t(1))
        #expect(layer.opacity(at: t(1)) == 1)
        try layer.setOpacity(-2, at: t(1))
        #expect(layer.opacity(at: t(1)) == 0)
        #expect(layer.opacityRamps.count == 1)
        try layer.setOpacityRamp(fromStartOpacity: 2, toEndOpacity: 0.5, timeRange: r(2, 3))
        #expect(layer.opacity(at: t(2)) == 1)
    }

    @Test func interpolationUsesExactTimes() throws {
        var layer = LayerInstruction(trackID: 1)
        // One frame of 29.97 fps into a ramp over 1001 frames: exactly 1/1001 of the way.
        let frame = t(1001, 30000)
        try layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: TimeRange(start: .zero, duration: frame * 1001))
        #expect(layer.opacity(at: frame) == 1.0 / 1001.0)
        #expect(layer.opacity(at: frame * 1000) == 1000.0 / 1001.0)
    }

    @Test func opacityRampAtTimeReportsTheRampOrTheNextAndNilPastTheLast() throws {
        var layer = LayerInstruction(trackID: 1)
        #expect(layer.opacityRamp(at: .zero) == nil)
        try layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: r(1, 2))
        try layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: r(5, 6))
        #expect(layer.opacityRamp(at: .zero) == RampSpan(startValue: 0, endValue: 1, timeRange: r(1, 2)))
        #expect(layer.opacityRamp(at: t(3)) == RampSpan(startValue: 1, endValue: 0, timeRange: r(5, 6)))
        #expect(layer.opacityRamp(at: t(11, 2)) == RampSpan(startValue: 1, endValue: 0, timeRange: r(5, 6)))
        #expect(layer.opacityRamp(at: t(6)) == nil)
        #expect(layer.opacity(at: t(3)) == 1)
    }

    @Test func aLaterRampCutsAnEarlierOneShort() throws {
        var layer = LayerInstruction(trackID: 1)
        try layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: r(0, 4))
        try layer.setOpacity(0.1, at: t(2))
        #expect(layer.opacity(at: t(1)) == 0.25)
        #expect(layer.opacity(at: t(3)) == 0.1)
        #expect(layer.opacityRamp(at: t(1)) == RampSpan(startValue: 0, endValue: 0.5, timeRange: r(0, 2)))
    }

    @Test func transformIsIdentityBeforeTheFirstValueInterpolatesComponentwiseAndHolds() throws {
        var layer = LayerInstruction(trackID: 1)
        #expect(layer.transform(at: t(1)) == .identity)
        let start = AffineTransform2D.scale(x: 1, y: 1)
        let end = AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.5, tx: 960, ty: 540)
        try layer.setTransformRamp(fromStart: start, toEnd: end, timeRange: r(2, 4))
        #expect(layer.transform(at: t(1)) == .identity)
        #expect(layer.transform(at: t(3)) == AffineTransform2D(a: 0.75, b: 0, c: 0, d: 0.75, tx: 480, ty: 270))
        #expect(layer.transform(at: t(9)) == end)
        #expect(layer.transformRamp(at: t(4)) == nil)
        try layer.setTransform(.translation(x: 10, y: 20), at: t(10))
        #expect(layer.transform(at: t(10)) == .translation(x: 10, y: 20))
        #expect(layer.transform(at: t(10)).apply(x: 1, y: 1) == (x: 11, y: 21))
    }

    @Test func cropIsInfiniteBeforeTheFirstValueThenInterpolatedAndHeld() throws {
        var layer = LayerInstruction(trackID: 1)
        #expect(layer.cropRectangle(at: t(1)) == .infinite)
        try layer.setCropRectangleRamp(fromStartCropRectangle: Rect(x: 0, y: 0, width: 1920, height: 1080),
                                       toEndCropRectangle: Rect(x: 480, y: 270, width: 960, height: 540),
                                       timeRange: r(1, 3))
        #expect(layer.cropRectangle(at: t(0)) == .infinite)
        #expect(layer.cropRectangle(at: t(2)) == Rect(x: 240, y: 135, width: 1440, height: 810))
        #expect(layer.cropRectangle(at: t(5)) == Rect(x: 480, y: 270, width: 960, height: 540))
        try layer.setCropRectangle(.zero, at: t(6))
        #expect(layer.cropRectangle(at: t(6)) == .zero)
        #expect(layer.cropRectangleRamp(at: t(7))?.timeRange == TimeRange(start: t(6), duration: .positiveInfinity))
    }

    @Test func layerSettersRejectNonNumericTimes() {
        var layer = LayerInstruction(trackID: 4)
        #expect(thrownMessage { try layer.setOpacity(1, at: .indefinite) }
            == "'setOpacity' needs a numeric, non-negative time, got indefinite")
        #expect(thrownMessage { try layer.setTransform(.identity, at: .negativeInfinity) }
            == "'setTransform' needs a numeric, non-negative time, got -inf")
        #expect(thrownMessage { try layer.setCropRectangleRamp(fromStartCropRectangle: .zero, toEndCropRectangle: .zero, timeRange: .invalid) }
            == "'setCropRectangleRamp' needs a valid numeric time range, got invalid range (start invalid, duration invalid)")
        #expect(thrownMessage { try layer.setOpacity(.nan, at: .zero) } == "'opacity' must be a finite number, got nan")
        #expect(layer == LayerInstruction(trackID: 4))
    }
}
