import Render
import Testing

@Test func renderTargetLinks() {
    #expect(Bool(true))
}
