// Corpus: trims a clip with async/await, the way apps written for iOS 16 and later do: load(.duration, .tracks),
// exportPresets(compatibleWith:), the passthrough preset, `await export()` and its status.
// Usage: passthrough-trim-async INPUT OUTPUT START DURATION
import OpenAVFoundation

enum TrimError: Error {
    case noVideo
    case presetUnavailable
    case exportFailed(String)
}

func trim(_ input: URL, to output: URL, start: Double, duration: Double) async throws -> CMTime {
    let asset = AVURLAsset(url: input, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
    let (assetDuration, tracks) = try await asset.load(.duration, .tracks)
    guard tracks.contains(where: { $0.mediaType == .video }) else { throw TrimError.noVideo }
    let presets = AVAssetExportSession.exportPresets(compatibleWith: asset)
    guard presets.contains(AVAssetExportPresetPassthrough),
          let session = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetPassthrough) else {
        throw TrimError.presetUnavailable
    }
    let compatible = await AVAssetExportSession.compatibility(ofExportPreset: AVAssetExportPresetPassthrough, with: asset,
                                                              outputFileType: .mp4)
    guard compatible, session.supportedFileTypes.contains(.mp4) else { throw TrimError.presetUnavailable }
    let startTime = CMTime(seconds: start, preferredTimescale: 600)
    let length = CMTimeMinimum(CMTime(seconds: duration, preferredTimescale: 600), assetDuration - startTime)
    session.timeRange = CMTimeRange(start: startTime, duration: length)
    session.outputURL = output
    session.outputFileType = .mp4
    await session.export()
    guard session.status == .completed else {
        throw TrimError.exportFailed(session.error?.localizedDescription ?? "status \(session.status.rawValue)")
    }
    return length.convertScale(CMTimeScale(NSEC_PER_SEC), method: .default)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let start = Double(arguments[3]), let duration = Double(arguments[4]) else {
    print("usage: passthrough-trim-async INPUT OUTPUT START DURATION")
    exit(2)
}
do {
    let length = try await trim(URL(fileURLWithPath: arguments[1]), to: URL(fileURLWithPath: arguments[2]), start: start,
                                duration: duration)
    print("trimmed \(length.seconds) s")
} catch {
    print("trim failed: \(error)")
    exit(1)
}
