/// A value a ramp can interpolate between a start and an end value.
public protocol RampValue: Sendable, Hashable, Codable {
    /// The value `fraction` of the way from `self` to `end`: 0 gives `self`, 1 gives `end`; an eased ramp may ask
    /// for fractions outside 0...1 (an overshoot), which extrapolate.
    func interpolated(to end: Self, fraction: Double) -> Self
}

extension Double: RampValue {
    /// Linear interpolation and extrapolation; the ends are returned exactly at 0 and 1.
    public func interpolated(to end: Double, fraction: Double) -> Double {
        if fraction == 0 { return self }
        if fraction == 1 { return end }
        return self + (end - self) * fraction
    }
}
