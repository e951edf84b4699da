import Foundation
import MediaTestSupport
import OpenAVFoundation
import Testing

/// `AVVideoCompositionCoreAnimationTool` as watermark code uses it: a text layer in a layer tree over the video,
/// exported and read back with ffmpeg's pixels.
@Suite struct CoreAnimationToolTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    /// Exports the red clip with `text` in a tree whose parent is flipped when `flipped` and masks to rounded corners
    /// of `parentCornerRadius` when it is not 0; returns the file.
    func export(_ text: CALayer, flipped: Bool = false, extra: CALayer? = nil,
                videoOpacity: Float = 1, parentCornerRadius: CGFloat = 0) async throws -> URL {
        let asset = AVURLAsset(url: fixtures.red)
        let videoComposition = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset)
        let size = videoComposition.renderSize
        let parent = CALayer(), video = CALayer()
        parent.frame = CGRect(origin: .zero, size: size)
        video.frame = parent.frame
        video.opacity = videoOpacity
        parent.isGeometryFlipped = flipped
        parent.cornerRadius = parentCornerRadius
        parent.masksToBounds = parentCornerRadius > 0
        parent.addSublayer(video)
        parent.addSublayer(text)
        if let extra { parent.addSublayer(extra) }
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: video,
                                                                            in: parent)
        let session = try #require(AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality))
        session.videoComposition = videoComposition
        let output = try fixtures.output("core-animation")
        try await session.export(to: output, as: .mp4)
        return output
    }

    /// White full blocks, 24 px, in a 100x30 layer 10 px from the left and bottom edges.
    func blocks(opacity: Float = 1) -> CATextLayer {
        let text = CATextLayer()
        text.string = "█████"
        text.fontSize = 24
        text.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        text.frame = CGRect(x: 10, y: 10, width: 100, height: 30)
        text.opacity = opacity
        return text
    }

    @Test func textLayersAreDrawnWhereTheirFramesSayFromTheBottomLeft() async throws {
        // Bottom-left origin: the layer covers rows 80 to 110 of the 120-row picture.
        let output = try await export(blocks())
        #expect(near(try color(output, frame: 15, x: 16, y: 92), (255, 255, 255)))
        #expect(near(try color(output, frame: 15, x: 16, y: 22), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 130, y: 92), (255, 0, 0)))
        // A flipped parent puts the origin at the top left: rows 10 to 40.
        let flipped = try await export(blocks(), flipped: true)
        #expect(near(try color(flipped, frame: 15, x: 16, y: 22), (255, 255, 255)))
        #expect(near(try color(flipped, frame: 15, x: 16, y: 92), (255, 0, 0)))
        // Half opacity: white over red at half strength.
        let faded = try await export(blocks(opacity: 0.5))
        #expect(near(try color(faded, frame: 15, x: 16, y: 92), (255, 128, 128), tolerance: 16))
    }

    @Test func backgroundColoursAreDrawnUnderTheText() async throws {
        // A half-transparent black badge at the bottom right, and the text layer's own green background.
        let badge = CALayer()
        badge.frame = CGRect(x: 120, y: 0, width: 40, height: 40)
        badge.backgroundColor = CGColor(gray: 0, alpha: 0.5)
        let text = blocks()
        text.string = "█"
        text.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let output = try await export(text, extra: badge)
        #expect(near(try color(output, frame: 15, x: 140, y: 100), (128, 0, 0), tolerance: 16))
        #expect(near(try color(output, frame: 15, x: 16, y: 92), (255, 255, 255)))
        #expect(near(try color(output, frame: 15, x: 80, y: 92), (0, 255, 0)))
        #expect(near(try color(output, frame: 15, x: 80, y: 40), (255, 0, 0)))
    }

    @Test func opacityAnimationsFadeTextAndBackgroundsAsCoreAnimationTimesThem() async throws {
        // The text fades in over the whole second and keeps its last value; the badge fades out over the first half
        // and, removed on completion, shows at its own opacity again afterwards.
        let text = blocks()
        let fadeIn = CABasicAnimation(keyPath: "opacity")
        fadeIn.fromValue = 0.0
        fadeIn.toValue = 1.0
        fadeIn.beginTime = AVCoreAnimationBeginTimeAtZero
        fadeIn.duration = 1
        fadeIn.fillMode = .forwards
        fadeIn.isRemovedOnCompletion = false
        text.add(fadeIn, forKey: "fade")
        let badge = CALayer()
        badge.frame = CGRect(x: 120, y: 0, width: 40, height: 40)
        badge.backgroundColor = CGColor(gray: 0, alpha: 0.5)
        let fadeOut = CABasicAnimation(keyPath: "opacity")
        fadeOut.fromValue = 1
        fadeOut.toValue = 0
        fadeOut.beginTime = AVCoreAnimationBeginTimeAtZero
        fadeOut.duration = 0.5
        badge.add(fadeOut, forKey: nil)
        let output = try await export(text, extra: badge)
        #expect(near(try color(output, frame: 0, x: 16, y: 92), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 16, y: 92), (255, 128, 128), tolerance: 20))
        #expect(near(try color(output, frame: 29, x: 16, y: 92), (255, 247, 247), tolerance: 16))
        // The badge at 0.233 s: opacity 0.53, so a quarter of black over red; from 0.5 s on, half.
        #expect(near(try color(output, frame: 7, x: 140, y: 100), (187, 0, 0), tolerance: 20))
        #expect(near(try color(output, frame: 20, x: 140, y: 100), (128, 0, 0), tolerance: 16))
    }

    /// A linear `keyPath` animation from `from` to `to` over the first second, kept at its end.
    func move(_ keyPath: String, from: Any, to: Any) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.beginTime = AVCoreAnimationBeginTimeAtZero
        animation.duration = 1
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        return animation
    }

    @Test func positionAnimationsMoveBackgroundsAndTextAsTheirCoordinatesSay() async throws {
        // A green 20x20 badge at the bottom left moving right by 140 px over the second; the text moving right by
        // 60 px with "position.x".
        let badge = CALayer()
        badge.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        badge.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        badge.add(move("position", from: NSValue(point: CGPoint(x: 10, y: 10)), to: CGPoint(x: 150, y: 10)),
                  forKey: "slide")
        let text = blocks()
        text.add(move("position.x", from: 60, to: 120), forKey: nil)
        let output = try await export(text, extra: badge)
        #expect(near(try color(output, frame: 0, x: 10, y: 110), (0, 255, 0)))
        #expect(near(try color(output, frame: 15, x: 80, y: 110), (0, 255, 0)))
        #expect(near(try color(output, frame: 15, x: 10, y: 110), (255, 0, 0)))
        #expect(near(try color(output, frame: 29, x: 145, y: 110), (0, 255, 0)))
        #expect(near(try color(output, frame: 0, x: 16, y: 92), (255, 255, 255)))
        #expect(near(try color(output, frame: 29, x: 16, y: 92), (255, 0, 0)))
        #expect(near(try color(output, frame: 29, x: 100, y: 92), (255, 255, 255)))
        // Under a flipped parent y grows downwards: "position.y" from 10 to 110 takes the badge from the top down.
        let falling = CALayer()
        falling.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        falling.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        falling.add(move("position.y", from: 10, to: 110), forKey: nil)
        let flipped = try await export(CALayer(), flipped: true, extra: falling)
        #expect(near(try color(flipped, frame: 0, x: 10, y: 10), (0, 255, 0)))
        #expect(near(try color(flipped, frame: 15, x: 10, y: 60), (0, 255, 0)))
        #expect(near(try color(flipped, frame: 15, x: 10, y: 10), (255, 0, 0)))
    }

    /// A 20x20 badge of `gray` at (`x`, `y`) from the bottom left.
    private func badge(x: CGFloat, y: CGFloat, gray: CGFloat = 0) -> CALayer {
        let badge = CALayer()
        badge.frame = CGRect(x: x, y: y, width: 20, height: 20)
        badge.backgroundColor = CGColor(gray: gray, alpha: 1)
        return badge
    }

    @Test func keyframesRepetitionsAndReversalsAreTimedAsCoreAnimationTimesThem() async throws {
        // Black badges over red, so a pixel's red is 255 times one minus the opacity. Bottom left: opacity through
        // 0, 1 and 0.5 at even key times over the second.
        let keyed = badge(x: 0, y: 0)
        let opacity = CAKeyframeAnimation(keyPath: "opacity")
        opacity.values = [0, 1, 0.5]
        opacity.duration = 1
        opacity.beginTime = AVCoreAnimationBeginTimeAtZero
        keyed.add(opacity, forKey: nil)
        // Bottom right: a pulse from 1 to 0 in a quarter second and back, for ever.
        let pulsing = badge(x: 140, y: 0)
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1
        pulse.toValue = 0
        pulse.duration = 0.25
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.beginTime = AVCoreAnimationBeginTimeAtZero
        pulsing.add(pulse, forKey: nil)
        // Rows 50 to 70: a white badge jumping between three places, a third of 0.9 s at each, then back at its own.
        let jumping = badge(x: 0, y: 50, gray: 1)
        let jumps = CAKeyframeAnimation(keyPath: "position.x")
        jumps.values = [10, 80, 150]
        jumps.calculationMode = .discrete
        jumps.duration = 0.9
        jumps.beginTime = AVCoreAnimationBeginTimeAtZero
        jumping.add(jumps, forKey: nil)
        let group = CALayer()
        group.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        [keyed, pulsing, jumping].forEach(group.addSublayer)
        let output = try await export(CALayer(), extra: group)
        let expectations: [(frame: Int, x: Int, y: Int, red: Int)] = [
            (7, 10, 110, 119),   // 0.233 s: 0.467 of the way to 1
            (15, 10, 110, 0),    // 0.5 s: 1
            (22, 10, 110, 60),   // 0.733 s: 0.767 on the way down to 0.5
            (0, 150, 110, 0),    // the pulse at 1
            (7, 150, 110, 238),  // 0.233 s: nearly 0
            (11, 150, 110, 136), // 0.367 s: coming back, 0.467
            (15, 150, 110, 0),   // 0.5 s: the second pulse starts at 1
        ]
        for (frame, x, y, red) in expectations {
            let seen = try color(output, frame: frame, x: x, y: y)
            #expect(near(seen, (red, 0, 0), tolerance: 16), "frame \(frame) at \(x),\(y): \(seen)")
        }
        for (frame, x) in [(5, 10), (14, 80), (24, 150), (28, 10)] {
            #expect(near(try color(output, frame: frame, x: x, y: 60), (255, 255, 255)), "frame \(frame)")
        }
        #expect(near(try color(output, frame: 14, x: 10, y: 60), (255, 0, 0)))
    }

    @Test func groupsTimeTheirAnimationsFromTheirOwnStart() async throws {
        // A black badge, invisible on its own, whose group (0.2 s to 0.7 s, kept at its end) fades it in over a
        // quarter second and moves it right by 60 px (a byValue) over the half second.
        let moved = badge(x: 0, y: 0)
        moved.opacity = 0
        let fade = move("opacity", from: 0, to: 1)
        fade.duration = 0.25
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.byValue = 60
        slide.duration = 0.5
        slide.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        let group = CAAnimationGroup()
        group.animations = [fade, slide]
        group.beginTime = 0.2
        group.duration = 0.5
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        moved.add(group, forKey: "enter")
        let output = try await export(CALayer(), extra: moved)
        let expectations: [(frame: Int, x: Int, red: Int)] = [
            (3, 10, 255),   // 0.1 s: before the group, the badge's own opacity 0
            (10, 26, 119),  // 0.333 s: 0.533 opaque, 16 px along
            (18, 58, 0),    // 0.6 s: opaque, 48 px along
            (18, 10, 255),
            (27, 70, 0),    // 0.9 s: the group's end kept: 60 px along, opaque
        ]
        for (frame, x, red) in expectations {
            let seen = try color(output, frame: frame, x: x, y: 110)
            #expect(near(seen, (red, 0, 0), tolerance: 16), "frame \(frame) at \(x): \(seen)")
        }
    }

    @Test func bordersAreDrawnInsideTheFrameOverTheLayer() async throws {
        let framed = CALayer()
        framed.frame = CGRect(x: 120, y: 0, width: 40, height: 40)
        framed.borderWidth = 4
        framed.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let output = try await export(CALayer(), extra: framed)
        for (x, y, expected) in [(122, 100, (255, 255, 255)), (140, 82, (255, 255, 255)), (140, 118, (255, 255, 255)),
                                 (157, 100, (255, 255, 255)), (140, 100, (255, 0, 0)), (110, 100, (255, 0, 0))] {
            let seen = try color(output, frame: 15, x: x, y: y)
            #expect(near(seen, expected), "\(x),\(y): \(seen)")
        }
        // Corners of 12 px: the top-left arc is centred at (132, 92), the border's inner arc (12 - 4 px) too.
        // (121, 81) lies 15.6 px from the centre (outside), (125, 85) 9.9 px (on the border), (128, 88) 5.7 px
        // (inside, where the video shows through the outline).
        framed.cornerRadius = 12
        let rounded = try await export(CALayer(), extra: framed)
        for (x, y, expected) in [(121, 81, (255, 0, 0)), (125, 85, (255, 255, 255)), (128, 88, (255, 0, 0)),
                                 (122, 100, (255, 255, 255)), (140, 82, (255, 255, 255)), (140, 100, (255, 0, 0)),
                                 (158, 118, (255, 0, 0)), (155, 115, (255, 255, 255))] {
            let seen = try color(rounded, frame: 15, x: x, y: y)
            #expect(near(seen, expected), "rounded \(x),\(y): \(seen)")
        }
        // Over a rounded background of another colour, as Core Animation draws it: the band over the background.
        framed.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        framed.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        let card = try await export(CALayer(), extra: framed)
        for (x, y, expected) in [(121, 81, (255, 0, 0)), (125, 85, (128, 128, 255)), (128, 88, (0, 0, 255)),
                                 (122, 100, (128, 128, 255)), (140, 100, (0, 0, 255))] {
            let seen = try color(card, frame: 15, x: x, y: y)
            #expect(near(seen, expected, tolerance: 24), "card \(x),\(y): \(seen)")
        }
    }

    @Test func transformsTurnAndScaleLayersAboutTheirAnchorPoints() async throws {
        // A white 40x20 badge centred at (80, 60), turned a quarter (counter-clockwise in Core Animation's y-up
        // coordinates): 20 wide and 40 tall about its centre.
        let turned = badge(x: 60, y: 50, gray: 1)
        turned.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        turned.position = CGPoint(x: 80, y: 60)
        turned.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        // The same badge with its anchor at its bottom-left corner (60, 50), turned about that corner: it stands
        // from x 40 to 60 and y 50 to 90 in Core Animation's coordinates.
        let cornered = badge(x: 0, y: 0, gray: 1)
        cornered.anchorPoint = .zero
        cornered.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        cornered.position = CGPoint(x: 60, y: 50)
        cornered.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The text turned half a turn about its frame's centre: from its left end to its right.
        let text = blocks()
        text.transform = CATransform3DMakeRotation(.pi, 0, 0, 1)
        let first = try await export(text, extra: turned)
        let expectations: [(x: Int, y: Int, color: (Int, Int, Int))] = [
            (80, 45, (255, 255, 255)), (80, 75, (255, 255, 255)), (65, 60, (255, 0, 0)), (95, 60, (255, 0, 0)),
            (100, 95, (255, 255, 255)), (15, 95, (255, 0, 0)),
        ]
        for (x, y, expected) in expectations {
            let seen = try color(first, frame: 15, x: x, y: y)
            #expect(near(seen, expected), "\(x),\(y): \(seen)")
        }
        let second = try await export(CALayer(), extra: cornered)
        #expect(near(try color(second, frame: 15, x: 50, y: 40), (255, 255, 255)))
        #expect(near(try color(second, frame: 15, x: 80, y: 60), (255, 0, 0)))
        // Perspective cannot be drawn.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        cornered.transform = CATransform3DRotate(perspective, .pi / 4, 0, 1, 0)
        await #expect { _ = try await export(CALayer(), extra: cornered) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[2]: a transform out of the "
                + "layer's plane (perspective) is not drawn here"
        }
    }

    @Test func scaleAndRotationAnimationsTurnAndGrowLayersFrameByFrame() async throws {
        // A white 40x20 badge centred at (80, 60) turning a quarter over the second; a white 20x20 badge centred at
        // (20, 100) growing to twice its size.
        let turning = badge(x: 60, y: 50, gray: 1)
        turning.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        turning.position = CGPoint(x: 80, y: 60)
        turning.add(move("transform.rotation.z", from: 0, to: Double.pi / 2), forKey: "turn")
        let growing = badge(x: 10, y: 10, gray: 1)
        growing.add(move("transform.scale", from: 1, to: 2), forKey: "grow")
        let output = try await export(growing, extra: turning)
        let expectations: [(frame: Int, x: Int, y: Int, color: (Int, Int, Int))] = [
            (0, 95, 60, (255, 255, 255)), (0, 80, 45, (255, 0, 0)),
            (29, 80, 45, (255, 255, 255)), (29, 95, 60, (255, 0, 0)),
            (0, 36, 100, (255, 0, 0)), (29, 36, 100, (255, 255, 255)), (29, 20, 83, (255, 255, 255)),
        ]
        for (frame, x, y, expected) in expectations {
            let seen = try color(output, frame: frame, x: x, y: y)
            #expect(near(seen, expected), "frame \(frame) at \(x),\(y): \(seen)")
        }
        growing.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        await #expect { _ = try await export(growing) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[1]: a 'transform.scale' "
                + "animation on a layer with a transform of its own is not drawn here"
        }
    }

    @Test func anAnimatedLayerMovesAndFadesItsSublayersWithIt() async throws {
        // A lower third: a 160x30 layer at the bottom holding a black box (its left half) and the text, sliding in
        // from the left by its width over the second and fading in over the first half of it.
        let third = CALayer()
        third.frame = CGRect(x: 0, y: 0, width: 160, height: 30)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 80, height: 30)
        box.backgroundColor = CGColor(gray: 0, alpha: 1)
        let text = blocks()
        text.frame = CGRect(x: 90, y: 0, width: 70, height: 30)
        text.string = "██"
        third.addSublayer(box)
        third.addSublayer(text)
        third.add(move("position.x", from: -80, to: 80), forKey: "slide")
        let fade = move("opacity", from: 0, to: 1)
        fade.duration = 0.5
        third.add(fade, forKey: "fade")
        let output = try await export(CALayer(), extra: third)
        // At 0.5 s the layer has moved 80 of its 160 px: the box spans -80 to 0, off the picture, and the text
        // (two blocks, about 35 px) starts at 10.
        #expect(near(try color(output, frame: 15, x: 60, y: 105), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 20, y: 105), (255, 255, 255)))
        // At the end the box is in place, fully opaque, and the text from 90.
        #expect(near(try color(output, frame: 29, x: 30, y: 105), (0, 0, 0), tolerance: 16))
        #expect(near(try color(output, frame: 29, x: 100, y: 105), (255, 255, 255)))
        #expect(near(try color(output, frame: 29, x: 30, y: 60), (255, 0, 0)))
        // At 0.267 s (moved 43 px, the text from -27 to 8) the fade is at 0.53: white over red at that strength.
        #expect(near(try color(output, frame: 8, x: 4, y: 105), (255, 136, 136), tolerance: 16))
        #expect(near(try color(output, frame: 8, x: 30, y: 105), (255, 0, 0)))
        // An animated layer inside it cannot be drawn.
        text.add(move("position.x", from: 0, to: 1), forKey: nil)
        await #expect { _ = try await export(CALayer(), extra: third) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[2].sublayers[1]: an animated "
                + "layer inside an animated layer is not drawn here; animate one of them"
        }
    }

    /// A 40x20 PNG, opaque green on its left half and transparent on its right, read with ImageIO's calls.
    func logo() throws -> CGImage {
        let file = try fixtures.halfGreenLogo()
        let source = try #require(CGImageSourceCreateWithURL(file as CFURL, nil))
        return try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }

    /// `layer` with corners of 6 px.
    private func rounded(_ layer: CALayer) -> CALayer {
        layer.cornerRadius = 6
        return layer
    }

    /// A layer showing `picture` in `frame` with `gravity`.
    func pictureLayer(_ picture: Any, frame: CGRect, gravity: CALayerContentsGravity = .resize,
                      masks: Bool = false, opacity: Float = 1) -> CALayer {
        let layer = CALayer()
        layer.contents = picture
        layer.frame = frame
        layer.contentsGravity = gravity
        layer.masksToBounds = masks
        layer.opacity = opacity
        return layer
    }

    @Test func picturesReadFromFilesAreDrawnWithTheirTransparency() async throws {
        // The logo in a 40x20 frame 10 px from the bottom left: rows 90 to 110, its green half columns 10 to 30.
        let logo = try logo()
        let output = try await export(CALayer(), extra: pictureLayer(logo, frame: CGRect(x: 10, y: 10, width: 40,
                                                                                           height: 20)))
        #expect(near(try color(output, frame: 15, x: 20, y: 100), (0, 255, 0)))
        #expect(near(try color(output, frame: 15, x: 40, y: 100), (255, 0, 0)))
        #expect(near(try color(output, frame: 15, x: 20, y: 80), (255, 0, 0)))
        // At half opacity, half green over red.
        let faded = try await export(CALayer(), extra: pictureLayer(logo, frame: CGRect(x: 10, y: 10, width: 40,
                                                                                          height: 20), opacity: 0.5))
        #expect(near(try color(faded, frame: 15, x: 20, y: 100), (128, 128, 0), tolerance: 16))
    }

    @Test func contentsGravityFitsThePictureAndMasksToBoundsCutsIt() async throws {
        let logo = try logo()
        // resizeAspect in an 80x20 frame: the 40x20 picture in its middle, columns 30 to 70 (green to 50).
        let aspect = try await export(CALayer(), extra: pictureLayer(logo, frame: CGRect(x: 10, y: 10, width: 80,
                                                                                           height: 20),
                                                                     gravity: .resizeAspect))
        #expect(near(try color(aspect, frame: 15, x: 40, y: 100), (0, 255, 0)))
        #expect(near(try color(aspect, frame: 15, x: 20, y: 100), (255, 0, 0)))
        // resizeAspectFill in a 40x10 frame (rows 100 to 110): 40x20 centred, so it overflows by 5 rows each side
        // unless masksToBounds cuts it.
        let frame = CGRect(x: 10, y: 10, width: 40, height: 10)
        let spilling = try await export(CALayer(), extra: pictureLayer(logo, frame: frame, gravity: .resizeAspectFill))
        #expect(near(try color(spilling, frame: 15, x: 20, y: 97), (0, 255, 0)))
        let cut = try await export(CALayer(), extra: pictureLayer(logo, frame: frame, gravity: .resizeAspectFill,
                                                                  masks: true))
        #expect(near(try color(cut, frame: 15, x: 20, y: 97), (255, 0, 0)))
        #expect(near(try color(cut, frame: 15, x: 20, y: 105), (0, 255, 0)))
    }

    @Test func roundedCornersRoundBackgroundsAndThePicturesTheirBoundsCut() async throws {
        // A white 60x60 card 20 px from the bottom left (columns 20 to 80, rows 40 to 100), corners of 20 px: the
        // top-left arc is centred at (40, 60), the bottom-right one at (60, 80).
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        card.cornerRadius = 20
        let rounded = try await export(CALayer(), extra: card)
        let (white, red) = ((255, 255, 255), (255, 0, 0))
        for (x, y, expected) in [(23, 43, red), (77, 97, red), (30, 50, white), (21, 70, white), (50, 41, white),
                                 (50, 70, white), (18, 70, red)] {
            #expect(near(try color(rounded, frame: 15, x: x, y: y), expected), "\(x),\(y)")
        }
        card.cornerRadius = 0
        #expect(near(try color(try await export(CALayer(), extra: card), frame: 15, x: 23, y: 43), white))
        // The green half of the 40x20 logo (columns 10 to 30, rows 90 to 110) with 8 px corners: cut only with
        // masksToBounds, as Core Animation cuts contents.
        let logo = try logo()
        let frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        let layer = pictureLayer(logo, frame: frame, masks: true)
        layer.cornerRadius = 8
        let cut = try await export(CALayer(), extra: layer)
        #expect(near(try color(cut, frame: 15, x: 11, y: 91), red))
        #expect(near(try color(cut, frame: 15, x: 11, y: 100), (0, 255, 0)))
        #expect(near(try color(cut, frame: 15, x: 20, y: 91), (0, 255, 0)))
        layer.masksToBounds = false
        #expect(near(try color(try await export(CALayer(), extra: layer), frame: 15, x: 11, y: 91), (0, 255, 0)))
    }

    @Test func layersThatCannotBeDrawnFailTheExportAndSayWhich() async throws {
        let frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let generated = try AVAssetImageGenerator(asset: AVURLAsset(url: fixtures.red)).copyCGImage(at: .zero,
                                                                                                   actualTime: nil)
        let refusals: [(CALayer, String)] = [
            (pictureLayer("a picture", frame: frame), "a layer's contents is a CGImage, not String"),
            (pictureLayer(generated, frame: frame), "a picture made in memory (by an image generator or a bitmap "
                + "context) is not drawn here; read it from a file with CGImageSource"),
            (pictureLayer(try logo(), frame: frame, gravity: .top), "contentsGravity 'top' is not drawn here; the "
                + "gravities drawn are resize, resizeAspect, resizeAspectFill and center"),
            (rounded(pictureLayer(try logo(), frame: CGRect(x: 0, y: 0, width: 80, height: 20), gravity: .resizeAspect,
                                  masks: true)),
             "a picture that does not fill its rounded layer is not cut to the corners here; give it "
                + "contentsGravity resize or resizeAspectFill"),
        ]
        for (layer, problem) in refusals {
            await #expect { _ = try await export(blocks(), extra: layer) } throws: { error in
                "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[2]: " + problem
            }
        }
        let recoloured = blocks()
        recoloured.add(CABasicAnimation(keyPath: "backgroundColor"), forKey: "tint")
        await #expect { _ = try await export(recoloured) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[1]: CABasicAnimation of "
                + "'backgroundColor' is not drawn here; the animations drawn are of \"opacity\", \"position\" "
                + "(or \"position.x\", \"position.y\"), \"transform.scale\" and \"transform.rotation\""
        }
        let pointless = blocks()
        pointless.add(move("position", from: NSValue(time: .zero), to: CGPoint.zero), forKey: nil)
        await #expect { _ = try await export(pointless) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[1]: a 'position' animation's "
                + "fromValue, toValue and byValue are points (CGPoint or NSValue)"
        }
        let paced = CAKeyframeAnimation(keyPath: "position")
        paced.values = [CGPoint.zero, CGPoint(x: 10, y: 10)]
        paced.calculationMode = .paced
        let badlyTimed = CAKeyframeAnimation(keyPath: "opacity")
        badlyTimed.values = [0, 1, 0]
        badlyTimed.keyTimes = [0, 1]
        for (animation, problem) in [
            (paced, "calculationMode 'paced' is not drawn here; the modes drawn are linear and discrete"),
            (badlyTimed, "keyTimes rise from 0 to 1, one per value (one more than the values when discrete)"),
        ] {
            let layer = blocks()
            layer.add(animation, forKey: nil)
            await #expect { _ = try await export(layer) } throws: { error in
                "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[1]: " + problem
            }
        }
        await #expect { _ = try await export(blocks(), videoOpacity: 0.5) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): the parent layer.sublayers[0]: a video layer is drawn "
                + "whole here; it cannot be hidden, see-through, animated or transformed"
        }
    }

    @Test func readersAndImageGeneratorsRefuseAVideoCompositionWithTheTool() async throws {
        let asset = AVURLAsset(url: fixtures.red)
        let videoComposition = try await AVMutableVideoComposition.videoComposition(withPropertiesOf: asset)
        let parent = CALayer(), video = CALayer()
        parent.frame = CGRect(origin: .zero, size: videoComposition.renderSize)
        video.frame = parent.frame
        parent.addSublayer(video)
        videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: video,
                                                                            in: parent)
        let problem = "a video composition with an animationTool is drawn by exports only; readers and image "
            + "generators refuse it"
        let generator = AVAssetImageGenerator(asset: asset)
        generator.videoComposition = videoComposition
        #expect { _ = try generator.copyCGImage(at: .zero, actualTime: nil) } throws: { error in
            "\(error)" == "invalidVideoComposition (-11841): AVAssetImageGenerator: " + problem
        }
        let reader = try AVAssetReader(asset: asset)
        let output = AVAssetReaderVideoCompositionOutput(videoTracks: try await asset.loadTracks(withMediaType: .video),
                                                         videoSettings: nil)
        output.videoComposition = videoComposition
        reader.add(output)
        #expect(!reader.startReading())
        #expect(reader.error.map { "\($0)" }
                == "invalidVideoComposition (-11841): AVAssetReaderVideoCompositionOutput: " + problem)
    }
}
