import MediaCore

extension LottieAnimation {
    /// Whether `path` names a Lottie file (`.json`, which no media container is).
    public static func isLottie(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".json")
    }

    /// The animation as a probed moving picture: one `rgba` video stream of its own size, rate and length.
    public var media: ProbedMedia {
        let duration = MediaTime(value: Int64(frameCount) * Int64(frameRate.denominator), timescale: frameRate.numerator)
        let stream = ProbedStream(index: 0, mediaType: .video, codecName: "lottie", duration: duration,
                                  timeBase: frameRate.frameDuration, width: width, height: height,
                                  frameRate: frameRate, pixelFormat: "rgba")
        return ProbedMedia(path: path, formatName: "lottie", duration: duration,
                           byteSize: FileFacts(path: path)?.size ?? 0, streams: [stream])
    }
}
