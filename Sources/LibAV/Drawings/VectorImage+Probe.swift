import MediaCore

extension VectorImage {
    /// The document as a probed still picture: one video stream of its own size (rounded up), `rgba` like a PNG.
    public var media: ProbedMedia {
        let stream = ProbedStream(index: 0, mediaType: .video, codecName: "svg", duration: .indefinite,
                                  width: Int(width.rounded(.up)), height: Int(height.rounded(.up)),
                                  frameRate: FrameRate(25), pixelFormat: "rgba", isStillImage: true)
        let size = FileFacts(path: path)?.size ?? 0
        return ProbedMedia(path: path, formatName: "svg", duration: .indefinite, byteSize: size, streams: [stream])
    }
}
