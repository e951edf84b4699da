import LibAV
import Testing

@Test func libavTargetLinks() {
    #expect(Bool(true))
}
