import Composition
import Foundation
import MediaCore

/// One track's media: with settings, a video track's pictures (upright, at its display size unless the settings
/// give one, on its frame grid) or an audio track's sound as linear PCM; with nil settings, a file track's samples as
/// the file stores them, in decode order, each with its decode time, for a writer to copy.
public class AVAssetReaderTrackOutput: AVAssetReaderOutput, @unchecked Sendable {
    /// The track read.
    public let track: AVAssetTrack
    /// The settings given: for video the pixel format (and width and height), for audio the linear PCM keys; nil for
    /// stored samples.
    public let outputSettings: [String: Any]?

    /// An output of `track`'s media in the form `outputSettings` ask for.
    public init(track: AVAssetTrack, outputSettings: [String: Any]?) {
        self.track = track
        self.outputSettings = outputSettings
        super.init(mediaType: track.mediaType)
    }

    override var name: String { "AVAssetReaderTrackOutput of track \(track.trackID)" }

    override func makeMaker(asset: AVAsset, range: TimeRange) throws(AVError) -> any ReaderSampleMaker {
        guard let settings = outputSettings else {
            _ = try composition(of: asset, keeping: [track])
            guard let file = track.source?.url, let stream = track.stream,
                  let format = track.loadedFormatDescriptions().first else {
                throw AVError(.operationNotSupportedForAsset, .readerSetting(
                    output: name, problem: "samples as stored (outputSettings nil) are read from a file's tracks, and "
                        + "this track belongs to a composition; ask for decoded media"))
            }
            return try ReaderStoredSampleMaker(file: file, stream: stream, format: format, range: range)
        }
        let composition = try composition(of: asset, keeping: [track])
        switch mediaType {
        case .video:
            let layout = try ReaderPixelLayout.read(settings, output: name)
            let properties = VideoComposition.make(propertiesOf: composition)
            return try ReaderPictureMaker(
                composition: composition, videoComposition: nil,
                size: try pictureSize(natural: composition.naturalSize, layout: layout, output: name),
                frameRate: ExportPreset.frameRate(properties.frameDuration), layout: layout, range: range)
        case .audio:
            let layout = try PCMLayout.read(settings, output: name)
            let source = soundFormat(of: [track])
            return try ReaderSoundMaker(composition: composition, audioMix: AudioMix(inputParameters: []),
                                        sampleRate: layout.sampleRate ?? source.sampleRate,
                                        channels: layout.channels ?? source.channels, layout: layout, range: range)
        default:
            throw AVError(.operationNotSupportedForAsset, .readerTrack(
                output: name, problem: "\(mediaType.rawValue) tracks are not read here; video and audio tracks are"))
        }
    }
}

/// The picture size of a reader output: the settings' width and height where given (both even), else `natural`
/// in even pixels.
func pictureSize(natural: Size, layout: ReaderPixelLayout, output: String) throws(AVError) -> (width: Int, height: Int) {
    let even = CGSize(width: natural.width, height: natural.height).evenPixels(fitting: .zero)
    let size = (width: layout.width ?? even.width, height: layout.height ?? even.height)
    guard size.width % 2 == 0, size.height % 2 == 0 else {
        throw AVError(.operationNotSupportedForAsset, .readerSetting(
            output: output, problem: "pictures are read in even sizes; \(size.width)x\(size.height) is not"))
    }
    return size
}

/// The rate and channel count that reading `tracks` keeps when the settings give none: the highest of their
/// sources (a composition track's are its segments' files), 44.1 kHz stereo when none says.
func soundFormat(of tracks: [AVAssetTrack]) -> (sampleRate: Int, channels: Int) {
    var rate = 0, channels = 0
    for track in tracks {
        var streams: [ProbedStream] = track.stream.map { [$0] } ?? []
        if track.stream == nil {
            for segment in track.nativeSegments() {
                guard let url = segment.sourceURL, let contents = try? AssetFile(url: url).contents() else { continue }
                streams += contents.tracks.filter { $0.source.trackID == segment.sourceTrackID }.map(\.stream)
            }
        }
        for stream in streams {
            rate = max(rate, stream.sampleRate)
            channels = max(channels, stream.channels)
        }
    }
    return (rate > 0 ? rate : 44_100, channels > 0 ? min(channels, 8) : 2)
}
