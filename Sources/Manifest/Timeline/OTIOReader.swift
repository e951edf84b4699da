import Foundation
import MediaCore
import YAML

/// Reads an OpenTimelineIO file (JSON, parsed by the YAML reader so every object keeps its line and column) into
/// `OTIOTimeline`, reporting every object that cannot be rendered at its place in the file.
struct OTIOReader {
    /// The file's text, for quoting lines under errors.
    let source: YAMLSource
    /// The folder relative `target_url`s are resolved against: the .otio file's own.
    let directory: String
    /// The problems found.
    var diagnostics = DiagnosticList()

    /// The schema names and versions read (OpenTimelineIO 0.15 to 0.18 write these).
    static let schemas = ["Timeline.1", "Stack.1", "Track.1", "Clip.1", "Clip.2", "Gap.1", "Transition.1",
                          "ExternalReference.1", "MissingReference.1", "GeneratorReference.1", "LinearTimeWarp.1",
                          "FreezeFrame.1", "Marker.1", "Marker.2", "RationalTime.1", "TimeRange.1"]

    /// OpenTimelineIO schemas mediabatch knows but cannot render (any version).
    static let unsupported = ["ImageSequenceReference", "Effect", "TimeEffect", "SerializableCollection"]

    mutating func error(_ message: String, at node: YAMLNode) {
        diagnostics.error(message, at: node, in: source)
    }

    /// The timeline at the document's root.
    mutating func timeline(_ root: YAMLNode) -> OTIOTimeline? {
        guard let (schema, fields) = object(root, "the file") else { return nil }
        guard schema.value == "Timeline.1" else {
            error("the file holds a '\(schema.value)', not a 'Timeline.1'; export the timeline itself", at: schema.node)
            return nil
        }
        let name = text(fields["name"]) ?? ""
        var globalStart: MediaTime?, globalRate: FrameRate?
        if let node = fields["global_start_time"], !node.isNull, let (time, rate) = rationalTime(node) {
            (globalStart, globalRate) = (time, rate)
        }
        guard let tracksNode = fields["tracks"] else {
            error("timeline '\(name)' has no 'tracks'", at: root)
            return nil
        }
        guard case .composition(let stack)? = item(tracksNode), stack.kind == .stack else {
            if diagnostics.errorCount == 0 { error("the timeline's 'tracks' must be a 'Stack.1'", at: tracksNode) }
            return nil
        }
        return OTIOTimeline(name: name, tracks: stack, globalStart: globalStart, globalStartRate: globalRate)
    }

    /// An object's `OTIO_SCHEMA` node and its fields; nil (with an error) when it is no OTIO object or of an
    /// unknown schema.
    mutating func object(_ node: YAMLNode, _ what: String) -> (schema: (value: String, node: YAMLNode), fields: [String: YAMLNode])? {
        guard let pairs = node.pairs else {
            error("\(what) must be an OpenTimelineIO object, not a \(node.kindName)", at: node)
            return nil
        }
        var fields: [String: YAMLNode] = [:]
        for pair in pairs { if let key = pair.key.string { fields[key] = pair.value } }
        guard let schemaNode = fields["OTIO_SCHEMA"], let schema = schemaNode.string else {
            error("\(what) has no 'OTIO_SCHEMA'", at: node)
            return nil
        }
        if Self.unsupported.contains(where: { schema.hasPrefix($0 + ".") }) {
            error("OpenTimelineIO's '\(schema)' cannot be rendered by mediabatch", at: schemaNode)
            return nil
        }
        guard Self.schemas.contains(schema) else {
            var message = "unknown OpenTimelineIO schema '\(schema)'"
            if let guess = Suggestion.closest(to: schema, among: Self.schemas) { message += "; did you mean '\(guess)'?" }
            error(message, at: schemaNode)
            return nil
        }
        return ((schema, schemaNode), fields)
    }

    /// The text of an optional string field.
    func text(_ node: YAMLNode?) -> String? {
        guard let node, !node.isNull else { return nil }
        return node.string
    }

    /// `enabled`, true unless it says false.
    func enabled(_ fields: [String: YAMLNode]) -> Bool {
        fields["enabled"]?.bool ?? true
    }

    /// The fields of an object that must be a `schema`, with every key of `needed`; nil (with an error) otherwise.
    mutating func fields(of node: YAMLNode, _ schema: String, needing needed: [String]) -> [String: YAMLNode]? {
        guard let (found, fields) = object(node, "a '\(schema)'") else { return nil }
        guard found.value == schema else {
            error("expected a '\(schema)' here, not a '\(found.value)'", at: found.node)
            return nil
        }
        let missing = needed.filter { fields[$0] == nil }
        guard missing.isEmpty else {
            error("a '\(schema)' needs " + missing.map { "'\($0)'" }.joined(separator: " and "), at: node)
            return nil
        }
        return fields
    }

    /// A `RationalTime.1` as an exact time, with its rate.
    mutating func rationalTime(_ node: YAMLNode) -> (MediaTime, FrameRate)? {
        guard let fields = fields(of: node, "RationalTime.1", needing: ["rate", "value"]),
              let rateNode = fields["rate"], let valueNode = fields["value"] else { return nil }
        guard let rateText = rateNode.string, let rate = OTIOTime.rate(rateText) else {
            error("invalid rate '\(rateNode.string ?? rateNode.kindName)'; a rate must be a number above 0", at: rateNode)
            return nil
        }
        guard let valueText = valueNode.string, let time = OTIOTime.time(value: valueText, rate: rate) else {
            error("invalid time value '\(valueNode.string ?? valueNode.kindName)' at rate \(rateText); it must be a "
                  + "number with at most 9 decimals", at: valueNode)
            return nil
        }
        return (time, rate)
    }

    /// A `TimeRange.1`; a negative duration is an error.
    mutating func timeRange(_ node: YAMLNode) -> TimeRange? {
        guard let fields = fields(of: node, "TimeRange.1", needing: ["start_time", "duration"]),
              let startNode = fields["start_time"], let durationNode = fields["duration"] else { return nil }
        guard let (start, _) = rationalTime(startNode), let (duration, _) = rationalTime(durationNode) else { return nil }
        guard duration >= .zero else {
            error("a duration may not be negative", at: durationNode)
            return nil
        }
        return TimeRange(start: start, duration: duration)
    }

    /// `Marker.1` / `Marker.2` objects of a `markers` list, in their item's time.
    mutating func markers(_ node: YAMLNode?) -> [TimelineMarker] {
        guard let node, !node.isNull else { return [] }
        guard let items = node.items else {
            error("'markers' must be a list, not a \(node.kindName)", at: node)
            return []
        }
        var result: [TimelineMarker] = []
        for item in items {
            guard let (schema, fields) = object(item, "a marker") else { continue }
            guard schema.value.hasPrefix("Marker.") else {
                error("expected a marker here, not a '\(schema.value)'", at: schema.node)
                continue
            }
            guard let rangeNode = fields["marked_range"], let range = timeRange(rangeNode) else {
                if fields["marked_range"] == nil { error("a marker needs 'marked_range'", at: item) }
                continue
            }
            result.append(TimelineMarker(name: text(fields["name"]) ?? "", range: range,
                                         color: text(fields["color"]) ?? "RED", comment: text(fields["comment"]) ?? ""))
        }
        return result
    }
}
