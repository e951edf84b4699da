import Foundation

extension CGPoint {
    /// Whether the two points are equal (CoreGraphics' `CGPointEqualToPoint`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether the two sizes are equal (CoreGraphics' `CGSizeEqualToSize`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the two rectangles have equal origins and sizes once standardized (CoreGraphics' `CGRectEqualToRect`).
    public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }
}
