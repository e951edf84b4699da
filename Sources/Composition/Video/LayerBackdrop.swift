import MediaCore

/// What fills the canvas behind a layer's picture where the picture does not reach (the bars of a 16:9 clip
/// contained in a 9:16 output): drawn with the layer, at its opacity, under it.
public enum LayerBackdrop: Sendable, Hashable, Codable {
    /// The layer's own picture scaled to cover the canvas and blurred; `radius` is the blur's radius as a fraction of
    /// the canvas's shorter side.
    case blur(radius: Double)
    /// A solid colour.
    case color(Color)

    /// The blur social apps put behind a contained picture: 5% of the canvas's shorter side.
    public static let defaultBlur = LayerBackdrop.blur(radius: 0.05)
}
