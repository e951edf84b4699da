import Foundation

/// Core Animation's transactions, which group changes to layers and their implicit animations. An export reads the
/// layer tree when it draws it and layers here have no implicit animations, so a transaction changes nothing about
/// what is drawn; its settings are kept for reading back, per thread as Core Animation keeps them, and a completion
/// block runs when the thread's outermost transaction commits.
public final class CATransaction: Sendable {
    /// One thread's transactions.
    private final class Settings {
        var depth = 0
        var disableActions = false
        var animationDuration: CFTimeInterval = 0.25
        var animationTimingFunction: CAMediaTimingFunction?
        var completions: [@Sendable () -> Void] = []
    }

    /// The calling thread's transactions, made on first use.
    private static var current: Settings {
        let key = "OpenAVFoundation.CATransaction"
        if let known = Thread.current.threadDictionary[key] as? Settings { return known }
        let made = Settings()
        Thread.current.threadDictionary[key] = made
        return made
    }

    /// Begins a transaction.
    public class func begin() {
        current.depth += 1
    }

    /// Ends the transaction begun last; the outermost one runs the completion blocks set within it.
    public class func commit() {
        let state = current
        state.depth = max(0, state.depth - 1)
        guard state.depth == 0 else { return }
        let completions = state.completions
        state.completions = []
        for completion in completions { completion() }
    }

    /// Commits any implicit transaction: nothing here.
    public class func flush() {}

    /// Whether implicit animations are turned off (there are none here).
    public class func disableActions() -> Bool { current.disableActions }

    /// Turns implicit animations off or on (there are none here).
    public class func setDisableActions(_ flag: Bool) { current.disableActions = flag }

    /// The duration of implicit animations (there are none here).
    public class func animationDuration() -> CFTimeInterval { current.animationDuration }

    /// Sets the duration of implicit animations (there are none here).
    public class func setAnimationDuration(_ duration: CFTimeInterval) {
        current.animationDuration = duration
    }

    /// The timing function of implicit animations (there are none here).
    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        current.animationTimingFunction
    }

    /// Sets the timing function of implicit animations (there are none here).
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        current.animationTimingFunction = function
    }

    /// A block run when the outermost transaction commits (at once outside a transaction).
    public class func setCompletionBlock(_ block: (@Sendable () -> Void)?) {
        guard let block else { return }
        let state = current
        if state.depth > 0 { state.completions.append(block) } else { block() }
    }
}
