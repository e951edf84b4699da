/// Finds hard cuts between consecutive small pictures: the brightness histograms differ by more than
/// `histogramThreshold` of their mass (a change of scene), or the mean pixel difference jumps above
/// `spikeFactor` times the median of the shot's recent differences (the same scene seen from elsewhere, or a subject
/// that jumps across the frame), and above `minimumDifference` so that noise in a still shot is no cut.
struct ShotFinder {
    static let histogramThreshold = 0.35
    static let spikeFactor = 4.0
    static let minimumDifference = 2.0
    /// How many recent differences the median is taken over.
    static let memory = 8

    private var previous: GrayPicture?
    private var previousHistogram: [Double] = []
    private var recent: [Double] = []

    /// Whether `picture` starts a new shot (never the first picture).
    mutating func isCut(_ picture: GrayPicture) -> Bool {
        let histogram = picture.histogram()
        defer { (previous, previousHistogram) = (picture, histogram) }
        guard let previous else { return false }
        let moved = zip(histogram, previousHistogram).reduce(0) { $0 + abs($1.0 - $1.1) } / 2
        let difference = picture.meanDifference(from: previous)
        let median = recent.sorted().dropFirst(recent.count / 2).first
        let spiked = median.map { difference > max(Self.minimumDifference, $0 * Self.spikeFactor) } ?? false
        if moved > Self.histogramThreshold || spiked {
            recent.removeAll()
            return true
        }
        recent.append(difference)
        if recent.count > Self.memory { recent.removeFirst() }
        return false
    }
}
