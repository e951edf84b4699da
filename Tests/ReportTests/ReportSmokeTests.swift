import Report
import Testing

@Test func reportTargetLinks() {
    #expect(Bool(true))
}
