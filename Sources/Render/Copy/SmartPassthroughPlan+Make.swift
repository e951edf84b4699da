import Composition
import LibAV
import MediaCore

extension SmartPassthroughPlan {
    /// Plans a smart passthrough of `pieces` of video stream `videoStream` of `input` (already checked against the
    /// preset), or says why it cannot be done safely.
    static func make(input: InputFile, videoStream: Int, audioStream: Int?, pieces mappings: [TimeMapping],
                     settings: ExportSettings, video: ExportSettings.Video) -> Result<SmartPassthroughPlan, SmartPassthroughRefusal> {
        guard video.codec == .h264 else { return .failure("smart rendering handles H.264 only") }
        guard [.mp4, .mov, .mkv].contains(settings.container) else {
            return .failure("smart rendering writes mp4, mov and mkv only")
        }
        guard input.fieldOrder(ofStream: videoStream) == .progressive else { return .failure("the source is interlaced") }
        let parameters: VideoCodecParameters
        let timeBase: MediaTime
        do {
            parameters = try input.videoCodecParameters(ofStream: videoStream)
            timeBase = try input.timeBase(ofStream: videoStream)
        } catch {
            return .failure("cannot read the source's codec parameters: \(error)")
        }
        let setup: SmartReencodeSetup
        switch SmartReencodeSetup.make(source: parameters, timeBase: timeBase, video: video, settings: settings) {
        case let .success(value): setup = value
        case let .failure(refusal): return .failure(refusal)
        }
        let index: VideoPacketIndex
        do {
            index = try VideoPacketIndex(input: input, stream: videoStream, lengthSize: setup.configuration.lengthSize)
        } catch {
            return .failure("cannot index the source's packets: \(error)")
        }
        let planner = SmartPassthroughPlanner(index: index)
        var pieces: [Piece] = []
        for (number, mapping) in mappings.enumerated() {
            let range = mapping.source
            let lastShown = index.displayTimes.last ?? .zero
            guard index.hasFrame(at: range.start), range.end > lastShown || index.hasFrame(at: range.end),
                  let segments = planner.segments(from: range.start, to: range.end) else {
                return .failure("segment \(number + 1) is not cut on pictures of the source")
            }
            pieces.append(Piece(mapping: mapping, segments: segments))
        }
        return .success(SmartPassthroughPlan(path: input.path, videoStream: videoStream, audioStream: audioStream,
                                             pieces: pieces, index: index, reencode: setup,
                                             frameDuration: video.frameRate.frameDuration))
    }
}
