extension RenderMemory {
    /// One render's estimates for `pairedBudget`: in one lane from idle, in all its lanes alone, and beside others.
    public struct Estimates: Sendable, Hashable {
        /// In one encoder lane, started from idle.
        public var oneLane: Int
        /// In all its lanes, alone.
        public var inLanes: Int
        /// In one lane beside another render.
        public var beside: Int

        /// Creates the estimates of one render.
        public init(oneLane: Int, inLanes: Int, beside: Int) {
            self.oneLane = oneLane
            self.inLanes = inLanes
            self.beside = beside
        }
    }

    /// The least budget under which each render runs the cheaper of two ways that keep the cores busy: its lanes
    /// alone, or one lane beside the render of the batch that holds least beside others. A render whose lanes hold
    /// more than that pair then runs in one lane beside another, and two such renders never run together: the
    /// batch's peak is a large output beside a small one, not a large output's lanes (the same bytes either way).
    /// Nil for fewer than two renders.
    public static func pairedBudget(_ renders: [Estimates]) -> Int? {
        guard renders.count > 1 else { return nil }
        let besides = renders.map(\.beside).sorted()
        return renders.map { render in
            // The smallest partner other than the render itself.
            let partner = render.beside == besides[0] ? besides[1] : besides[0]
            return min(render.inLanes, render.oneLane + partner)
        }.max()
    }
}
