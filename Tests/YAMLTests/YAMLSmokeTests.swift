import YAML
import Testing

@Test func yamlTargetLinks() {
    #expect(Bool(true))
}
