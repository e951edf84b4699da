import MediaCore

/// A composition of tracks (AVMutableComposition); a value, so every edit is a mutation of the value.
public struct MutableComposition: Sendable, Hashable, Codable {
    /// The tracks in the order they were added.
    public internal(set) var tracks: [CompositionTrack]
    /// The size set explicitly; zero means "the first video track's size".
    var authoredNaturalSize: Size

    /// An empty composition.
    public init() {
        tracks = []
        authoredNaturalSize = .zero
    }

    /// The authored size of the picture: as set, else the first video track's natural size. Setting zero reverts.
    public var naturalSize: Size {
        get {
            if !authoredNaturalSize.isZero { return authoredNaturalSize }
            return tracks.first { $0.mediaType == .video }?.naturalSize ?? .zero
        }
        set { authoredNaturalSize = newValue }
    }

    /// The end of the longest track; zero for a composition without content.
    public var duration: MediaTime {
        tracks.reduce(MediaTime.zero) { MediaTime.maximum($0, $1.endTime) }
    }

    /// Adds an empty track and returns its ID: `preferredTrackID` if it is free, the lowest free ID above the
    /// current ones for 0 (`kCMPersistentTrackID_Invalid`), or nil if the preferred ID is taken or negative.
    @discardableResult
    public mutating func addMutableTrack(withMediaType mediaType: MediaType, preferredTrackID: Int32 = 0) -> Int32? {
        guard preferredTrackID >= 0, track(withID: preferredTrackID) == nil else { return nil }
        let id = preferredTrackID != 0 ? preferredTrackID : (tracks.map(\.trackID).max() ?? 0) + 1
        tracks.append(CompositionTrack(trackID: id, mediaType: mediaType))
        return id
    }

    /// Removes the track with `trackID`, if there is one.
    public mutating func removeTrack(withID trackID: Int32) {
        tracks.removeAll { $0.trackID == trackID }
    }

    /// The track with `trackID`, if any.
    public func track(withID trackID: Int32) -> CompositionTrack? {
        tracks.first { $0.trackID == trackID }
    }

    /// The tracks carrying `mediaType`, in order.
    public func tracks(withMediaType mediaType: MediaType) -> [CompositionTrack] {
        tracks.filter { $0.mediaType == mediaType }
    }

    /// Runs `body` on the track with `trackID` and keeps its changes; throws if there is no such track. If `body`
    /// throws, the track is left as it was.
    @discardableResult
    public mutating func modifyTrack<Result>(
        _ trackID: Int32, _ body: (inout CompositionTrack) throws -> Result
    ) throws -> Result {
        guard let index = tracks.firstIndex(where: { $0.trackID == trackID }) else {
            throw CompositionError.noSuchTrack(trackID: trackID)
        }
        var track = tracks[index]
        let result = try body(&track)
        tracks[index] = track
        return result
    }

    /// Checks every track's segments.
    public func validateSegments() throws {
        for track in tracks { try track.validateSegments() }
    }
}
