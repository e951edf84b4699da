import Composition
import Foundation
import MediaCore
import Synchronization

/// Reads an asset's decoded media: add outputs (a track's pictures or sound, a video composition's pictures, an
/// audio mix's sound), call `startReading()`, then take each output's sample buffers until it returns nil.
/// Pictures are drawn and sound mixed exactly as an export would; nothing is encoded.
public class AVAssetReader: @unchecked Sendable {
    /// Where reading stands.
    public enum Status: Int, Sendable, Hashable {
        /// Outputs can still be added; reading has not started.
        case unknown = 0
        /// Outputs hand out sample buffers.
        case reading = 1
        /// Every output has handed out its last buffer.
        case completed = 2
        /// Reading stopped on an error; see `error`.
        case failed = 3
        /// `cancelReading()` stopped reading.
        case cancelled = 4
    }

    private struct State {
        var status = Status.unknown
        var error: AVError?
        var outputs: [AVAssetReaderOutput] = []
        var timeRange = CMTimeRange(start: .zero, duration: .positiveInfinity)
    }

    /// The asset read.
    public let asset: AVAsset
    private let state = Mutex(State())

    /// A reader of `asset`; throws when the asset cannot be loaded.
    public init(asset: AVAsset) throws {
        _ = try asset.loadedTracks()
        self.asset = asset
    }

    /// Where reading stands.
    public var status: Status { state.withLock { $0.status } }
    /// Why reading failed, when `status` is `.failed`.
    public var error: (any Error)? { state.withLock { $0.error } }
    /// The outputs added, in order.
    public var outputs: [AVAssetReaderOutput] { state.withLock { $0.outputs } }

    /// The part of the asset read (all of it by default); set it before `startReading()`.
    public var timeRange: CMTimeRange {
        get { state.withLock { $0.timeRange } }
        set {
            state.withLock { state in
                precondition(state.status == .unknown, "AVAssetReader: timeRange cannot change once reading has started")
                state.timeRange = newValue
            }
        }
    }

    /// Whether `output` can be added: reading has not started and the output belongs to no reader yet.
    public func canAdd(_ output: AVAssetReaderOutput) -> Bool {
        state.withLock { $0.status == .unknown } && output.reader == nil
    }

    /// Adds `output`; it must pass `canAdd(_:)`.
    public func add(_ output: AVAssetReaderOutput) {
        precondition(canAdd(output), "AVAssetReader: an output can be added once, to one reader, before reading starts")
        output.reader = self
        state.withLock { $0.outputs.append(output) }
    }

    /// Opens every output's sources and starts reading; false (with `status` `.failed` and `error` set) when an
    /// output cannot be read. Called once.
    @discardableResult
    public func startReading() -> Bool {
        let (outputs, range) = state.withLock { state in
            precondition(state.status == .unknown, "AVAssetReader: startReading() is called once")
            state.status = .reading
            return (state.outputs, state.timeRange.native)
        }
        do throws(AVError) {
            guard range.start.isNumeric, range.duration.isValid, !range.duration.isNegativeInfinity,
                  range.duration.isNumeric ? range.duration > .zero : range.duration.isPositiveInfinity else {
                throw AVError(.operationNotSupportedForAsset, .readerSetting(
                    output: "AVAssetReader",
                    problem: "timeRange from \(range.start) lasting \(range.duration) reads nothing; "
                        + "it needs a numeric start and a positive duration"))
            }
            for output in outputs { try output.start(range: range) }
            return true
        } catch {
            fail(error)
            return false
        }
    }

    /// Stops reading: outputs hand out no more buffers and their sources close.
    public func cancelReading() {
        let outputs = state.withLock { state in
            if state.status == .unknown || state.status == .reading { state.status = .cancelled }
            return state.outputs
        }
        for output in outputs { output.stop() }
    }

    /// Whether outputs may hand out buffers; traps when reading has not started, as Apple's reader raises.
    var isReading: Bool {
        let status = status
        precondition(status != .unknown, "AVAssetReader: copyNextSampleBuffer() needs startReading() first")
        return status == .reading
    }

    /// Records `error` and stops reading.
    func fail(_ error: AVError) {
        let outputs = state.withLock { state in
            if state.status == .reading {
                state.status = .failed
                state.error = error
            }
            return state.outputs
        }
        for output in outputs { output.stop() }
    }

    /// Marks reading completed once every output has handed out its last buffer.
    func outputFinished() {
        state.withLock { state in
            if state.status == .reading, state.outputs.allSatisfy(\.isFinished) { state.status = .completed }
        }
    }
}
