import Foundation

extension CGSize {
    /// The size scaled down (never up) to fit `limit` keeping its shape, in even whole pixels of at least 2; a zero
    /// side of `limit` does not limit. A size that is not positive gives 2x2.
    func evenPixels(fitting limit: CGSize) -> (width: Int, height: Int) {
        let width = Double(self.width), height = Double(self.height)
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return (2, 2) }
        var scale = 1.0
        if limit.width > 0 { scale = min(scale, Double(limit.width) / width) }
        if limit.height > 0 { scale = min(scale, Double(limit.height) / height) }
        let even = { (value: Double) in max(2, Int((value * scale).rounded()) & ~1) }
        return (even(width), even(height))
    }
}
