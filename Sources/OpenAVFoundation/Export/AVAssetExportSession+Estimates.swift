import Composition
import Foundation
import MediaCore

extension AVAssetExportSession {
    /// An estimate of the output's bytes (deprecated on Apple's platforms); 0 when the asset cannot be loaded. See
    /// `estimateOutputFileLength()`.
    public var estimatedOutputFileLength: Int64 { (try? estimatedLength()) ?? 0 }

    /// An estimate of the output's bytes over `timeRange`: for a preset that encodes, the sound's bit rate and the
    /// pictures' at the preset's quality (about 0.08 bits a pixel at H.264's crf 23 for camera footage, half as much
    /// every 6 steps of crf, HEVC 0.6 of H.264); for passthrough, the share of the sources' files the range takes.
    /// An estimate, as on Apple's platforms: flat graphics take less, noisy footage more. Throws when the asset
    /// cannot be loaded.
    public func estimateOutputFileLength() async throws -> Int64 {
        try estimatedLength()
    }

    /// The longest output the session can write (see `maxDuration`); throws when the asset cannot be loaded.
    public func estimateMaximumDuration() async throws -> CMTime {
        try asset.loadedDuration()
    }

    /// The estimate `estimateOutputFileLength()` describes.
    private func estimatedLength() throws -> Int64 {
        let composition = try asset.nativeComposition()
        let (range, fileType, videoComposition) = configuration.withLock {
            ($0.timeRange, $0.outputFileType, $0.videoComposition?.native)
        }
        let duration = composition.duration
        let start = range.start.isNumeric ? MediaTime.maximum(range.start.native, .zero) : .zero
        let end = range.end.isNumeric ? MediaTime.minimum(range.end.native, duration) : duration
        let seconds = max(0, (end - start).seconds)
        if case .passthrough = preset.kind { return Self.sourceShare(composition, seconds: seconds) }
        let settings = try preset.settings(for: composition, videoComposition: videoComposition,
                                           fileType: fileType ?? preset.fileTypes[0])
        var bitsPerSecond = Double(settings.audio?.bitRate ?? 0)
        if let video = settings.video {
            let crf = Double(video.crf ?? 23)
            let bitsPerPixel = 0.08 * pow(2, (23 - crf) / 6) * (video.codec == .hevc ? 0.6 : 1)
            bitsPerSecond += Double(video.width * video.height) * video.frameRate.framesPerSecond * bitsPerPixel
        }
        return Int64(bitsPerSecond * seconds / 8)
    }

    /// The bytes of the sources' files in proportion to the `seconds` of `composition` exported.
    private static func sourceShare(_ composition: MutableComposition, seconds: Double) -> Int64 {
        let total = composition.duration.seconds
        guard total > 0 else { return 0 }
        let files = Set(composition.tracks.flatMap(\.segments).compactMap(\.sourceURL).filter(\.isFileURL))
        let bytes = files.compactMap {
            (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? NSNumber)?.doubleValue
        }.reduce(0, +)
        return Int64(bytes * min(1, seconds / total))
    }
}
