import Composition
import MediaCore
@testable import Render
import TextLayout
import Testing

/// How a text layer shows at an instant: the phases of its entrance and exit, and motion, worked out on a 640 x 360
/// frame before anything is drawn.
struct TextFrameStateTests {
    static let frame = PlacedBlock.Geometry(width: 640, height: 360, scaleX: 1, scaleY: 1)

    static func state(_ layer: TextLayer, at time: MediaTime, revealable: Int = 3) -> TextFrameState {
        TextFrameState(PlacedBlock(layer, frame: frame), at: time, frame: frame, revealable: revealable)
    }

    @Test func aSlideEntersAHoldHoldsAndAFadeLeaves() {
        let layer = TextLayer(text: "Hi", timeRange: TimeRange(start: seconds(1), duration: seconds(2)),
                              placement: .anchored(.center), animation: .slide(from: .left, duration: seconds(1, 2)),
                              exit: .fade(duration: seconds(1, 4)))
        // A quarter into the slide, three quarters of a frame width left of the centre.
        let sliding = Self.state(layer, at: seconds(9, 8))
        #expect(sliding.x == 320 - 480 && sliding.y == 180 && sliding.opacity == 1)
        let holding = Self.state(layer, at: seconds(2))
        #expect(holding.x == 320 && holding.opacity == 1 && holding.pose == TextPose(column: 1, row: 1))
        // Half way through the fade.
        #expect(abs(Self.state(layer, at: seconds(23, 8)).opacity - 0.5) < 1e-9)
    }

    @Test func aTypewriterExitDeletesFromTheLastClusterAndLongAnimationsShareTheLayer() {
        let layer = TextLayer(text: "abc", timeRange: TimeRange(start: .zero, duration: seconds(1)),
                              animation: .pop(duration: seconds(3)), exit: .typewriter(duration: seconds(1)))
        // 3 s and 1 s of animation in a 1 s layer: 750 ms of pop, then 250 ms of deleting.
        let popping = Self.state(layer, at: seconds(45, 100))
        #expect(abs(popping.pose.a - 1.15) < 1e-9 && popping.pose.a == popping.pose.d && popping.pose.revealed == nil)
        let steps = [750, 834, 917].map { Self.state(layer, at: MediaTime(value: $0, timescale: 1000)).pose.revealed }
        #expect(steps == [3, 2, 1])
    }

    @Test func wipesClipToTheUncoveredPartAndZoomsScaleWithAFade() {
        let region = Rect(x: 100, y: 50, width: 200, height: 100)
        let wiping = TextLayer(text: "a", timeRange: TimeRange(start: .zero, duration: seconds(1)),
                               placement: .anchored(.top), animation: .wipe(toward: .right, duration: seconds(1, 2)),
                               exit: .zoom(duration: seconds(1, 2)))
        #expect(Self.state(wiping, at: seconds(1, 4)).clip == Rect(x: 0, y: 0, width: 320, height: 360))
        let zooming = Self.state(wiping, at: seconds(3, 4))
        #expect(zooming.pose.a == 0.75 && zooming.opacity == 0.5)
        let covering = TextLayer(text: "b", timeRange: TimeRange(start: .zero, duration: seconds(1)),
                                 placement: .region(region), exit: .wipe(toward: .top, duration: seconds(1)))
        #expect(Self.state(covering, at: seconds(1, 4)).clip == Rect(x: 100, y: 50, width: 200, height: 75))
    }

    @Test func motionMovesTurnsFadesAndCropsAboutTheAnchor() throws {
        // A quarter turn clockwise about the centre, half opaque, cropped to the left half of the frame.
        var motion = LayerInstruction(trackID: 0)
        try motion.setTransform(AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 500, ty: -140), at: .zero)
        try motion.setOpacity(0.5, at: .zero)
        try motion.setCropRectangle(Rect(x: 0, y: 0, width: 320, height: 360), at: .zero)
        var layer = TextLayer(text: "Hi", timeRange: TimeRange(start: .zero, duration: seconds(1)),
                              placement: .anchored(.center))
        layer.motion = motion
        let state = Self.state(layer, at: seconds(1, 2))
        #expect(state.x == 320 && state.y == 180 && state.opacity == 0.5)
        #expect((state.pose.a, state.pose.b, state.pose.c, state.pose.d) == (0, 1, -1, 0))
        let clip = try #require(state.pose.clip)
        #expect(clip.x == -320 && clip.y == -180 && clip.width == 320 && clip.height == 360)
    }
}
