import Composition
import Foundation
import MediaCore
import Testing

/// CSS timing functions, eased ramps and the transition effect in the model, and their JSON.
@Suite struct TimingFunctionTests {
    static let named: [(TimingFunction, String)] = [
        (.linear, "linear"), (.ease, "ease"), (.easeIn, "ease-in"), (.easeOut, "ease-out"), (.easeInOut, "ease-in-out"),
        (.cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1), "cubic-bezier(0.34, 1.56, 0.64, 1)"),
    ]

    @Test(arguments: 0..<named.count)
    func cssTextRoundTrips(index: Int) {
        let (function, text) = Self.named[index]
        #expect(function.description == text)
        #expect(TimingFunction(css: text) == function)
        #expect(function.progress(0) == 0)
        #expect(function.progress(1) == 1)
        #expect(function.progress(-0.5) == 0)
        #expect(function.progress(2) == 1)
    }

    @Test(arguments: ["", "ease-sideways", "cubic-bezier(1.2, 0, 0.5, 1)", "cubic-bezier(0, 0, 1)",
                      "cubic-bezier(0, nan, 1, 1)", "cubic-bezier(a, 0, 1, 1)", "steps(4)"])
    func badCSSTextIsRefused(text: String) {
        #expect(TimingFunction(css: text) == nil)
    }

    @Test func spacesInsideABezierAreFree() {
        #expect(TimingFunction(css: " cubic-bezier( 0.42 ,0, 0.58 , 1 ) ") == .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    }

    @Test func easeInOutIsAtItsMidpointAtHalfTimeAndSlowerThanLinearNearTheEnds() {
        let curve = TimingFunction.easeInOut
        #expect(abs(curve.progress(0.5) - 0.5) < 1e-12)
        for x in [0.05, 0.1, 0.2] {
            #expect(curve.progress(x) < x, "start \(x)")
            #expect(curve.progress(1 - x) > 1 - x, "end \(x)")
        }
        // Symmetric about the midpoint.
        #expect(abs(curve.progress(0.3) + curve.progress(0.7) - 1) < 1e-12)
    }

    @Test func namedCurvesMatchTheirCSSBeziers() {
        // Reference values of CSS's curves, solved by bisection to double precision.
        #expect(abs(TimingFunction.easeIn.progress(0.5) - 0.3153568) < 1e-6)
        #expect(abs(TimingFunction.easeOut.progress(0.5) - 0.6846432) < 1e-6)
        #expect(abs(TimingFunction.ease.progress(0.25) - 0.4085106) < 1e-6)
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(abs(TimingFunction.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1).progress(x) - x) < 1e-9)
        }
    }

    @Test func anOvershootingBezierLeavesZeroToOne() {
        let pop = TimingFunction.cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).map(pop.progress).max() ?? 0
        #expect(peak > 1.05)
    }

    @Test func easedRampsFollowTheirCurveFromTheExactFraction() throws {
        var layer = LayerInstruction(trackID: 1)
        try layer.setTransformRamp(fromStart: .identity, toEnd: .scale(x: 3, y: 3), timeRange: r(1, 3),
                                   timingFunction: .easeInOut)
        #expect(layer.transform(at: t(2)).a == 2)
        #expect(layer.transform(at: t(1)) == .identity)
        #expect(layer.transform(at: t(3)) == .scale(x: 3, y: 3))
        // A tenth in: eased progress is below a tenth.
        let early = layer.transform(at: t(6, 5)).a
        #expect(early > 1 && early < 1.2)
        try layer.setOpacityRamp(fromStartOpacity: 0, toEndOpacity: 1, timeRange: r(0, 1),
                                 timingFunction: .cubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1))
        #expect(layer.opacity(at: t(7, 10)) == 1, "an overshoot is clamped to 1")
        try layer.setCropRectangleRamp(fromStartCropRectangle: Rect(x: 0, y: 0, width: 10, height: 10),
                                       toEndCropRectangle: Rect(x: 0, y: 0, width: 20, height: 10), timeRange: r(0, 2),
                                       timingFunction: .easeIn)
        #expect(abs(layer.cropRectangle(at: t(1)).width - (10 + 10 * TimingFunction.easeIn.progress(0.5))) < 1e-12)
        #expect(layer.transformRamp(at: t(2))?.timingFunction == .easeInOut)
    }

    @Test func linearRampsKeepTheirJSONAndEasedOnesNameTheirCurve() throws {
        let linear = Ramp(from: 0.0, to: 1.0, timeRange: r(0, 1))
        let eased = Ramp(from: 0.0, to: 1.0, timeRange: r(0, 1), timingFunction: .cubicBezier(x1: 0.1, y1: -0.5, x2: 0.9, y2: 1.5))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let linearText = String(decoding: try encoder.encode(linear), as: UTF8.self)
        #expect(!linearText.contains("timingFunction"))
        let easedData = try encoder.encode(eased)
        #expect(String(decoding: easedData, as: UTF8.self).contains(#""timingFunction":"cubic-bezier(0.1, -0.5, 0.9, 1.5)""#))
        #expect(try JSONDecoder().decode(Ramp<Double>.self, from: easedData) == eased)
        #expect(try JSONDecoder().decode(Ramp<Double>.self, from: Data(linearText.utf8)) == linear)
        #expect(try encoder.encode(try JSONDecoder().decode(Ramp<Double>.self, from: easedData)) == easedData)
    }

    @Test func instructionsWithEffectsRoundTripAndOthersKeepTheirJSON() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 2), of: [videoSource("a.mov")], at: .zero)
        let added = composition.addMutableTrack(withMediaType: .video)
        let second = try #require(added)
        try composition.modifyTrack(second) { try $0.insertTimeRange(r(0, 2), of: videoSource("b.mov"), at: .zero) }
        var video = VideoComposition.make(propertiesOf: composition)
        let plain = try video.jsonData()
        #expect(!String(decoding: plain, as: UTF8.self).contains("transitionEffect"))
        let kinds: [VideoTransitionEffect.Kind] = [
            .wipe(angle: 45), .iris(closing: true), .clock, .luma(image: media("heart.png")), .blur,
            .dip(color: Color(red: 1, green: 1, blue: 1)),
        ]
        for kind in kinds {
            video.instructions[0].transitionEffect = VideoTransitionEffect(
                kind: kind, outgoingTrackID: 1, incomingTrackID: second, timeRange: r(0, 2), timingFunction: .easeOut,
                softness: 0.1)
            let data = try video.jsonData()
            let decoded = try VideoComposition(jsonData: data)
            #expect(decoded == video)
            #expect(try decoded.jsonData() == data)
            #expect(video.problems(for: composition).isEmpty)
        }
    }

    @Test func effectProgressIsEasedAndHeldOutsideItsRange() {
        let effect = VideoTransitionEffect(kind: .clock, outgoingTrackID: 1, incomingTrackID: 2, timeRange: r(2, 4),
                                           timingFunction: .easeInOut)
        #expect(effect.progress(at: t(1)) == 0)
        #expect(abs(effect.progress(at: t(3)) - 0.5) < 1e-12)
        #expect(effect.progress(at: t(5, 2)) < 0.25)
        #expect(effect.progress(at: t(4)) == 1)
        #expect(effect.isActive(at: t(2)) && !effect.isActive(at: t(4)))
    }

    @Test func effectsMustJoinTwoLayersOfTheirInstruction() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 2), of: [videoSource("a.mov")], at: .zero)
        var video = VideoComposition.make(propertiesOf: composition)
        video.instructions[0].transitionEffect = VideoTransitionEffect(
            kind: .blur, outgoingTrackID: 1, incomingTrackID: 7, timeRange: TimeRange(start: t(1), duration: .zero),
            softness: 2)
        #expect(video.problems(for: composition).map(\.description) == [
            "instruction 0 has a transition effect with an invalid or empty time range [1/1, 1/1)",
            "instruction 0 has a transition effect for track 7, which needs a layer of its own in that instruction; "
                + "an effect joins two different layers",
            "'softness' must be from 0.0 to 1.0, got 2.0",
        ])
    }
}
