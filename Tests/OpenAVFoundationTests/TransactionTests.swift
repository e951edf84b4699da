import OpenAVFoundation
import Synchronization
import Testing

/// `CATransaction`, as layer code wraps its changes in it: settings read back on the same thread, completion blocks
/// run when the outermost transaction commits.
@Suite struct TransactionTests {
    @Test func completionBlocksRunWhenTheOutermostTransactionCommits() {
        let runs = Mutex(0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setAnimationDuration(0.5)
        #expect(CATransaction.disableActions() && CATransaction.animationDuration() == 0.5)
        CATransaction.setCompletionBlock { runs.withLock { $0 += 1 } }
        CATransaction.begin()
        CATransaction.commit()
        #expect(runs.withLock { $0 } == 0)
        CATransaction.commit()
        #expect(runs.withLock { $0 } == 1)
        CATransaction.setCompletionBlock { runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 2)
        CATransaction.setDisableActions(false)
        CATransaction.flush()
    }
}
