import Composition
import Foundation
import LibAV
import MediaCore
import Render

/// One video stream of a file being written: pictures in, converted to the encoder's 4:2:0 Y'CbCr (BT.709) at the
/// encoded size, encoded and muxed. Each picture is held until the next one comes, so its duration is known when
/// it is encoded: the last one lasts until the session's end, or its sample's duration, or as long as the one before.
final class WriterVideoTrack {
    /// The ticks of the stream's time base per second when the input names none: a multiple of 24000, 30000,
    /// 48000, 90000 and 600, so the usual frame times land on whole ticks.
    static let defaultTimescale: Int32 = 720_000

    /// What a scaler is made for.
    private struct ScalerKey: Hashable {
        var format: OSType
        var width: Int
        var height: Int
    }

    /// A picture waiting for the next one.
    private struct Held {
        var frame: Frame
        var time: MediaTime
        var duration: MediaTime
    }

    private let encoder: Encoder
    private let output: OutputFile
    private let stream: Int
    private let settings: ExportSettings.Video
    private let scaling: WriterScaling
    private let timescale: Int32
    /// The input as messages name it.
    private let name: String
    private var scaler: Scaler?
    /// The pictures `scaler` converts.
    private var scalerKey: ScalerKey?
    private var held: Held?
    /// Each encoded picture's duration by its presentation tick, until its packet comes out.
    private var durations: [Int64: MediaTime] = [:]
    /// The time from the last picture encoded to the one after it: how long a last picture of unknown duration
    /// lasts.
    private var spacing: MediaTime?
    /// The last presentation time taken (from the session's start).
    private(set) var lastTime: MediaTime?
    /// Where the stream's pictures end so far.
    private(set) var end = MediaTime.zero

    /// Opens the encoder for `writer`'s settings and adds its stream to `output`, turned by `transform`.
    init(_ writer: WriterVideoSettings, timescale: Int32,
         output: OutputFile, name: String, transform: CGAffineTransform) throws(LibAVError) {
        let video = writer.video
        let export = ExportSettings(name: "AVAssetWriter", container: .mp4, video: video, audio: nil)
        var encoding = export.encoderSettings(video, pixelFormat: .yuv420p)
        encoding.timeBase = MediaTime(value: 1, timescale: timescale)
        if let profile = writer.profile { encoding.options["profile"] = profile }
        if !writer.reorders { encoding.options["bf"] = "0" }
        encoder = try Encoder(codec: ExportSettings.encoderName(video.codec), video: encoding,
                              globalHeader: output.needsGlobalHeader)
        stream = try output.addStream(for: encoder, displayMatrix: transform.isIdentity ? nil : Self.matrix(transform))
        self.output = output
        self.settings = video
        scaling = writer.scaling
        self.timescale = timescale
        self.name = name
    }

    /// `transform` as a track matrix: its a, b, c, d, tx and ty in 16.16 fixed point, the projection column 0, 0, 1.
    static func matrix(_ transform: CGAffineTransform) -> [Int32] {
        func fixed(_ value: CGFloat) -> Int32 { Int32(clamping: Int64((Double(value) * 65536).rounded())) }
        return [fixed(transform.a), fixed(transform.b), 0, fixed(transform.c), fixed(transform.d), 0,
                fixed(transform.tx), fixed(transform.ty), 1 << 30]
    }

    /// Whether pictures of `format` can be taken.
    static func takes(_ format: OSType) -> Bool { PixelLayout.all[format] != nil }

    /// Takes `picture` at `time` (from the session's start) lasting `duration` (invalid when unknown); encodes the
    /// picture held before it. A picture before the session's start waits in case none comes at the start.
    func append(_ picture: CVPixelBuffer, at time: MediaTime, duration: MediaTime) throws(LibAVError) {
        let frame = try convert(picture)
        let start = MediaTime.maximum(time, .zero).convertScale(timescale, method: .roundHalfAwayFromZero)
        if var held {
            if start > held.time {
                held.duration = start - held.time
                spacing = held.duration
                try encode(held)
            }
        }
        held = Held(frame: frame, time: start, duration: duration)
        lastTime = time
    }

    /// Encodes the held picture (lasting until `sessionEnd` when given), flushes the encoder and writes its packets.
    func finish(sessionEnd: MediaTime?) throws(AVError) {
        if let sessionEnd, end > sessionEnd {
            throw AVError(.unknown, .writer(input: name, problem: WriterFile.pastTheEnd(
                kind: "video", until: end, sessionEnd: sessionEnd)))
        }
        do throws(LibAVError) {
            try flush(sessionEnd: sessionEnd)
        } catch {
            throw AVError(.encodeFailed, .export(.wrap(error, path: nil, output: output.path)))
        }
    }

    /// Encodes the held picture and whatever the encoder still holds.
    private func flush(sessionEnd: MediaTime?) throws(LibAVError) {
        if var held {
            if let sessionEnd, sessionEnd.isNumeric {
                held.duration = sessionEnd - held.time
            } else if !held.duration.isNumeric || held.duration <= .zero {
                held.duration = spacing ?? settings.frameRate.frameDuration
            }
            if held.duration > .zero { try encode(held) }
            self.held = nil
        }
        try write(try encoder.finish())
    }

    /// Drops what the track holds without encoding it.
    func discard() {
        held = nil
    }

    private func encode(_ held: Held) throws(LibAVError) {
        held.frame.pts = held.time
        durations[held.time.value] = held.duration
        end = held.time + held.duration
        try write(try encoder.encode(held.frame))
    }

    /// Gives each packet its picture's duration and writes it.
    private func write(_ packets: [Packet]) throws(LibAVError) {
        for packet in packets {
            let tick = packet.pts.convertScale(timescale, method: .roundHalfAwayFromZero).value
            if let duration = durations.removeValue(forKey: tick) { packet.setDuration(duration) }
            try output.write(packet, stream: stream)
        }
    }

    /// `picture` in the encoder's format and size, placed as the scaling mode says.
    private func convert(_ picture: CVPixelBuffer) throws(LibAVError) -> Frame {
        guard let layout = PixelLayout.all[picture.pixelFormatType] else {
            throw LibAVError.invalidArgument("pixel format '\(CMFormatDescription.MediaSubType(rawValue: picture.pixelFormatType))' "
                                             + "is not written here")
        }
        let format = try PixelFormat(name: layout.libavName)
        // Y'CbCr buffers hold BT.709 code values, in the range their format names.
        let color = layout.fullRange.map { ColorDescription(matrix: .bt709, isFullRange: $0) }
        let source = try Frame(width: picture.width, height: picture.height, pixelFormat: format)
        try copy(picture, into: source)
        let key = ScalerKey(format: picture.pixelFormatType, width: picture.width, height: picture.height)
        let placement = Self.placement(of: (picture.width, picture.height), in: (settings.width, settings.height),
                                       scaling: scaling)
        if scaler == nil || scalerKey != key {
            scalerKey = key
            scaler = try Scaler(sourceWidth: picture.width, sourceHeight: picture.height, sourceFormat: format,
                                crop: placement.crop, width: placement.width, height: placement.height,
                                pixelFormat: .yuv420p, sourceColor: color, destinationColor: .bt709Limited)
        }
        let scaled = try scaler!.scale(source)
        guard placement.width != settings.width || placement.height != settings.height else { return scaled }
        return try Self.letterbox(scaled, x: placement.x, y: placement.y, width: settings.width, height: settings.height)
    }

    /// Copies the rows of `picture`'s planes into `frame`'s.
    private func copy(_ picture: CVPixelBuffer, into frame: Frame) throws(LibAVError) {
        let planes = picture.planes.isEmpty
            ? [CVPixelBuffer.Plane(offset: 0, width: picture.width, height: picture.height, bytesPerRow: picture.bytesPerRow)]
            : picture.planes
        do {
            try frame.withMutablePlanes { targets in
                for (plane, target) in zip(planes, targets) {
                    let from = picture.baseAddress! + plane.offset
                    for row in 0..<min(plane.height, target.rows) {
                        let bytes = target.row(row)
                        bytes.copyMemory(from: UnsafeRawBufferPointer(start: from + row * plane.bytesPerRow,
                                                                      count: min(bytes.count, plane.bytesPerRow)))
                    }
                }
            }
        } catch let error as LibAVError {
            throw error
        } catch {
            throw LibAVError.invalidArgument("\(error)")
        }
    }
}
