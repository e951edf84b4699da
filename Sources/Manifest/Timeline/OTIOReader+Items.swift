import Foundation
import MediaCore
import YAML

extension OTIOReader {
    /// A child of a track or stack; nil (with an error) for what cannot be rendered.
    mutating func item(_ node: YAMLNode) -> OTIOItem? {
        guard let (schema, fields) = object(node, "an item") else { return nil }
        switch schema.value {
        case "Clip.1", "Clip.2":
            return clip(node, fields).map { .clip($0) }
        case "Gap.1":
            guard let rangeNode = fields["source_range"], let range = timeRange(rangeNode) else {
                if fields["source_range"] == nil { error("a gap needs 'source_range'", at: node) }
                return nil
            }
            return .gap(duration: range.duration, location: node.location)
        case "Transition.1":
            return transition(node, fields).map { .transition($0) }
        case "Track.1", "Stack.1":
            return composition(node, fields, isStack: schema.value == "Stack.1").map { .composition($0) }
        default:
            error("a '\(schema.value)' cannot be an item of a track or a stack", at: schema.node)
            return nil
        }
    }

    /// A track or a stack with its children.
    private mutating func composition(_ node: YAMLNode, _ fields: [String: YAMLNode], isStack: Bool) -> OTIOComposition? {
        let name = text(fields["name"]) ?? ""
        var kind = OTIOComposition.Kind.stack
        if !isStack {
            switch text(fields["kind"]) ?? "Video" {
            case "Video": kind = .track(.video)
            case "Audio": kind = .track(.audio)
            case let other:
                error("unknown track kind '\(other)' of track '\(name)'; use 'Video' or 'Audio'", at: fields["kind"] ?? node)
                return nil
            }
        }
        var children: [OTIOItem] = []
        if let childrenNode = fields["children"], !childrenNode.isNull {
            guard let items = childrenNode.items else {
                error("'children' must be a list, not a \(childrenNode.kindName)", at: childrenNode)
                return nil
            }
            children = items.compactMap { item($0) }
        }
        var sourceRange: TimeRange?
        if let rangeNode = fields["source_range"], !rangeNode.isNull { sourceRange = timeRange(rangeNode) }
        return OTIOComposition(kind: kind, name: name, children: children, sourceRange: sourceRange,
                               enabled: enabled(fields), markers: markers(fields["markers"]), location: node.location)
    }

    /// A transition; only `SMPTE_Dissolve` renders.
    private mutating func transition(_ node: YAMLNode, _ fields: [String: YAMLNode]) -> OTIOTransition? {
        let type = text(fields["transition_type"]) ?? "SMPTE_Dissolve"
        guard type == "SMPTE_Dissolve" else {
            error("transition type '\(type)' cannot be rendered; mediabatch renders 'SMPTE_Dissolve' (a crossfade)",
                  at: fields["transition_type"] ?? node)
            return nil
        }
        guard let inNode = fields["in_offset"], let outNode = fields["out_offset"] else {
            error("a transition needs 'in_offset' and 'out_offset'", at: node)
            return nil
        }
        guard let (inOffset, _) = rationalTime(inNode), let (outOffset, _) = rationalTime(outNode) else { return nil }
        for (offset, offsetNode) in [(inOffset, inNode), (outOffset, outNode)] where offset < .zero {
            error("a transition's offsets may not be negative", at: offsetNode)
            return nil
        }
        return OTIOTransition(inOffset: inOffset, outOffset: outOffset, location: node.location)
    }

    /// A clip with its active media reference, range and speed.
    private mutating func clip(_ node: YAMLNode, _ fields: [String: YAMLNode]) -> OTIOClip? {
        let name = text(fields["name"]) ?? ""
        let markers = markers(fields["markers"])
        let speed = effects(fields["effects"], clip: name)
        guard let referenceNode = activeReference(fields, at: node, clip: name),
              let (path, pathNode, available) = externalReference(referenceNode, clip: name) else { return nil }
        var sourceRange: TimeRange?
        if let rangeNode = fields["source_range"], !rangeNode.isNull {
            guard let range = timeRange(rangeNode) else { return nil }
            sourceRange = range
        }
        guard let range = sourceRange ?? available else {
            error("clip '\(name)' has neither a 'source_range' nor an 'available_range' on its media", at: node)
            return nil
        }
        guard let speed else { return nil }
        return OTIOClip(name: name, path: path, pathLocation: pathNode.location, availableRange: available,
                        sourceRange: range, speed: speed, enabled: enabled(fields), markers: markers,
                        location: node.location)
    }

    /// `media_reference` (Clip.1) or the `media_references` entry `active_media_reference_key` names (Clip.2).
    private mutating func activeReference(_ fields: [String: YAMLNode], at node: YAMLNode, clip: String) -> YAMLNode? {
        if let single = fields["media_reference"], !single.isNull { return single }
        guard let references = fields["media_references"], let pairs = references.pairs else {
            error("clip '\(clip)' has no media reference", at: node)
            return nil
        }
        let key = text(fields["active_media_reference_key"]) ?? "DEFAULT_MEDIA"
        guard let pair = pairs.first(where: { $0.key.string == key }) else {
            error("clip '\(clip)' has no media reference '\(key)' (its 'active_media_reference_key')",
                  at: fields["active_media_reference_key"] ?? references)
            return nil
        }
        return pair.value
    }

    /// An `ExternalReference.1`'s file (resolved) and `available_range`.
    private mutating func externalReference(_ node: YAMLNode, clip: String)
        -> (path: String, node: YAMLNode, available: TimeRange?)? {
        guard let (schema, fields) = object(node, "a media reference") else { return nil }
        switch schema.value {
        case "ExternalReference.1": break
        case "MissingReference.1":
            error("clip '\(clip)' has a missing media reference (MissingReference); relink its media in the editor",
                  at: schema.node)
            return nil
        case "GeneratorReference.1":
            let kind = text(fields["generator_kind"]).map { " '\($0)'" } ?? ""
            error("clip '\(clip)' uses a generator reference\(kind), which mediabatch cannot render; replace it with a "
                  + "media file", at: schema.node)
            return nil
        default:
            error("a '\(schema.value)' cannot be a media reference", at: schema.node)
            return nil
        }
        guard let urlNode = fields["target_url"], let url = text(urlNode), !url.isEmpty else {
            error("clip '\(clip)' has an external reference without a 'target_url'", at: node)
            return nil
        }
        guard let path = localPath(url) else {
            error("target_url '\(url)' of clip '\(clip)' is not a local file; use a path or a file:// URL", at: urlNode)
            return nil
        }
        var available: TimeRange?
        if let rangeNode = fields["available_range"], !rangeNode.isNull { available = timeRange(rangeNode) }
        return (path, urlNode, available)
    }

    /// A `target_url` as a file path: `file://` URLs (with or without a host), absolute paths, and paths relative
    /// to the .otio file; nil for other schemes.
    func localPath(_ url: String) -> String? {
        var path = url
        if url.lowercased().hasPrefix("file://") {
            path = String(url.dropFirst(7))
            if !path.hasPrefix("/") { path = path.firstIndex(of: "/").map { String(path[$0...]) } ?? "/" }
            path = path.removingPercentEncoding ?? path
        } else if let colon = url.firstIndex(of: ":"), url[..<colon].count > 1,
                  url[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }) {
            return nil
        }
        return ManifestFile.resolve(path, against: directory)
    }

    /// The clip's speed from its effects: the product of its `LinearTimeWarp`s, or a held frame for a
    /// `FreezeFrame`; nil (with an error) for an effect that cannot be rendered.
    private mutating func effects(_ node: YAMLNode?, clip: String) -> OTIOSpeed? {
        guard let node, !node.isNull else { return .rate(FrameRate(1)) }
        guard let items = node.items else {
            error("'effects' must be a list, not a \(node.kindName)", at: node)
            return nil
        }
        var speed = OTIOSpeed.rate(FrameRate(1))
        var usable = true
        for item in items {
            guard let (schema, fields) = object(item, "an effect") else { usable = false; continue }
            if schema.value == "FreezeFrame.1" { speed = .freeze; continue }
            guard schema.value == "LinearTimeWarp.1" else {
                error("a '\(schema.value)' cannot be an effect of clip '\(clip)'", at: schema.node)
                usable = false
                continue
            }
            guard let scalar = timeScalar(fields["time_scalar"], at: item, clip: clip) else { usable = false; continue }
            if scalar.numerator == 0 { speed = .freeze; continue }
            if case .rate(let current) = speed { speed = .rate(Self.product(current, scalar)) }
        }
        return usable ? speed : nil
    }

    /// A `time_scalar` as an exact ratio (0 holds the frame); speeds are 1/16 to 16, forward only.
    private mutating func timeScalar(_ node: YAMLNode?, at item: YAMLNode, clip: String) -> FrameRate? {
        guard let node else { return FrameRate(1) }
        guard let text = node.string, let (top, bottom) = OTIOTime.decimal(text, maxDigits: 6),
              let numerator = Int32(exactly: top), let denominator = Int32(exactly: bottom) else {
            error("invalid time_scalar '\(node.string ?? node.kindName)' of clip '\(clip)'", at: node)
            return nil
        }
        if numerator == 0 { return FrameRate(0, 1) }
        let speed = Double(numerator) / Double(denominator)
        guard speed >= 0.0625, speed <= 16 else {
            error("time_scalar \(text) of clip '\(clip)' cannot be rendered; use a speed from 0.0625 to 16 (reverse "
                  + "playback is not supported)", at: node)
            return nil
        }
        return Self.product(FrameRate(numerator, denominator), FrameRate(1))
    }

    /// `a x b` in lowest terms.
    static func product(_ a: FrameRate, _ b: FrameRate) -> FrameRate {
        let top = Int64(a.numerator) * Int64(b.numerator), bottom = Int64(a.denominator) * Int64(b.denominator)
        var (x, y) = (top, bottom)
        while y != 0 { (x, y) = (y, x % y) }
        return FrameRate(Int32(clamping: top / x), Int32(clamping: bottom / x))
    }
}
