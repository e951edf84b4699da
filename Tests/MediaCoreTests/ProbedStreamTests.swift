import MediaCore
import Testing

/// `ProbedStream.displaySize`, the one place that knows the size a player shows.
@Suite struct ProbedStreamTests {
    @Test(arguments: [
        (320, 240, 0, FrameRate?.none, 320, 240),
        (320, 240, 90, nil, 240, 320),
        (320, 240, 270, FrameRate(1, 1), 240, 320),
        (160, 120, 0, FrameRate(2, 1), 320, 120),    // anamorphic: samples twice as wide as tall
        (720, 576, 0, FrameRate(16, 15), 768, 576),
        (720, 480, 90, FrameRate(8, 9), 480, 640),   // 640 wide after the pixel aspect, then turned
        (3, 2, 0, FrameRate(1, 3), 2, 2),            // never below 2, always even
    ])
    func displaySize(width: Int, height: Int, rotation: Int, aspect: FrameRate?, shownWidth: Int, shownHeight: Int) {
        let stream = ProbedStream(index: 0, mediaType: .video, codecName: "h264", duration: .indefinite, width: width,
                                  height: height, rotation: rotation, sampleAspectRatio: aspect)
        #expect(stream.displaySize == (shownWidth, shownHeight))
    }
}
