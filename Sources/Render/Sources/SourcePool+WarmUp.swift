import Composition
import LibAV
import MediaCore

/// A video reader's first use in an export: the composition time a segment first shows it and the source time then.
struct PlannedWarmUp {
    var key: SourcePool.Key
    var compositionTime: MediaTime
    var sourceTime: MediaTime
}

/// One reader decoding up to its first picture on a thread of its own. The reader belongs to that thread until
/// `join()` returns; a warm-up that failed leaves the reader to be reopened, so the render meets the error itself.
final class SourceWarmUp: @unchecked Sendable {
    private let reader: any VideoSourceReader
    private var thread: WorkerThread?
    /// Written by the thread before it ends, read after `join()`.
    private var failed = false

    /// Starts decoding `reader` up to its picture at source time `time`.
    init(reader: any VideoSourceReader, time: MediaTime) {
        self.reader = reader
        thread = ExportThread.start(.warmUp) { [self] in
            do {
                try self.reader.prepare(at: time)
            } catch {
                failed = true
            }
        }
    }

    /// Waits for the decoding; returns whether it went well.
    func join() -> Bool {
        thread?.join()
        thread = nil
        return !failed
    }
}

extension SourcePool {
    /// How long before its first use a source starts decoding: a keyframe interval or so of a heavy source decodes
    /// in that time while the pictures before it are rendered and encoded, so a cut or transition to it does not
    /// leave the encoder waiting for the render thread to decode up to the first picture.
    static let warmUpLead = MediaTime(value: 3, timescale: 1)

    /// Makes `warmUp(before:)` start decoding each decoded video source first shown after composition time `start`
    /// (sources shown at `start` are needed at once, and are decoded by the renderer itself). Only a forward render
    /// (the export) asks for this. The pictures are the same with or without warm-ups: a reader decodes the same
    /// packets up to its first picture, only earlier and on another thread.
    func planWarmUps(for composition: MutableComposition, from start: MediaTime) {
        plannedWarmUps = Self.videoUses(in: composition)
            .compactMap { key, use in
                use.path == nil || use.first <= start ? nil
                    : PlannedWarmUp(key: key, compositionTime: use.first, sourceTime: use.firstSourceTime)
            }
            .sorted { $0.compositionTime < $1.compositionTime }
    }

    /// Starts the planned warm-ups of the sources first shown within `warmUpLead` after composition time `time`.
    func warmUp(before time: MediaTime) {
        while let next = plannedWarmUps.first, next.compositionTime - Self.warmUpLead <= time {
            plannedWarmUps.removeFirst()
            guard next.compositionTime > time, let reader = videoReaders[next.key], warmUps[next.key] == nil else { continue }
            warmUps[next.key] = SourceWarmUp(reader: reader, time: next.sourceTime)
        }
    }

    /// Waits for the warm-up of `key`, if any; a failed one closes the reader so that it is opened afresh.
    func finishWarmUp(_ key: Key) {
        guard let warmUp = warmUps.removeValue(forKey: key) else { return }
        if !warmUp.join() { videoReaders[key] = nil }
    }

    /// Waits for every warm-up still running (an export that stops early).
    func finishWarmUps() {
        for key in Array(warmUps.keys) { finishWarmUp(key) }
        plannedWarmUps = []
    }
}
