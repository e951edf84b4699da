import Composition
import LibAV
import MediaCore

/// Passthrough exports: packets copied with shifted timestamps, no decoding.
extension ExportSession {
    /// Copies the plan's pieces into a new file, then verifies it.
    func exportPassthrough(_ plan: PassthroughPlan, duration: MediaTime) throws(ExportError) -> ExportResult {
        let input = try InputFile.opened(plan.path)
        let target = try makePassthroughOutput(plan, input: input)
        let audio = try plan.audioStream.flatMap { stream throws(ExportError) in
            try target.audio.map { (output) throws(ExportError) in
                try PassthroughAudioCopier(path: plan.path, stream: stream, outputStream: output,
                                           leadsIn: settings.trimsWithEditLists)
            }
        }
        var packets: Int64 = 0
        for (index, piece) in plan.pieces.enumerated() {
            try checkCancelled()
            try audio?.begin(piece)
            packets += try copy(piece, of: plan, from: input, to: target, audio: audio)
            report(progress: Double(index + 1) / Double(plan.pieces.count))
        }
        do {
            try target.file.writeTrailer()
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        let probe = try verify(duration: duration, tolerance: plan.frameDuration, video: true,
                               audio: plan.audioStream != nil)
        return ExportResult(outputPath: outputPath, probe: probe, duration: probe.duration, byteSize: probe.byteSize,
                            renderSeconds: 0, framesWritten: packets, copiedFrames: packets)
    }

    /// The output file of a passthrough export, its header written, with the streams that copy the plan's.
    private func makePassthroughOutput(_ plan: PassthroughPlan,
                                       input: InputFile) throws(ExportError) -> PassthroughOutput {
        do {
            willCreateOutput()
            let output = try OutputFile(path: outputPath, format: settings.muxerName, metadata: settings.metadata)
            let video = try output.addStream(copying: plan.videoStream, of: input, metadata: settings.streamTags("video"))
            var audio: Int?
            if let stream = plan.audioStream {
                audio = try output.addStream(copying: stream, of: input, metadata: settings.streamTags("audio"))
            }
            try output.writeHeader(options: settings.faststart && settings.supportsFaststart ? ["movflags": "+faststart"] : [:])
            return PassthroughOutput(file: output, video: video, audio: audio)
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
    }

    /// Copies one piece's video packets, their timestamps moved to the piece's place on the output, and its sound
    /// (through `audio`) as the pictures advance; the video packets copied.
    private func copy(_ piece: TimeMapping, of plan: PassthroughPlan, from input: InputFile,
                      to target: PassthroughOutput, audio: PassthroughAudioCopier?) throws(ExportError) -> Int64 {
        let offset = piece.target.start - piece.source.start
        do {
            try input.seek(to: piece.source.start, stream: plan.videoStream)
        } catch {
            throw ExportError.wrap(error, path: plan.path)
        }
        var packets: Int64 = 0
        while true {
            try checkCancelled()
            let next: Packet?
            do {
                next = try input.readPacket()
            } catch {
                throw ExportError.wrap(error, path: plan.path)
            }
            guard let packet = next else { break }
            guard packet.streamIndex == plan.videoStream else { continue }
            if packet.pts >= piece.source.end { break }
            guard packet.pts >= piece.source.start else { continue }
            try audio?.copy(until: packet.pts, to: target.file)
            packet.shiftTimestamps(by: offset)
            do {
                try target.file.write(packet, stream: target.video)
            } catch {
                throw ExportError.wrap(error, path: nil, output: outputPath)
            }
            packets += 1
        }
        try audio?.copy(until: piece.source.end, to: target.file)
        return packets
    }
}

/// The file a passthrough export writes and its streams' indexes.
private struct PassthroughOutput {
    /// The muxer.
    var file: OutputFile
    /// The video stream.
    var video: Int
    /// The audio stream, when the plan copies sound.
    var audio: Int?
}
