import Composition
import LibAV
import MediaCore

/// Passthrough exports: packets copied with shifted timestamps, no decoding.
extension ExportSession {
    /// Copies the plan's pieces into a new file, then verifies it.
    func exportPassthrough(_ plan: PassthroughPlan, duration: MediaTime) throws(ExportError) -> ExportResult {
        let input: InputFile
        let output: OutputFile
        var videoOut = 0
        var audioOut: Int?
        do {
            input = try InputFile(path: plan.path)
        } catch {
            throw ExportError.wrap(error, path: plan.path)
        }
        do {
            willCreateOutput()
            output = try OutputFile(path: outputPath, format: settings.muxerName, metadata: settings.metadata)
            videoOut = try output.addStream(copying: plan.videoStream, of: input, metadata: settings.streamTags("video"))
            if let audio = plan.audioStream {
                audioOut = try output.addStream(copying: audio, of: input, metadata: settings.streamTags("audio"))
            }
            try output.writeHeader(options: settings.faststart && settings.supportsFaststart ? ["movflags": "+faststart"] : [:])
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        var packets: Int64 = 0
        for (index, piece) in plan.pieces.enumerated() {
            try checkCancelled()
            let offset = piece.target.start - piece.source.start
            do {
                try input.seek(to: piece.source.start, stream: plan.videoStream)
            } catch {
                throw ExportError.wrap(error, path: plan.path)
            }
            var videoDone = false, audioDone = plan.audioStream == nil
            while !(videoDone && audioDone) {
                try checkCancelled()
                let next: Packet?
                do {
                    next = try input.readPacket()
                } catch {
                    throw ExportError.wrap(error, path: plan.path)
                }
                guard let packet = next else { break }
                let target: Int
                if packet.streamIndex == plan.videoStream {
                    if packet.pts >= piece.source.end { videoDone = true; continue }
                    target = videoOut
                } else if packet.streamIndex == plan.audioStream, let audioOut {
                    if packet.pts >= piece.source.end { audioDone = true; continue }
                    target = audioOut
                } else {
                    continue
                }
                guard packet.pts >= piece.source.start else { continue }
                packet.shiftTimestamps(by: offset)
                do {
                    try output.write(packet, stream: target)
                } catch {
                    throw ExportError.wrap(error, path: nil, output: outputPath)
                }
                if target == videoOut { packets += 1 }
            }
            report(progress: Double(index + 1) / Double(plan.pieces.count))
        }
        do {
            try output.writeTrailer()
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        let probe = try verify(duration: duration, tolerance: plan.frameDuration, video: true,
                               audio: plan.audioStream != nil)
        return ExportResult(outputPath: outputPath, probe: probe, duration: probe.duration, byteSize: probe.byteSize,
                            renderSeconds: 0, framesWritten: packets, copiedFrames: packets)
    }
}
