import Dispatch
import Foundation
@testable import Render
import Synchronization
import Testing

/// Library calls run on a queue of their own, so a stopped export stops waiting for one that does not return.
@Suite(.serialized) struct AbandonableCallsTests {
    /// A flag tests flip from another thread.
    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    @Test func returnsWhatTheCallReturns() {
        let calls = AbandonableCalls(label: "test", stopped: { false })
        #expect(calls.run { 6 * 7 } == 42)
        #expect(calls.run { "again" } == "again")
        #expect(!calls.abandoned)
    }

    @Test func aStoppedExportCallsNothing() {
        let called = Flag()
        let calls = AbandonableCalls(label: "test", stopped: { true })
        #expect(calls.run { called.set() } == nil)
        #expect(!called.isSet)
    }

    @Test func stopsWaitingForACallThatDoesNotReturnAndCountsItUntilItDoes() {
        let stop = Flag(), release = DispatchSemaphore(value: 0), returned = Flag()
        let calls = AbandonableCalls(label: "test", stopped: { stop.isSet })
        let before = AbandonableCalls.unfinished.load(ordering: .relaxed)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { stop.set() }
        let started = ContinuousClock.now
        // The call blocks until released, as rlottie spinning on a frame would.
        let result = calls.run { () -> Int in
            release.wait()
            returned.set()
            return 1
        }
        #expect(result == nil)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(calls.abandoned && !returned.isSet)
        #expect(AbandonableCalls.unfinished.load(ordering: .relaxed) == before + 1)
        // Later calls are not made: the abandoned one may still use what they would.
        #expect(calls.run { 2 } == nil)

        release.signal()
        let deadline = ContinuousClock.now + .seconds(10)
        while AbandonableCalls.unfinished.load(ordering: .relaxed) != before, ContinuousClock.now < deadline {
            usleep(10_000)
        }
        #expect(returned.isSet)
        #expect(AbandonableCalls.unfinished.load(ordering: .relaxed) == before)
    }
}
