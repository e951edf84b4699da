/// The keys each part of a manifest accepts (docs/manifest.md); the format's contract in one place.
enum ManifestSchema {
    static let topLevel = ["mediabatch", "defaults", "vars", "sources", "templates", "outputs", "presets", "downloads",
                           "limits"]
    static let downloads = ["allow_hosts", "max_size", "timeout"]
    static let limits = ["outputs", "duration", "loops", "render_time"]
    static let defaults = ["preset", "out", "template", "background"]
    static let source = ["path", "generate", "duration", "size", "fps", "color", "frequency", "output", "url", "sha256"]
        + GeneratorDecoder.gradientKeys
    /// Keys a template may set and an output may override.
    static let templatable = ["intro", "outro", "transition", "soundtrack", "overlays", "title", "titles", "captions",
                              "preset", "background", "metadata", "clips", "tracks", "layers", "out", "time_pitch",
                              "timeline", "reframe", "fill", "snap", "look"]
    static let template = templatable
    static let output = ["name", "template", "data", "matrix", "vars"] + templatable
    static let clip = ["source", "from", "to", "duration", "speed", "volume", "crop", "fit", "transition", "mute",
                       "captions", "reframe", "fill", "lottie", "radius", "border", "border_width", "look"] + motion
    /// `reframe` as a mapping (clips, layers and video overlays, and outputs or templates as their default).
    static let reframe = ["mode", "subject", "padding", "smoothing"]
    /// `snap` as a mapping (outputs and templates).
    static let snap = ["to", "every", "max_shift"]
    static let transition = ["type", "duration", "ease", "color", "image", "softness"]
    /// Keys that move a picture: keyframes and the Ken Burns shorthands (clips, layers, overlays).
    static let motion = ["motion", "zoom", "pan"]
    /// Keys of layers and overlays that also animate how they arrive and leave.
    static let appearances = ["enter", "exit"]
    static let keyframe = ["at", "scale", "x", "y", "anchor", "rotate", "crop", "opacity", "ease"]
    static let zoom = ["from", "to", "anchor", "ease"]
    static let pan = ["from", "to", "scale", "ease"]
    static let appearance = ["type", "duration", "ease"]
    static let anchorPoint = ["x", "y"]
    static let soundtrack = ["source", "volume", "loop", "fade_in", "fade_out", "duck", "from", "duck_threshold",
                             "duck_attack", "duck_release"]
    static let overlay = ["image", "lottie", "loop", "speed", "region", "opacity", "at", "duration", "fade", "anchor", "margin",
                          "radius", "border", "border_width", "look"]
        + motion + appearances
        + videoOverlay
    /// An overlay's keys for a clip played as a picture-in-picture.
    static let videoOverlay = ["video", "from", "to", "volume", "mute", "reframe"]
    static let region = ["x", "y", "width", "height"]
    /// `look` as a mapping (clips, layers, overlays, and outputs or templates as their default).
    static let look = ["brightness", "contrast", "saturation"]
    /// An output's `background` as a generator (a colour or a gradient filling the canvas for the whole output).
    static let background = ["generate", "color"] + GeneratorDecoder.gradientKeys
    /// Keys that say how text looks, shared by titles and captions.
    static let textStyle = ["font", "size", "color", "outline", "outline_width", "shadow", "box", "box_radius", "bold",
                            "italic", "align", "fit", "min_size", "max_lines", "line_spacing", "letter_spacing",
                            "language"]
    static let title = ["text", "at", "duration", "position", "anchor", "region", "animate", "enter", "exit",
                        "animate_duration", "motion", "safe_area"] + textStyle
    /// The long form of a title's `animate`, `enter` or `exit`.
    static let textAnimation = ["type", "duration"]
    static let captions = ["file", "offset", "position", "style", "highlight"] + textStyle
    static let track = ["segments"]
    static let segment = ["source", "from", "to", "at", "speed"]
    static let layer = ["track", "region", "crop", "fit", "opacity", "volume", "reframe", "radius", "border",
                        "border_width", "look"] + motion
        + appearances
    static let ramp = ["at", "value", "from", "to", "start", "end"]
    static let presetOverride = ["base", "aspect", "name", "container", "video", "audio", "faststart", "passthrough",
                                 "poster_at", "metadata", "damage_limit", "loop"]
    static let presetVideo = ["codec", "width", "height", "fps", "crf", "bitrate", "max_bitrate", "speed",
                              "pixel_format", "upscale", "keyframe_interval", "dynamic_range", "threads", "quality"]
    static let presetAudio = ["codec", "bitrate", "sample_rate", "channels", "loudness", "true_peak"]
}
