import Foundation
import Synchronization

/// Apple's player, kept so that programs which hand their composition to a player as well as to an exporter build
/// and run. It holds its current item and a rate; nothing is shown or heard, and time does not pass while "playing".
public class AVPlayer: @unchecked Sendable {
    private struct State {
        var item: AVPlayerItem?
        var rate: Float = 0
    }

    private let state: Mutex<State>

    /// A player with no item.
    public init() {
        state = Mutex(State())
    }

    /// A player for `item`.
    public init(playerItem item: AVPlayerItem?) {
        state = Mutex(State(item: item))
    }

    /// A player for the media file at `url`.
    public convenience init(url: URL) {
        self.init(playerItem: AVPlayerItem(url: url))
    }

    /// The item presented.
    public var currentItem: AVPlayerItem? { state.withLock { $0.item } }

    /// Replaces the item presented.
    public func replaceCurrentItem(with item: AVPlayerItem?) {
        state.withLock { $0.item = item }
    }

    /// The requested speed: 0 when paused, 1 after `play()`.
    public var rate: Float {
        get { state.withLock { $0.rate } }
        set { state.withLock { $0.rate = newValue } }
    }

    /// Sets the rate to 1 (nothing is shown or heard).
    public func play() { rate = 1 }

    /// Sets the rate to 0.
    public func pause() { rate = 0 }

    /// The current item's position; zero without an item.
    public func currentTime() -> CMTime { currentItem?.currentTime() ?? .zero }

    /// Moves the current item's position to `time`.
    public func seek(to time: CMTime) { currentItem?.seek(to: time) }
}
