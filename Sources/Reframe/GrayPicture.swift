/// A small 8-bit grey picture, rows packed without padding, as the detectors and the shot finder read it.
struct GrayPicture {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// The share of the picture in each of `bins` brightness bins.
    func histogram(bins: Int = 32) -> [Double] {
        var counts = [Int](repeating: 0, count: bins)
        for value in pixels { counts[Int(value) * bins / 256] += 1 }
        let total = Double(max(1, pixels.count))
        return counts.map { Double($0) / total }
    }

    /// The mean absolute difference from `other` (same size), 0...255.
    func meanDifference(from other: GrayPicture) -> Double {
        guard other.pixels.count == pixels.count, !pixels.isEmpty else { return 255 }
        var sum = 0
        for index in pixels.indices { sum += abs(Int(pixels[index]) - Int(other.pixels[index])) }
        return Double(sum) / Double(pixels.count)
    }
}
