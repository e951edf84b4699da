import MediaCore
import Testing

/// A boxed property keeps value semantics: copies share the box until one changes, and compare by value.
struct BoxedTests {
    struct Spec: Hashable {
        @Boxed var parts: [Int]? = [1, 2]
        var name = "a"
    }

    @Test func aChangedCopyLeavesTheOriginalAlone() {
        let original = Spec()
        var set = original, appended = original, cleared = original
        set.parts = [9]
        appended.parts?.append(3)
        cleared.parts = nil
        #expect(original.parts == [1, 2])
        #expect(set.parts == [9])
        #expect(appended.parts == [1, 2, 3])
        #expect(cleared.parts == nil)
    }

    @Test func copiesCompareAndHashByValue() {
        let one = Spec()
        var other = Spec()
        #expect(one == other && one.hashValue == other.hashValue)
        other.parts?[0] = 5
        #expect(one != other)
        other.parts?[0] = 1
        #expect(one == other && one.hashValue == other.hashValue)
    }
}
