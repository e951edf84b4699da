import MediaCore

/// One child of an OpenTimelineIO track or stack, as read from the .otio file, times exact.
indirect enum OTIOItem: Sendable, Hashable {
    /// A piece of media.
    case clip(OTIOClip)
    /// Nothing for a while: black (or the tracks below) and silence.
    case gap(duration: MediaTime, location: SourceLocation)
    /// An overlap of the items on either side of it, taking no time of its own.
    case transition(OTIOTransition)
    /// A nested track or stack.
    case composition(OTIOComposition)
}

/// A clip: a range of an external file, with its speed and markers.
struct OTIOClip: Sendable, Hashable {
    /// The clip's name, for messages and the plan.
    var name: String
    /// The media file, resolved against the .otio file's folder.
    var path: String
    /// Where the media reference's `target_url` is written.
    var pathLocation: SourceLocation
    /// The media's `available_range`, when the file gives it: how far the handles reach.
    var availableRange: TimeRange?
    /// The range used, in the media's time.
    var sourceRange: TimeRange
    /// How fast it plays.
    var speed: OTIOSpeed
    /// Whether it plays (a disabled clip is a gap of its length).
    var enabled: Bool
    /// Markers, in the media's time.
    var markers: [TimelineMarker]
    /// Where the clip's object starts.
    var location: SourceLocation
}

/// A transition between the two items around it.
struct OTIOTransition: Sendable, Hashable {
    /// How long it reaches into the item before the cut.
    var inOffset: MediaTime
    /// How long it reaches into the item after the cut.
    var outOffset: MediaTime
    /// Where the transition's object starts.
    var location: SourceLocation
}

/// A track (items one after another) or a stack (tracks over each other, the last on top).
struct OTIOComposition: Sendable, Hashable {
    /// Which kind.
    enum Kind: Sendable, Hashable {
        /// A track of `media`.
        case track(MediaType)
        /// A stack of tracks.
        case stack
    }

    /// Track or stack.
    var kind: Kind
    /// The track's or stack's name.
    var name: String
    /// The children in order.
    var children: [OTIOItem]
    /// The part of its own time it shows; nil for all of it.
    var sourceRange: TimeRange?
    /// Whether it plays.
    var enabled: Bool
    /// Markers, in its own time.
    var markers: [TimelineMarker]
    /// Where its object starts.
    var location: SourceLocation
}

/// A clip's time effect: media seconds per timeline second (`LinearTimeWarp`'s `time_scalar`), or a held frame.
enum OTIOSpeed: Sendable, Hashable {
    /// Plays at this exact ratio (1 for no effect).
    case rate(FrameRate)
    /// Holds the frame at the clip's start (`FreezeFrame`, or a `time_scalar` of 0).
    case freeze
}
