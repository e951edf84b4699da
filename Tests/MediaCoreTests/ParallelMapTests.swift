import MediaCore
import Testing

/// Planning maps outputs on all cores; the results come back in the outputs' order, whatever finishes first.
struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 1000])
    func keepsTheOrderOfItsInput(count: Int) {
        let items = Array(0..<count)
        let mapped = items.parallelMap { item in
            // Early items take longer, so that later ones finish first.
            var sum = 0
            for step in 0..<((count - item) * 50) { sum &+= step }
            return (item, sum >= 0 ? item * 2 : 0)
        }
        #expect(mapped.map(\.0) == items)
        #expect(mapped.map(\.1) == items.map { $0 * 2 })
    }
}
