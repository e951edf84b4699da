import Dispatch
import Foundation
@testable import Render
import Synchronization
import Testing

/// Library calls run on a queue of their own, so a stopped export stops waiting for one that does not return, and
/// calls into a library that one such call holds fail at once.
@Suite(.serialized) struct AbandonableCallsTests {
    /// A flag tests flip from another thread.
    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    /// Waits up to 10 s for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline { usleep(10_000) }
        return condition()
    }

    @Test func returnsWhatTheCallReturns() {
        let calls = AbandonableCalls(label: "test", stopped: { false })
        #expect(calls.run { 6 * 7 } == .returned(42))
        #expect(calls.run { "again" } == .returned("again"))
        #expect(!calls.abandoned)
    }

    @Test func aStoppedExportCallsNothing() {
        let called = Flag()
        let calls = AbandonableCalls(label: "test", stopped: { true })
        #expect(calls.run { () -> Bool in called.set(); return true } == .stopped)
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
        #expect(result == .stopped)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(calls.abandoned && !returned.isSet)
        #expect(AbandonableCalls.unfinished.load(ordering: .relaxed) == before + 1)
        // Later calls are not made: the abandoned one may still use what they would.
        #expect(calls.run { 2 } == .stopped)

        release.signal()
        #expect(Self.eventually { AbandonableCalls.unfinished.load(ordering: .relaxed) == before })
        #expect(returned.isSet)
    }

    @Test func callsIntoALibraryAnAbandonedCallHoldsEndAtOnceUntilItReturns() {
        let library = StuckLibrary(name: "test")
        let stop = Flag(), release = DispatchSemaphore(value: 0), entered = DispatchSemaphore(value: 0)
        let stuck = AbandonableCalls(label: "stuck", subject: "spin.json", library: library, stopped: { stop.isSet })
        let other = AbandonableCalls(label: "other", subject: "move.json", library: library, stopped: { false })
        #expect(other.run { 1 } == .returned(1))
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) { stop.set() }
        #expect(stuck.run { () -> Int in entered.signal(); release.wait(); return 0 } == .stopped)
        entered.wait()
        #expect(library.stuckOn == "spin.json")
        // Another reader's call is not made while the library is stuck, even though its export goes on.
        let started = ContinuousClock.now
        #expect(other.run { 2 } == .libraryStuck(on: "spin.json"))
        #expect(ContinuousClock.now - started < .seconds(1))
        release.signal()
        #expect(Self.eventually { library.stuckOn == nil })
        #expect(other.run { 3 } == .returned(3))
    }
}
