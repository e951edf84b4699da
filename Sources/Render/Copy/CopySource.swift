import LibAV
import MediaCore

/// A source file whose H.264 packets can stand in for rendered pictures of an output (smart rendering inside a
/// composition): progressive 8-bit 4:2:0 H.264 of the output's size and frame rate, upright, square-pixelled,
/// BT.709 limited range (or untagged HD, which the renderer takes as that), starting at time zero, so that its
/// decoded pictures are exactly what the renderer would draw for an untouched full-canvas layer.
final class CopySource: Sendable {
    /// The file.
    let path: String
    /// Its video stream.
    let stream: Int
    /// Cuts its packets into copyable groups of pictures.
    let planner: SmartPassthroughPlanner
    /// Its video packets.
    var index: VideoPacketIndex { planner.index }
    /// Its avcC.
    let configuration: AVCConfiguration

    private init(path: String, stream: Int, index: VideoPacketIndex, configuration: AVCConfiguration) {
        self.path = path
        self.stream = stream
        planner = SmartPassthroughPlanner(index: index)
        self.configuration = configuration
    }

    /// The source at `path` (track `trackID`, as `DecodedVideoReader` picks it) when its pictures can be copied into a
    /// `width` x `height` output at `frameDuration`; nil when they cannot or the file cannot be read. Indexing reads
    /// the whole file, so the answer is remembered for the process (`CopySourceCache`), by the file's size and
    /// modification time: a run plans every output's segments, then renders them.
    static func make(path: String, trackID: Int32, width: Int, height: Int, frameDuration: MediaTime) -> CopySource? {
        let key = CopySourceCache.Key(path: path, trackID: trackID, width: width, height: height,
                                      frameDuration: frameDuration)
        return CopySourceCache.shared.source(for: key) {
            analyse(path: path, trackID: trackID, width: width, height: height, frameDuration: frameDuration)
        }
    }

    /// `make` without the cache.
    private static func analyse(path: String, trackID: Int32, width: Int, height: Int,
                                frameDuration: MediaTime) -> CopySource? {
        guard let input = try? InputFile(path: path) else { return nil }
        var stream = Int(trackID) - 1
        if stream < 0 || stream >= input.streamCount || (try? input.probedStream(stream).mediaType) != .video {
            guard let best = try? input.bestStream(.video) else { return nil }
            stream = best
        }
        guard let probed = try? input.probedStream(stream), let parameters = try? input.videoCodecParameters(ofStream: stream),
              probed.codecName == "h264", !probed.isStillImage, probed.width == width, probed.height == height,
              probed.frameRate?.frameDuration == frameDuration, probed.rotation == 0,
              parameters.pixelFormat == "yuv420p", [0, 1].contains(parameters.sampleAspectNumerator),
              [0, 1].contains(parameters.sampleAspectDenominator), showsBT709Limited(parameters, height: height),
              input.fieldOrder(ofStream: stream) == .progressive, DecodedVideoReader.startOffset(of: input) == .zero,
              SmartReencodeSetup.profileName(parameters.profile) != nil,
              let configuration = AVCConfiguration(parameters.extradata),
              let index = try? VideoPacketIndex(input: input, stream: stream, lengthSize: configuration.lengthSize)
        else { return nil }
        return CopySource(path: path, stream: stream, index: index, configuration: configuration)
    }

    /// Whether the renderer takes the stream's pictures as BT.709 limited range without converting them.
    private static func showsBT709Limited(_ parameters: VideoCodecParameters, height: Int) -> Bool {
        let matrix = parameters.colorMatrix.map { $0 == "bt709" } ?? (ColorDescription.assumedMatrix(height: height) == .bt709)
        return matrix && [nil, "tv"].contains(parameters.colorRange) && [nil, "bt709"].contains(parameters.colorPrimaries)
            && [nil, "bt709"].contains(parameters.colorTransfer)
    }
}
