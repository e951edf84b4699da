import Foundation
import MediaCore
import Synchronization
import Testing

/// The bounded hand-off between threads: items in order, a full queue holding its producer back, and `finish` and
/// `close` waking the other side.
@Suite struct HandoffQueueTests {
    @Test func itemsArriveInOrderThroughAQueueSmallerThanThem() {
        let queue = HandoffQueue<Int>(capacity: 2)
        let producer = Thread {
            for item in 0..<100 { queue.put(item) }
            queue.finish()
        }
        producer.start()
        var taken: [Int] = []
        while let item = queue.take() { taken.append(item) }
        #expect(taken == Array(0..<100))
    }

    @Test func aFullQueueHoldsItsProducerUntilAnItemIsTaken() {
        let queue = HandoffQueue<Int>(capacity: 1)
        let put = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        queue.put(0)
        let producer = Thread {
            queue.put(1)
            put.withLock { $0.append(1) }
            done.signal()
        }
        producer.start()
        #expect(done.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(put.withLock { $0 }.isEmpty)
        #expect(queue.take() == 0)
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(queue.take() == 1)
    }

    @Test func closingWakesAWaitingTakerAndDropsLaterPuts() {
        let queue = HandoffQueue<Int>(capacity: 4)
        let taken = Mutex<Int??>(nil)
        let done = DispatchSemaphore(value: 0)
        let consumer = Thread {
            let item = queue.take()
            taken.withLock { $0 = .some(item) }
            done.signal()
        }
        consumer.start()
        Thread.sleep(forTimeInterval: 0.05)  // most likely waiting in take by now; either way take must end
        queue.close()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(taken.withLock { $0 } == .some(nil))
        #expect(queue.put(1) == false)
        #expect(queue.take() == nil)
    }
}
