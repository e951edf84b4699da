import Composition
import MediaCore
import YAML

/// What fills the bars around a contained picture: `fill: blur` (the picture itself, covering the canvas and
/// blurred), a colour, or `none`.
extension OutputDecoder {
    /// The `fill` written at `node`: `.some(nil)` for `none`, nil when it is not understood (reported).
    func fill(_ node: YAMLNode, reader: inout NodeReader) -> LayerBackdrop?? {
        guard let text = reader.string(node, "fill") else { return nil }
        switch text {
        case "none": return .some(nil)
        case "blur": return .some(.defaultBlur)
        default:
            // Anything else is a colour, with the colours' did-you-mean when it is none.
            guard let color = reader.color(node, "fill").flatMap(Color.init(parsing:)) else { return nil }
            return .some(.color(color))
        }
    }

    /// An output's (or its template's) `fill`, the default of its clips.
    func outputFill(_ fields: [String: YAMLNode], into spec: inout OutputSpec, reader: inout NodeReader) {
        if let node = fields["fill"], let fill = fill(node, reader: &reader) { spec.fill = fill }
    }
}
