import Composition
import Testing

@Test func compositionTargetLinks() {
    #expect(Bool(true))
}
