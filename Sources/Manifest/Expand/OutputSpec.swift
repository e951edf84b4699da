public import Composition
public import MediaCore

/// One output with every variable resolved and every value typed: what a job is built from.
public struct OutputSpec: Sendable, Hashable {
    /// The output's name (also its file name without extension).
    public var name: String
    /// The manifest file that declares it.
    public var manifestPath: String
    /// Where in the manifest it is declared (the `name` key of its entry).
    public var location: SourceLocation
    /// The output directory, resolved against the manifest's directory.
    public var outDirectory: String
    /// The resolved export settings.
    public var settings: ExportSettings
    /// The variables this output was expanded with.
    public var variables: [String: String]
    /// The body clips in order.
    public var clips: [ClipSpec]
    /// The clip before the body, with the transition into the body.
    @Boxed public var intro: ClipSpec?
    /// The clip after the body, with the transition into it.
    @Boxed public var outro: ClipSpec?
    /// The transition between body clips.
    @Boxed public var transition: TransitionSpec?
    /// The music bed under everything.
    @Boxed public var soundtrack: SoundtrackSpec?
    /// Pictures over the video (logos, watermarks).
    public var overlays: [OverlaySpec]
    /// Text over the video.
    public var titles: [TitleSpec]
    /// Caption files shown on the output's timeline.
    public var captions: [CaptionSpec] = []
    /// How sped-up or slowed-down clips sound: pitch kept (time-domain, the default) or varispeed.
    public var timePitch: TimePitchAlgorithm? = nil
    /// The auto-reframing of clips that do not set their own.
    public var reframe: ReframeSpec? = nil
    /// Cuts moved to the soundtrack's beats (`snap`); nil leaves them where the clips put them.
    public var snap: SnapSpec? = nil
    /// Explicit timelines (`tracks:`); when set, `clips` is empty.
    public var tracks: [TrackSpec]
    /// Explicit layer ramps for `tracks`.
    public var layers: [LayerSpec]
    /// The OpenTimelineIO timeline `tracks` and `layers` were made from (`timeline:`), nil for none.
    @Boxed public var timeline: TimelineSpec? = nil
    /// The canvas colour behind everything, as `#rrggbb` or a name.
    public var background: String
    /// What fills the bars around each contained clip (`fill`; a clip's own wins); nil leaves the background.
    public var fill: LayerBackdrop? = nil
    /// The colour controls of the output's clips and layers (`look`; a clip's or layer's own wins); nil changes none.
    public var look: ColorControls? = nil
    /// A gradient behind everything instead (its size and length are settled when the job is built).
    public var backgroundGradient: GeneratedSource? = nil
    /// The file name (without extension) when it differs from `name`: outputs of one name in several folders are
    /// told apart by their folder, and their `name` becomes `folder/name`.
    public var fileName: String? = nil
    /// How long the output may last and how often its soundtrack may loop (the manifest's `limits:`).
    public var timelineLimits = TimelineLimits()
    /// How long one render of the output may run (its manifest's `limits.render_time`); nil for no limit.
    public var renderTimeLimit: MediaTime? = nil
    /// The data row the output was made from, nil for an output of no data table.
    public var dataRow: DataRow? = nil

    /// The written file's path: `outDirectory/name.ext`.
    public var outputPath: String { outDirectory + "/" + (fileName ?? name) + "." + settings.container.fileExtension }
}

/// How a picture meets the canvas or its region.
public enum Fit: String, Sendable, Hashable, Codable, CaseIterable {
    /// All of the picture, letterboxed on the background colour.
    case contain
    /// Fill the region, cutting the overflow.
    case cover
    /// Fill the region, changing the picture's shape.
    case stretch
}

/// A rectangle in pixels or percent of a reference size.
public struct RegionSpec: Sendable, Hashable, Codable {
    /// Left edge.
    public var x: Length
    /// Top edge.
    public var y: Length
    /// Width; nil keeps the picture's shape from `height`.
    public var width: Length?
    /// Height; nil keeps the picture's shape from `width`.
    public var height: Length?

    /// Creates a region.
    public init(x: Length, y: Length, width: Length?, height: Length?) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One clip: a range of a source, with speed, volume, crop and fit.
public struct ClipSpec: Sendable, Hashable {
    /// Where the media comes from.
    public var source: SourceReference
    /// Where in the manifest the clip's `source` is written.
    public var location: SourceLocation
    /// The in-point in the source (default 0).
    public var from: MediaTime
    /// The out-point in the source; nil with no `duration` means the source's end.
    public var to: MediaTime?
    /// The length taken from the source, as an alternative to `to`.
    public var duration: MediaTime?
    /// Playback speed as an exact ratio (2/1 plays twice as fast).
    public var speed: FrameRate
    /// Linear gain on the clip's audio.
    public var volume: Double
    /// The part of the source picture to use, in source pixels or percent of the source.
    public var crop: RegionSpec?
    /// How the (cropped) picture meets the canvas.
    public var fit: Fit
    /// The transition joining this clip to the next (for an intro, to the first body clip; for an outro, from the
    /// last body clip to it).
    @Boxed public var transition: TransitionSpec?
    /// Where in the manifest `from`, `to` or `duration` are written, for range errors.
    public var rangeLocation: SourceLocation
    /// Captions of this clip's source, moved and trimmed with the clip.
    @Boxed public var captions: CaptionSpec? = nil
    /// Keyframed movement of the picture (`motion`, `zoom`, `pan`).
    @Boxed public var motion: Motion? = nil
    /// Auto-reframing written on the clip; nil takes the output's.
    public var reframe: ReframeSpec? = nil
    /// This clip's own `fill`: `.some(nil)` for `none`; nil takes the output's.
    public var fill: LayerBackdrop?? = nil
    /// This clip's own `look`: `.some(nil)` for `none`; nil takes the output's.
    public var look: ColorControls?? = nil
    /// `radius`: rounded corners, as an overlay's (`OverlaySpec.radius`), at the picture's fitted size; nil for square
    /// corners.
    public var radius: Length? = nil
    /// `border`: a band of colour over the picture's edges, as an overlay's; nil for none.
    public var border: BorderSpec? = nil
}

/// A caption file (SRT or WebVTT) burned into the picture, with its look.
public struct CaptionSpec: Sendable, Hashable, Codable {
    /// The file, resolved against the manifest's directory.
    public var path: String
    /// Where in the manifest it is named.
    public var location: SourceLocation
    /// Shifts every cue (output-level captions).
    public var offset: MediaTime
    /// How the text looks.
    public var style: TextStyle
    /// Where on the frame it goes.
    public var anchor: TextPlacement.Anchor
    /// The size as written, settled against the canvas when the job is built; nil keeps `style.size`.
    public var size: TextSize? = nil
    /// Where the manifest names a font, checked when the job is built; nil when it names none.
    public var fontLocation: SourceLocation? = nil
    /// `style: karaoke`: each timed word is drawn in this colour from its time on; nil for plain captions.
    public var highlight: Color? = nil
}

/// The music bed under the output.
public struct SoundtrackSpec: Sendable, Hashable {
    /// The bed's media.
    public var source: SourceReference
    /// Where in the manifest `source` is written.
    public var location: SourceLocation
    /// Linear gain of the bed.
    public var volume: Double
    /// Repeat the bed to fill the output.
    public var loop: Bool
    /// Fade up from silence over this long at the start.
    public var fadeIn: MediaTime
    /// Fade down to silence over this long at the end.
    public var fadeOut: MediaTime
    /// Extra linear gain while clips with sound play (1 = no ducking).
    public var duck: Double
    /// Where in the bed to start.
    public var from: MediaTime
    /// The clip audio's level (dBFS) above which the bed ducks.
    public var duckThreshold: Double = -40
    /// How fast the bed goes down when clip audio starts.
    public var duckAttack = MediaTime(value: 1, timescale: 20)
    /// How fast it comes back when clip audio stops.
    public var duckRelease = MediaTime(value: 3, timescale: 10)
}

/// A picture over the video.
public struct OverlaySpec: Sendable, Hashable {
    /// The picture (a still image source, usually a PNG with alpha).
    public var source: SourceReference
    /// Where in the manifest it is written.
    public var location: SourceLocation
    /// Where on the canvas, in canvas pixels or percent.
    public var region: RegionSpec
    /// Opacity 0...1.
    public var opacity: Double
    /// When it appears (default 0).
    public var at: MediaTime
    /// How long it stays; nil means to the end.
    public var duration: MediaTime?
    /// Fade in and out over this long.
    public var fade: MediaTime
    /// Placement by corner or edge instead of `region`'s x and y: the picture sits `margin` from that side.
    public var anchor: TextPlacement.Anchor? = nil
    /// The distance from the anchored sides, in canvas pixels or percent.
    public var margin: Length = .percent(4)
    /// Opacity over time, replacing the single `opacity`.
    public var opacityRamps: [RampSpec] = []
    /// Keyframed movement, entrance and exit.
    public var motion: Motion? = nil
    /// A clip played as a picture-in-picture (`video:`), with its own range and sound; false for a picture
    /// (`image:`), which shows from its start, silent.
    public var isVideo = false
    /// A `lottie` overlay's `loop`: the animation repeats for the overlay's whole time instead of playing once.
    public var loops = false
    /// A `lottie` overlay's `speed` as an exact ratio: 2 plays the animation twice as fast.
    public var speed = FrameRate(1)
    /// The in-point in a video overlay's source.
    public var from: MediaTime = .zero
    /// The out-point in a video overlay's source; nil means the source's end.
    public var to: MediaTime? = nil
    /// Linear gain of a video overlay's sound (0 mutes it).
    public var volume: Double = 1
    /// A video overlay's `reframe`: its crop follows the subject with the aspect of its region; nil for none.
    public var reframe: ReframeSpec? = nil
    /// `radius`: rounded corners, in canvas pixels at the overlay's resting size or percent of its picture's shorter
    /// side (50% makes a circle or a pill); nil for square corners.
    public var radius: Length? = nil
    /// `border`: a band of colour over the picture's edges, its width in canvas pixels at the overlay's resting size
    /// or percent of its picture's shorter side; nil for none.
    public var border: BorderSpec? = nil
    /// `look`: the picture's colour controls; nil changes none (an output's `look` is not an overlay's: logos keep
    /// their colours).
    public var look: ColorControls? = nil
}

/// Text over the video.
public struct TitleSpec: Sendable, Hashable, Codable {
    /// The text, variables resolved.
    public var text: String
    /// Where in the manifest it is written.
    public var location: SourceLocation
    /// When it appears.
    public var at: MediaTime
    /// How long it stays; nil means to the end.
    public var duration: MediaTime?
    /// `top`, `center` or `bottom`.
    public var position: String
    /// The entrance, named as `enter` names it (`animate`'s slides, named after the edge they come from, are
    /// translated): `none`, `fade`, `pop`, `zoom`, `typewriter`, `slide-left` ... `slide-down`, `wipe-left` ...
    public var animate: String
    /// Font family name (for a font file, its path).
    public var font: String
    /// The size as written: a fraction of the frame height, percent of its shorter side, or canvas pixels.
    public var size: TextSize
    /// Text colour.
    public var color: String
    /// The full look: font, size, colours, outline, shadow, box.
    public var style = TextStyle()
    /// The corner, edge or centre the text is anchored to (from `position` or `anchor`).
    public var anchor: TextPlacement.Anchor = .bottom
    /// A canvas region the text wraps into, instead of an anchor.
    public var region: RegionSpec? = nil
    /// How long `animate` and `exit` take unless they say.
    public var animationDuration = MediaTime(value: 1, timescale: 2)
    /// How long the entrance takes, when it says.
    public var enterDuration: MediaTime? = nil
    /// The exit, with the same names as the entrance.
    public var exit = "none"
    /// How long the exit takes, when it says.
    public var exitDuration: MediaTime? = nil
    /// Where the manifest names a font, checked when the job is built; nil when it names none.
    public var fontLocation: SourceLocation? = nil
    /// Keyframed movement of the title (`motion:`), nil for none.
    public var motion: Motion? = nil
    /// `min_size` as written; nil for half of `size`.
    public var minimumSize: TextSize? = nil
    /// How far in from each edge the title stays (`safe_area`): a fraction or percent of each side, or pixels.
    public var safeArea: Length = .percent(5)
}

/// An explicit track: segments placed on the timeline by hand.
public struct TrackSpec: Sendable, Hashable {
    /// The track's segments in order.
    public var segments: [SegmentSpec]
    /// Where in the manifest the track is written.
    public var location: SourceLocation
    /// The one kind of media the track plays (an OpenTimelineIO track's kind); nil plays its sources' video and
    /// sound.
    public var media: MediaType? = nil
    /// Tracks of one group play one sequence between them, taking turns across its transitions (the two rolls
    /// an OpenTimelineIO track with dissolves becomes); nil for a track of its own.
    public var rollGroup: Int? = nil
}

/// One segment of an explicit track.
public struct SegmentSpec: Sendable, Hashable {
    /// The media.
    public var source: SourceReference
    /// Where in the manifest it is written.
    public var location: SourceLocation
    /// In-point in the source.
    public var from: MediaTime
    /// Out-point in the source; nil means the source's end.
    public var to: MediaTime?
    /// Where on the track it starts; nil means after the previous segment.
    public var at: MediaTime?
    /// Playback speed.
    public var speed: FrameRate
}

/// Placement and ramps for one explicit track.
public struct LayerSpec: Sendable, Hashable {
    /// The 1-based index of the track in `tracks`.
    public var track: Int
    /// Where in the manifest the layer is written.
    public var location: SourceLocation
    /// Where the picture goes on the canvas; nil means the whole canvas.
    public var region: RegionSpec?
    /// The part of the source to show.
    public var crop: RegionSpec?
    /// How the picture meets its region.
    public var fit: Fit
    /// Opacity over time: set values and linear ramps.
    public var opacity: [RampSpec]
    /// Audio volume over time (linear).
    public var volume: [RampSpec]
    /// Keyframed movement, entrance and exit.
    public var motion: Motion? = nil
    /// The layer's `reframe`: each video segment's crop follows its subject with the aspect of the layer's region;
    /// nil for the output's default.
    public var reframe: ReframeSpec? = nil
    /// `radius`: rounded corners, as an overlay's (`OverlaySpec.radius`); nil for square corners.
    public var radius: Length? = nil
    /// `border`: a band of colour over the picture's edges, as an overlay's; nil for none.
    public var border: BorderSpec? = nil
    /// The layer's own `look`: `.some(nil)` for `none`; nil takes the output's.
    public var look: ColorControls?? = nil
}

/// A value set at a time, or ramped linearly across a range.
public struct RampSpec: Sendable, Hashable, Codable {
    /// Where the ramp starts (or the value is set).
    public var start: MediaTime
    /// The ramp's length; 0 sets a value that holds until the next one.
    public var duration: MediaTime
    /// The value at the start.
    public var startValue: Double
    /// The value at the end.
    public var endValue: Double
}
