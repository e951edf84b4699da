import MediaCore
import Testing

@Test func addsAcrossTimescalesExactly() {
    let sum = MediaTime(value: 1, timescale: 2) + MediaTime(value: 1, timescale: 3)
    #expect(sum.value == 5 && sum.timescale == 6)
}
