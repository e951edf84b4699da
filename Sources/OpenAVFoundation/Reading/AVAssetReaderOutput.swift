import Composition
import Foundation
import MediaCore
import Synchronization

/// What an asset reader hands out: one kind of decoded media of its asset. Use a subclass.
public class AVAssetReaderOutput: @unchecked Sendable {
    private struct State {
        weak var reader: AVAssetReader?
        var maker: (any ReaderSampleMaker)?
        var finished = false
        var alwaysCopiesSampleData = true
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

    /// The next sample buffer in presentation order; nil after the last, or once reading failed or was cancelled.
    public func copyNextSampleBuffer() -> CMSampleBuffer? {
        guard let reader else { preconditionFailure("\(name): copyNextSampleBuffer() needs the output added to a reader") }
        guard reader.isReading else { return nil }
        let result = state.withLock { state -> Result<CMSampleBuffer?, AVError> in
            guard let maker = state.maker, !state.finished else { return .success(nil) }
            do throws(AVError) {
                let buffer = try maker.next()
                if buffer == nil {
                    state.finished = true
                    state.maker = nil
                }
                return .success(buffer)
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let buffer):
            if buffer == nil { reader.outputFinished() }
            return buffer
        case .failure(let error):
            reader.fail(error)
            return nil
        }
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
        state.withLock { $0.maker = maker }
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
