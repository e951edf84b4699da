import Composition
import LibAV
import MediaCore

/// Passthrough exports: packets copied with shifted timestamps, no decoding.
extension ExportSession {
    /// Copies the plan's pieces into a new file, then verifies it.
    func exportPassthrough(_ plan: PassthroughPlan, duration: MediaTime) throws(ExportError) -> ExportResult {
        let input = try InputFile.opened(plan.path)
        let target = try makePassthroughOutput(plan, input: input)
        var packets: Int64 = 0
        for (index, piece) in plan.pieces.enumerated() {
            try checkCancelled()
            packets += try copy(piece, of: plan, from: input, to: target)
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

    /// Copies one piece's packets, their timestamps moved to the piece's place on the output; the video packets copied.
    private func copy(_ piece: TimeMapping, of plan: PassthroughPlan, from input: InputFile,
                      to target: PassthroughOutput) throws(ExportError) -> Int64 {
        let offset = piece.target.start - piece.source.start
        // The first piece reads from a little earlier, for the sound packets before its start (see `leadIn`);
        // pictures before the start are skipped below either way.
        let leadsIn = piece.target.start == .zero && settings.trimsWithEditLists
        let leadInTime = leadsIn ? MediaTime(value: 1, timescale: 10) : .zero
        do {
            try input.seek(to: MediaTime.maximum(piece.source.start - leadInTime, .zero), stream: plan.videoStream)
        } catch {
            throw ExportError.wrap(error, path: plan.path)
        }
        var packets: Int64 = 0
        var videoDone = false, audioDone = plan.audioStream == nil
        // The two sound packets just before the piece (the second may hold its start): the first piece at the
        // output's start copies them too, before zero, so that players decode the first sample right (a packet of
        // AAC decodes right only after the one before it) and the edit list trims them; a later piece would overlap
        // the one before it, so it goes without, as does a container without edit lists.
        var leadIn: [Packet] = []
        var audioStarted = !leadsIn
        while !(videoDone && audioDone) {
            try checkCancelled()
            let next: Packet?
            do {
                next = try input.readPacket()
            } catch {
                throw ExportError.wrap(error, path: plan.path)
            }
            guard let packet = next else { break }
            let stream: Int
            if packet.streamIndex == plan.videoStream {
                if packet.pts >= piece.source.end { videoDone = true; continue }
                stream = target.video
            } else if packet.streamIndex == plan.audioStream, let audio = target.audio {
                if packet.pts >= piece.source.end { audioDone = true; continue }
                stream = audio
            } else {
                continue
            }
            guard packet.pts >= piece.source.start else {
                if stream != target.video { leadIn = Array((leadIn + [packet]).suffix(2)) }
                continue
            }
            if stream != target.video, !audioStarted {
                audioStarted = true
                for early in leadIn { try write(early, shiftedBy: offset, to: target.file, stream: stream) }
            }
            try write(packet, shiftedBy: offset, to: target.file, stream: stream)
            if stream == target.video { packets += 1 }
        }
        return packets
    }

    /// Writes `packet` with its timestamps moved by `offset`.
    private func write(_ packet: Packet, shiftedBy offset: MediaTime, to file: OutputFile,
                       stream: Int) throws(ExportError) {
        packet.shiftTimestamps(by: offset)
        do {
            try file.write(packet, stream: stream)
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
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
