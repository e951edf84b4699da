import Composition
import Foundation
import MediaCore
import Synchronization

/// What an asset reader hands out: one kind of decoded media of its asset. Use a subclass.
public class AVAssetReaderOutput: @unchecked Sendable {
    private struct State {
        weak var reader: AVAssetReader?
        /// The asset read, once reading has started.
        var asset: AVAsset?
        /// The maker of the range being read.
        var maker: (any ReaderSampleMaker)?
        /// The ranges `reset(forReadingTimeRanges:)` gave that are still to be read, in order.
        var pending: [TimeRange] = []
        var finished = false
        var alwaysCopiesSampleData = true
        var supportsRandomAccess = false
        /// `markConfigurationAsFinal()` was called: no more ranges will come.
        var isFinal = false
    }

    /// The media handed out.
    public let mediaType: AVMediaType
    private let state = Mutex(State())

    init(mediaType: AVMediaType) {
        self.mediaType = mediaType
    }

    /// Accepted for compatibility: buffers are always the caller's own copies.
    public var alwaysCopiesSampleData: Bool {
        get { state.withLock { $0.alwaysCopiesSampleData } }
        set { state.withLock { $0.alwaysCopiesSampleData = newValue } }
    }

    /// Whether `reset(forReadingTimeRanges:)` may read more ranges after the first; set it before reading starts.
    /// Reading then completes only after `markConfigurationAsFinal()`.
    public var supportsRandomAccess: Bool {
        get { state.withLock { $0.supportsRandomAccess } }
        set {
            state.withLock { state in
                precondition(state.asset == nil, "\(name): supportsRandomAccess cannot change once reading has started")
                state.supportsRandomAccess = newValue
            }
        }
    }

    /// The next sample buffer in presentation order; nil after the last of the ranges read so far, or once reading
    /// failed or was cancelled.
    public func copyNextSampleBuffer() -> CMSampleBuffer? {
        guard let reader else { preconditionFailure("\(name): copyNextSampleBuffer() needs the output added to a reader") }
        guard reader.isReading else { return nil }
        let result = state.withLock { state -> Result<CMSampleBuffer?, AVError> in
            do throws(AVError) {
                while !state.finished {
                    if state.maker == nil {
                        guard let asset = state.asset, !state.pending.isEmpty else { break }
                        state.maker = try makeMaker(asset: asset, range: state.pending.removeFirst())
                    }
                    if let buffer = try state.maker?.next() { return .success(buffer) }
                    state.maker = nil
                    if state.pending.isEmpty, !state.supportsRandomAccess || state.isFinal { state.finished = true }
                }
                return .success(nil)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let buffer):
            if buffer == nil, isFinished { reader.outputFinished() }
            return buffer
        case .failure(let error):
            reader.fail(error)
            return nil
        }
    }

    /// Reads `timeRanges` (`NSValue(timeRange:)`s, in increasing order, not overlapping) next, after this output
    /// returned nil; needs `supportsRandomAccess`.
    public func reset(forReadingTimeRanges timeRanges: [NSValue]) {
        let ranges = timeRanges.map(\.timeRangeValue.native)
        precondition(!ranges.isEmpty && zip(ranges, ranges.dropFirst()).allSatisfy { $0.end <= $1.start }
                     && ranges.allSatisfy { $0.start.isNumeric && $0.duration.isValid && $0.duration > .zero },
                     "\(name): reset(forReadingTimeRanges:) needs ranges in increasing order that do not overlap")
        state.withLock { state in
            precondition(state.supportsRandomAccess, "\(name): reset(forReadingTimeRanges:) needs supportsRandomAccess")
            precondition(state.asset != nil && !state.isFinal && state.maker == nil && state.pending.isEmpty,
                         "\(name): reset(forReadingTimeRanges:) comes after copyNextSampleBuffer() returned nil and "
                             + "before markConfigurationAsFinal()")
            state.pending = ranges
        }
    }

    /// Says no more ranges will be read: once the ranges given are read, the output is done and the reader can
    /// complete.
    public func markConfigurationAsFinal() {
        let done = state.withLock { state in
            state.isFinal = true
            if state.maker == nil, state.pending.isEmpty, state.asset != nil { state.finished = true }
            return state.finished
        }
        if done { reader?.outputFinished() }
    }

    /// The reader this output was added to.
    var reader: AVAssetReader? {
        get { state.withLock { $0.reader } }
        set { state.withLock { $0.reader = newValue } }
    }

    /// Whether the last buffer has been handed out.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Opens the output's sources for `range` of the reader's asset.
    func start(range: TimeRange) throws(AVError) {
        guard let asset = reader?.asset else { return }
        let maker = try makeMaker(asset: asset, range: range)
        state.withLock { state in
            state.asset = asset
            state.maker = maker
        }
    }

    /// Closes the output's sources.
    func stop() {
        state.withLock { $0.maker = nil }
    }

    /// The output's name in messages.
    var name: String { "\(type(of: self))" }

    /// The maker of this output's buffers; each subclass makes its own.
    func makeMaker(asset: AVAsset, range: TimeRange) throws(AVError) -> any ReaderSampleMaker {
        preconditionFailure("\(name) does not make samples; use AVAssetReaderTrackOutput or another subclass")
    }

    /// `asset`'s composition with only `tracks`, which must be tracks of `asset` with this output's media type.
    func composition(of asset: AVAsset, keeping tracks: [AVAssetTrack]) throws(AVError) -> MutableComposition {
        func refuse(_ problem: String) -> AVError {
            AVError(.operationNotSupportedForAsset, .readerTrack(output: name, problem: problem))
        }
        guard !tracks.isEmpty else { throw refuse("it was given no tracks") }
        for track in tracks {
            guard track.asset === asset else { throw refuse("track \(track.trackID) belongs to another asset") }
            guard track.mediaType == mediaType else {
                throw refuse("track \(track.trackID) is \(track.mediaType.rawValue), not \(mediaType.rawValue)")
            }
        }
        var composition: MutableComposition
        do {
            composition = try asset.nativeComposition()
        } catch let error as AVError {
            throw error
        } catch {
            throw AVError(.unknown, .readerTrack(output: name, problem: "\(error)"))
        }
        let kept = Set(tracks.map(\.trackID))
        for track in composition.tracks where !kept.contains(track.trackID) {
            composition.removeTrack(withID: track.trackID)
        }
        return composition
    }
}
