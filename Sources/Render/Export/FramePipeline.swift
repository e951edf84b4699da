import LibAV
import MediaCore

/// The pictures of a run of output frames, in order: rendered on a thread of its own up to `depth` frames ahead of
/// the caller (who encodes and muxes meanwhile), or, with `depth` 0, by the caller itself in `next()`.
///
/// The renderer reuses its output frame, so the render thread has it draw each picture into a small ring of owned
/// frames (`PictureRenderer.render(at:into:)`), or copies the picture there (with its properties) when it cannot:
/// `depth + 1` frames, one held by the caller, the rest rendered ahead or being rendered.
/// The ring is the back-pressure: the thread waits for a free frame, so memory does not grow with the output.
/// The pictures are the renderer's, byte for byte, whatever the depth. While the thread runs the renderer (and the
/// video sources it reads) belong to it; `close()` stops and joins it and must run before anything else touches them.
///
/// `@unchecked Sendable`: the renderer and the time function are used by the render thread only (or, with depth 0,
/// by the caller only); the frames change hands through `HandoffQueue`s.
final class FramePipeline: @unchecked Sendable {
    private let renderer: any PictureRenderer
    private let frames: Range<Int64>
    private let time: (Int64) -> MediaTime
    private let depth: Int
    /// The index of the frame `next()` returns.
    private var nextIndex: Int64
    /// Rendered frames (or the error that stopped the thread), in order.
    private let ready: HandoffQueue<Result<Frame, ExportError>>
    /// Ring frames free to render into; nil stands for one not allocated yet.
    private let free: HandoffQueue<Frame?>
    /// The frame the caller got last; it goes back to the ring at the next `next()`.
    private var held: Frame?
    private var worker: WorkerThread?

    /// A pipeline of frames `frames` (indices), frame `i` being the renderer's picture at composition time `time(i)`;
    /// `depth` 0 renders in `next()` on the caller's thread.
    init(renderer: any PictureRenderer, frames: Range<Int64>, depth: Int, time: @escaping (Int64) -> MediaTime) {
        self.renderer = renderer
        self.frames = frames
        self.time = time
        self.depth = max(0, depth)
        nextIndex = frames.lowerBound
        ready = HandoffQueue(capacity: max(1, depth))
        free = HandoffQueue(capacity: depth + 1)
        guard depth > 0, !frames.isEmpty else { return }
        for _ in 0...depth { free.put(nil) }
        worker = ExportThread.start(.render) { [self] in produce() }
    }

    /// The next frame's picture, valid until the next call (the encoder keeps its own reference); throws the error
    /// that rendering this frame met, or `.cancelled` after `close()`.
    func next() throws(ExportError) -> Frame {
        guard nextIndex < frames.upperBound else {
            throw ExportError.encode(path: nil, reason: "frame \(nextIndex) is past the frames rendered")
        }
        let index = nextIndex
        nextIndex += 1
        guard depth > 0 else { return try renderer.render(at: time(index)) }
        if let held {
            free.put(held)
            self.held = nil
        }
        guard let result = ready.take() else { throw .cancelled }
        let frame = try result.get()
        held = frame
        return frame
    }

    /// Stops the render thread (after the frame it is rendering) and waits for it; safe to call more than once.
    func close() {
        ready.close()
        free.close()
        worker?.join()
        worker = nil
        held = nil
    }

    /// The render thread: each frame rendered into a ring frame and queued, until the last, an error or `close()`.
    private func produce() {
        for index in frames {
            guard let slot = free.take() else { break }
            do throws(ExportError) {
                let frame = if let slot { try renderer.render(at: time(index), into: slot) }
                    else { try renderer.render(at: time(index)) }
                let owned = frame === slot ? frame : try Self.copy(frame, into: slot)
                guard ready.put(.success(owned)) else { break }
            } catch {
                ready.put(.failure(error))
                break
            }
        }
        ready.finish()
    }

    /// `frame` copied into `slot`, or into a new frame of its size and pixel format when there is no slot yet.
    private static func copy(_ frame: Frame, into slot: Frame?) throws(ExportError) -> Frame {
        do {
            let owned = try slot ?? Frame(width: frame.width, height: frame.height, pixelFormat: frame.pixelFormat)
            try owned.copyFrame(from: frame)
            return owned
        } catch {
            throw ExportError.encode(path: nil, reason: "\(error)")
        }
    }
}
