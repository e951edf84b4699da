import Composition
import Foundation
import LibAV
import MediaCore

/// Taking samples: each input's appends come here and go, under the writer's lock, to its track of the file.
extension AVAssetWriter {
    /// Whether samples may be appended now; traps on calls Apple's writer raises an exception for.
    func isAccepting(_ call: String) -> Bool {
        state.withLock { state in
            precondition(state.status != .unknown, "AVAssetWriterInput: \(call) needs startWriting() first")
            precondition(state.status != .writing || state.sessionStart != nil,
                         "AVAssetWriterInput: \(call) needs startSession(atSourceTime:) first")
            return state.status == .writing
        }
    }

    /// Encodes `sampleBuffer` on `input`'s track.
    func append(_ sampleBuffer: CMSampleBuffer, to input: AVAssetWriterInput) -> Bool {
        if input.outputSettings == nil { return copy(sampleBuffer, to: input) }
        if let picture = sampleBuffer.imageBuffer {
            return append(picture, at: sampleBuffer.presentationTimeStamp, duration: sampleBuffer.duration, to: input)
        }
        return write(input) { file, start, end throws(AVError) in
            guard case let .audio(track) = file.tracks[input.index] else {
                throw Self.refusal(input, "a video input takes sample buffers of pictures")
            }
            guard let data = sampleBuffer.dataBuffer, case let .pcm(description)? = sampleBuffer.formatDescription?.content,
                  let layout = PCMLayout(description) else {
                throw Self.refusal(input, "an audio input takes sample buffers of linear PCM")
            }
            let time = sampleBuffer.presentationTimeStamp.native
            guard time.isNumeric else { throw Self.refusal(input, "a sample buffer needs a numeric presentation time") }
            if let end, time >= end { return }
            let horizon = file.horizon(excluding: input.index)
            try data.withBytes { bytes throws(AVError) in
                try track.append(bytes, layout: layout, at: time - start, horizon: horizon)
            }
        }
    }

    /// Copies the stored sample in `sampleBuffer` to `input`'s track.
    private func copy(_ sampleBuffer: CMSampleBuffer, to input: AVAssetWriterInput) -> Bool {
        write(input) { file, start, end throws(AVError) in
            guard case let .copy(track) = file.tracks[input.index] else { return }
            guard let data = sampleBuffer.dataBuffer, sampleBuffer.imageBuffer == nil,
                  case .stream? = sampleBuffer.formatDescription?.content else {
                throw Self.refusal(input, "an input with nil settings takes stored samples, as a track output with nil "
                                   + "settings hands them out")
            }
            let time = sampleBuffer.presentationTimeStamp.native
            let decode = sampleBuffer.decodeTimeStamp.isNumeric ? sampleBuffer.decodeTimeStamp.native : time
            guard time.isNumeric else { throw Self.refusal(input, "a sample buffer needs a numeric presentation time") }
            if let end, decode >= end { return }
            do throws(LibAVError) {
                try data.withBytes { bytes throws(LibAVError) in
                    try track.append(bytes, at: time - start, decode: decode - start,
                                     duration: sampleBuffer.duration.native, isSync: sampleBuffer.isSync,
                                     horizon: file.horizon(excluding: input.index))
                }
            } catch {
                throw AVError(.unknown, .writer(input: input.name, problem: "\(error)"))
            }
        }
    }

    /// Encodes `picture` on `input`'s track at `time`, lasting `duration` (invalid when unknown).
    func append(_ picture: CVPixelBuffer, at time: CMTime, duration: CMTime, to input: AVAssetWriterInput) -> Bool {
        write(input) { file, start, end throws(AVError) in
            guard case let .video(track) = file.tracks[input.index] else {
                throw Self.refusal(input, "an audio input takes sample buffers of linear PCM")
            }
            let time = time.native
            guard time.isNumeric else { throw Self.refusal(input, "a picture needs a numeric presentation time") }
            if let last = track.lastTime, time - start <= last {
                throw Self.refusal(input, "a picture at \(time.seconds) s follows one at \((last + start).seconds) s; "
                                   + "pictures are appended in presentation order")
            }
            guard WriterVideoTrack.takes(picture.pixelFormatType) else {
                throw Self.refusal(input, "pixel format '\(CMFormatDescription.MediaSubType(rawValue: picture.pixelFormatType))' "
                                   + "is not written here; the formats are \(PixelLayout.names)")
            }
            if let end, time >= end { return }
            do throws(LibAVError) {
                try track.append(picture, at: time - start, duration: duration.native)
            } catch {
                throw AVError(.encodeFailed, .export(.wrap(error, path: nil, output: outputURL.path)))
            }
        }
    }

    /// The error for a sample `input` cannot take.
    private static func refusal(_ input: AVAssetWriterInput, _ problem: String) -> AVError {
        AVError(.unknown, .writer(input: input.name, problem: problem))
    }

    /// Runs `body` with the file and the session's start and end under the lock; on an error the writer fails and
    /// deletes its file. False when the writer is not writing or `body` failed.
    private func write(_ input: AVAssetWriterInput,
                       _ body: (WriterFile, MediaTime, MediaTime?) throws(AVError) -> Void) -> Bool {
        state.withLock { state in
            guard state.status == .writing, let file = state.file, let start = state.sessionStart else { return false }
            do throws(AVError) {
                try body(file, start, state.sessionEnd)
                return true
            } catch {
                state.status = .failed
                state.error = error
                file.remove()
                state.file = nil
                return false
            }
        }
    }
}
