import Scheduler
import Testing

@Test func schedulerTargetLinks() {
    #expect(Bool(true))
}
