import LibAV

extension Picture {
    /// The first picture of the image (or video) file at `path`, decoded and converted to RGB by its colour
    /// description (as tagged, else assumed as the renderer assumes it: BT.601 below 720 lines).
    public init(contentsOf path: String) throws(LibAVError) {
        let frame = try Self.firstFrame(of: path)
        let scaler = try Scaler(sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: frame.pixelFormat,
                                width: frame.width, height: frame.height, pixelFormat: .rgb24,
                                sourceColor: frame.pixelFormat.isYUV ? frame.colorDescription : nil)
        self.init(frame: try scaler.scale(frame))
    }

    /// The first picture of the image (or video) file at `path`, as decoded.
    static func firstFrame(of path: String) throws(LibAVError) -> Frame {
        let input = try InputFile(path: path)
        let stream = try input.bestStream(.video)
        let decoder = try Decoder(input: input, stream: stream, threads: 1)
        guard let frame = try decoder.nextFrame(from: input) else {
            throw LibAVError.invalidArgument("'\(path)' holds no picture")
        }
        return frame
    }
}
