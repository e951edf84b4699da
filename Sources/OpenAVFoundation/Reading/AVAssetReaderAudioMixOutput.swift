import Composition
import Foundation
import MediaCore
import Synchronization

/// The sound of audio tracks mixed together by an audio mix (volumes, ramps, ducking), as an export mixes it, as
/// linear PCM at the sources' rate and channel count unless the settings give them.
public class AVAssetReaderAudioMixOutput: AVAssetReaderOutput, @unchecked Sendable {
    /// The tracks mixed.
    public let audioTracks: [AVAssetTrack]
    /// The settings given: the linear PCM keys; nil gives 32-bit float samples, interleaved.
    public let audioSettings: [String: Any]?
    /// How the tracks are mixed; nil plays each at full volume.
    public var audioMix: AVAudioMix? {
        get { chosenAudioMix.withLock { $0 } }
        set { chosenAudioMix.withLock { $0 = newValue } }
    }
    private let chosenAudioMix = Mutex<AVAudioMix?>(nil)

    /// An output of `audioTracks` mixed together, in the form `audioSettings` ask for.
    public init(audioTracks: [AVAssetTrack], audioSettings: [String: Any]?) {
        self.audioTracks = audioTracks
        self.audioSettings = audioSettings
        super.init(mediaType: .audio)
    }

    override var name: String { "AVAssetReaderAudioMixOutput" }

    override func makeMaker(asset: AVAsset, range: TimeRange) throws(AVError) -> any ReaderSampleMaker {
        let composition = try composition(of: asset, keeping: audioTracks)
        let layout = try audioSettings.map { settings throws(AVError) in try PCMLayout.read(settings, output: name) }
            ?? .uncompressed
        let source = soundFormat(of: audioTracks)
        return try ReaderSoundMaker(composition: composition, audioMix: audioMix?.native ?? AudioMix(inputParameters: []),
                                    sampleRate: layout.sampleRate ?? source.sampleRate,
                                    channels: layout.channels ?? source.channels, layout: layout, range: range)
    }
}
