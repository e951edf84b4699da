import Render
import Testing

/// `RenderMemory.pairedBudget`: the budget under which a large output runs in one lane beside the smallest render
/// instead of in its lanes alone. Figures in MB, as estimated for the B2 benchmark's outputs.
struct RenderMemoryPairingTests {
    static let large = RenderMemory.Estimates(oneLane: 175, inLanes: 314, beside: 170)
    static let small = RenderMemory.Estimates(oneLane: 117, inLanes: 199, beside: 115)

    @Test(arguments: [
        // A 1280x1280 output beside a 720x1280 one (175 + 115) holds less than its two lanes (314).
        ([large, small, small], 290),
        // Two large outputs: the lanes of one (314) hold less than the pair (175 + 170).
        ([large, large], 314),
        // Small outputs only: their lanes (199) hold less than a pair (117 + 115).
        ([small, small, small], 199),
        // One render has no partner.
        ([large], nil),
    ] as [([RenderMemory.Estimates], Int?)])
    func budgetIsTheCheaperWayOfTheMostDemandingRender(renders: [RenderMemory.Estimates], budget: Int?) {
        #expect(RenderMemory.pairedBudget(renders) == budget)
    }
}
