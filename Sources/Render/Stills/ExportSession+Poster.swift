import Composition
import Foundation
import LibAV
import MediaCore

/// Poster presets: one picture of the composition written as a JPEG or PNG file.
extension ExportSession {
    /// Renders the frame at `settings.posterTime` (default 0, clamped into the composition) and writes the encoded
    /// picture to the output file.
    func exportPoster(duration: MediaTime) throws(ExportError) -> ExportResult {
        guard var video = settings.video else {
            throw ExportError.setup(reason: "poster preset '\(settings.name)' has no video settings")
        }
        video.codec = settings.container == .png ? .png : .mjpeg
        let pool = sourcePool()
        try pool.openAll(in: composition, video: true, audio: false)
        let format = try settings.encoderPixelFormat(video)
        let renderer = try VideoFrameRenderer(
            composition: composition, videoComposition: videoComposition, width: video.width, height: video.height,
            pixelFormat: format, sources: pool)
        let time = posterTime(duration: duration, frameRate: video.frameRate)
        try checkCancelled()
        let frame = try renderer.render(at: time)
        var bytes = Data()
        do {
            var encoderSettings = settings.encoderSettings(video, pixelFormat: format)
            encoderSettings.gopSize = 0
            if video.codec == .mjpeg, encoderSettings.bitRate == 0 {
                // The rate control of a one-picture "stream": about 2 bits per pixel gives a clean JPEG.
                encoderSettings.bitRate = video.width * video.height * 2 * Int(max(1, video.frameRate.framesPerSecond))
            }
            let encoder = try Encoder(codec: ExportSettings.encoderName(video.codec), video: encoderSettings,
                                      globalHeader: false)
            frame.pts = .zero
            let packets = try encoder.encode(frame) + encoder.finish()
            guard let packet = packets.first else {
                throw ExportError.encode(path: nil, reason: "the \(video.codec.rawValue) encoder gave no picture")
            }
            packet.withUnsafeBytes { bytes.append(contentsOf: $0) }
        } catch {
            throw ExportError.encoderSetup(error, output: outputPath)
        }
        do {
            willCreateOutput()
            try bytes.write(to: URL(fileURLWithPath: outputPath))
        } catch {
            throw ExportError.mux(path: outputPath, reason: "cannot write the picture: \(error.localizedDescription)")
        }
        report(progress: 1)
        let probe = try verify(duration: duration, tolerance: nil, video: true, audio: false)
        return ExportResult(outputPath: outputPath, probe: probe, duration: .zero, byteSize: probe.byteSize,
                            renderSeconds: 0, framesWritten: 1)
    }

    /// `posterTime` (or 0) clamped to the composition: not before 0, not past the last frame's time.
    func posterTime(duration: MediaTime, frameRate: FrameRate) -> MediaTime {
        let asked = settings.posterTime.flatMap { $0.isNumeric ? $0 : nil } ?? .zero
        if asked < .zero { return .zero }
        if asked < duration { return asked }
        guard let clock = try? FrameClock(frameRate: frameRate), let count = try? clock.frameCount(for: duration),
              count > 0 else { return .zero }
        return clock.time(ofFrame: count - 1)
    }
}
