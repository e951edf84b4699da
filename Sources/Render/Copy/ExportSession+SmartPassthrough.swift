import Composition
import LibAV
import MediaCore

/// Smart passthrough exports: packets copied between keyframes, the partial groups of pictures at the cuts
/// re-encoded, all in one H.264 stream whose avcC announces both kinds of parameter sets.
extension ExportSession {
    /// Writes the plan's pieces into a new file, then verifies it.
    func exportSmartPassthrough(_ plan: SmartPassthroughPlan, duration: MediaTime) throws(ExportError) -> ExportResult {
        let input = try InputFile.opened(plan.path)
        let (output, videoOut, audioOut) = try openSmartOutput(plan, input: input)
        let audio = try audioOut.map { (stream) throws(ExportError) in
            try PassthroughAudioCopier(path: plan.path, stream: plan.audioStream ?? 0, outputStream: stream,
                                       leadsIn: settings.trimsWithEditLists)
        }
        let encoder = try SmartSegmentEncoder(plan: plan)
        var writer = SmartVideoWriter(displayTimes: plan.outputTimes, depth: plan.reorderDepth,
                                      frameDuration: plan.frameDuration, stream: videoOut)
        for (number, piece) in plan.pieces.enumerated() {
            try audio?.begin(piece.mapping)
            let offset = piece.mapping.target.start - piece.mapping.source.start
            for segment in piece.segments {
                try checkCancelled()
                switch segment {
                case let .copy(packets, times):
                    try SourcePacketCopier.copy(packets, shown: times, of: plan.index, stream: plan.videoStream,
                                                from: input, output: outputPath, cancelled: { isCancelled }) {
                        (packet) throws(ExportError) in
                        try writer.write(packet, pts: packet.pts + offset, to: output)
                    }
                    try audio?.copy(until: times.upperBound, to: output)
                case let .reencode(decodeFrom, times):
                    try encoder.encode(decodeFrom: decodeFrom, times: times, cancelled: { isCancelled }) { (packet) throws(ExportError) in
                        try writer.write(packet, pts: packet.pts + offset, to: output)
                    }
                    try audio?.copy(until: times.upperBound, to: output)
                }
            }
            try audio?.copy(until: piece.mapping.source.end, to: output)
            report(progress: Double(number + 1) / Double(plan.pieces.count))
        }
        do {
            try output.writeTrailer()
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
        let probe = try verify(duration: duration, tolerance: plan.frameDuration, video: true, audio: plan.audioStream != nil)
        let counts = plan.frameCounts
        return ExportResult(outputPath: outputPath, probe: probe, duration: probe.duration, byteSize: probe.byteSize,
                            renderSeconds: 0, framesWritten: Int64(writer.written),
                            copiedFrames: Int64(counts.copied), reencodedFrames: Int64(counts.reencoded))
    }

    /// Creates the output with the source's video stream (its avcC widened by the re-encode's parameter sets) and
    /// audio stream, and writes the header.
    private func openSmartOutput(_ plan: SmartPassthroughPlan, input: InputFile)
        throws(ExportError) -> (OutputFile, Int, Int?) {
        do {
            willCreateOutput()
            let output = try OutputFile(path: outputPath, format: settings.muxerName, metadata: settings.metadata)
            let video = try output.addStream(copying: plan.videoStream, of: input, metadata: settings.streamTags("video"),
                                             extradata: plan.reencode.configuration.bytes)
            var audio: Int?
            if let stream = plan.audioStream {
                audio = try output.addStream(copying: stream, of: input, metadata: settings.streamTags("audio"))
            }
            try output.writeHeader(options: settings.faststart && settings.supportsFaststart ? ["movflags": "+faststart"] : [:])
            return (output, video, audio)
        } catch {
            throw ExportError.wrap(error, path: nil, output: outputPath)
        }
    }
}
