import Composition
public import MediaCore
public import YAML

/// Reads typed values out of YAML nodes, reporting every problem at its node instead of stopping at the first.
public struct NodeReader: Sendable {
    /// The text the nodes came from, to quote lines under messages.
    public let source: YAMLSource
    /// The problems found so far.
    public var diagnostics = DiagnosticList()

    /// A reader for nodes of `source`.
    public init(source: YAMLSource) {
        self.source = source
    }

    /// Records an error at `node`.
    public mutating func error(_ message: String, at node: YAMLNode, columnOffset: Int = 0) {
        diagnostics.error(message, at: node, in: source, columnOffset: columnOffset)
    }

    /// The entries of a mapping by key, checking every key against `keys` (unknown ones get a did-you-mean hint),
    /// repeated keys and `required` keys; nil (with an error) when the node is not a mapping.
    public mutating func mapping(_ node: YAMLNode, in context: String, keys: [String],
                                 required: [String] = []) -> [String: YAMLNode]? {
        guard let pairs = node.pairs else {
            error("\(context) must be a mapping of keys to values, not a \(node.kindName)", at: node)
            return nil
        }
        var entries: [String: YAMLNode] = [:]
        for pair in pairs {
            guard let key = pair.key.string else {
                error("keys in \(context) must be plain names, not a \(pair.key.kindName)", at: pair.key)
                continue
            }
            guard keys.contains(key) else {
                var message = "unknown key '\(key)' in \(context)"
                if let guess = Suggestion.closest(to: key, among: keys) { message += "; did you mean '\(guess)'?" }
                error(message, at: pair.key)
                continue
            }
            if entries[key] != nil {
                error("key '\(key)' appears twice in \(context)", at: pair.key)
                continue
            }
            entries[key] = pair.value
        }
        for key in required where entries[key] == nil {
            error("\(context) needs '\(key)'", at: node)
        }
        return entries
    }

    /// A scalar's text; an error when the node is a collection or null.
    public mutating func string(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = node.string, !node.isNull else {
            error("'\(what)' must be text, not \(node.isNull ? "empty" : "a \(node.kindName)")", at: node)
            return nil
        }
        return text
    }

    /// A non-empty sequence's items; a single non-sequence value is taken as a one-item list when `single` is true.
    public mutating func list(_ node: YAMLNode, _ what: String, allowSingle: Bool = false) -> [YAMLNode]? {
        if let items = node.items { return items }
        if allowSingle && !node.isNull { return [node] }
        error("'\(what)' must be a list, not a \(node.kindName)", at: node)
        return nil
    }

    /// A time in the manifest syntax (`2.5s`, `1500ms`, `00:01:02.500`, `90f`, `1001/30000`).
    public mutating func time(_ node: YAMLNode, _ what: String, frameRate: FrameRate?,
                              allowsNegative: Bool = false) -> MediaTime? {
        guard let text = string(node, what) else { return nil }
        do {
            return try TimeSyntax.parse(text, frameRate: frameRate, allowsNegative: allowsNegative)
        } catch {
            self.error("\(error) (in '\(what)')", at: node)
            return nil
        }
    }

    /// A number within `range`.
    public mutating func number(_ node: YAMLNode, _ what: String, in range: ClosedRange<Double>) -> Double? {
        guard let text = string(node, what) else { return nil }
        guard let value = Double(text), value.isFinite else {
            error("'\(what)' must be a number, not '\(text)'", at: node)
            return nil
        }
        guard range.contains(value) else {
            error("'\(what)' must be from \(ValueSyntax.format(range.lowerBound)) to \(ValueSyntax.format(range.upperBound)), not \(text)", at: node)
            return nil
        }
        return value
    }

    /// A whole number within `range`.
    public mutating func integer(_ node: YAMLNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = string(node, what) else { return nil }
        guard let value = Int(text) else {
            error("'\(what)' must be a whole number, not '\(text)'", at: node)
            return nil
        }
        guard range.contains(value) else {
            error("'\(what)' must be from \(range.lowerBound) to \(range.upperBound), not \(value)", at: node)
            return nil
        }
        return value
    }

    /// `true`/`false` (also `yes`/`no`, `on`/`off`).
    public mutating func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        if let value = node.bool { return value }
        if let text = node.string, let value = YAMLNode(.scalar(text, .plain), at: node.location).bool { return value }
        error("'\(what)' must be true or false, not '\(node.string ?? node.kindName)'", at: node)
        return nil
    }

    /// One of `choices`, with a did-you-mean hint for near misses.
    public mutating func choice(_ node: YAMLNode, _ what: String, _ choices: [String]) -> String? {
        guard let text = string(node, what) else { return nil }
        guard choices.contains(text) else {
            var message = "unknown \(what) '\(text)'"
            if let guess = Suggestion.closest(to: text, among: choices) {
                message += "; did you mean '\(guess)'?"
            } else {
                message += "; expected one of " + choices.map { "'\($0)'" }.joined(separator: ", ")
            }
            error(message, at: node)
            return nil
        }
        return text
    }

    /// A gain: `-14dB` or a linear factor such as `0.5`.
    public mutating func gain(_ node: YAMLNode, _ what: String) -> Double? {
        guard let text = string(node, what) else { return nil }
        guard let value = ValueSyntax.gain(text) else {
            error("invalid gain '\(text)' for '\(what)'; use decibels such as '-14dB' or a factor such as '0.5'", at: node)
            return nil
        }
        return value
    }

    /// A length in pixels or percent: `120`, `120px`, `12.5%`.
    public mutating func length(_ node: YAMLNode, _ what: String) -> Length? {
        guard let text = string(node, what) else { return nil }
        guard let value = Length(text) else {
            error("invalid length '\(text)' for '\(what)'; use pixels such as '120' or percent such as '12.5%'", at: node)
            return nil
        }
        return value
    }

    /// A bit rate: `192k`, `10M`, `800000`.
    public mutating func bitRate(_ node: YAMLNode, _ what: String) -> Int? {
        guard let text = string(node, what) else { return nil }
        guard let value = ValueSyntax.bitRate(text) else {
            error("invalid bit rate '\(text)' for '\(what)'; use bits per second such as '192k' or '10M'", at: node)
            return nil
        }
        return value
    }

    /// A frame rate: `30`, `29.97`, `30000/1001`, `25`.
    public mutating func frameRate(_ node: YAMLNode, _ what: String) -> FrameRate? {
        guard let text = string(node, what) else { return nil }
        if let rate = FrameRate(manifestText: text) { return rate }
        error("invalid frame rate '\(text)' for '\(what)'; use frames per second such as '30', '29.97' or '30000/1001'", at: node)
        return nil
    }

    /// A colour: a CSS colour name such as `navy`, or `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    public mutating func color(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        guard Color(parsing: text) != nil else {
            if !text.hasPrefix("#"), let guess = Suggestion.closest(to: text, among: Color.names) {
                error("unknown colour '\(text)'; did you mean '\(guess)'?", at: node)
            } else {
                error("unknown colour '\(text)'; use '#rrggbb' or a name such as 'black', 'white', 'red'", at: node)
            }
            return nil
        }
        return text
    }

    /// A picture shape: `16x9`, `9:16`.
    public mutating func aspect(_ node: YAMLNode, _ what: String) -> AspectRatio? {
        guard let text = string(node, what) else { return nil }
        guard let aspect = AspectRatio(text) else {
            error("invalid aspect '\(text)' for '\(what)'; use width x height such as '16x9' or '9:16'", at: node)
            return nil
        }
        return aspect
    }
}

extension FrameRate {
    /// Reads `30`, `30000/1001`, and the NTSC shorthands `23.976`, `29.97`, `59.94` as their exact /1001 rates.
    init?(manifestText text: String) {
        let parts = text.split(separator: "/")
        if parts.count == 2, let n = Int32(parts[0]), let d = Int32(parts[1]), n > 0, d > 0 {
            self.init(n, d)
            return
        }
        switch text {
        case "23.976", "23.98": self.init(24000, 1001)
        case "29.97": self.init(30000, 1001)
        case "59.94": self.init(60000, 1001)
        default:
            guard let whole = Int32(text), whole > 0, whole <= 1000 else { return nil }
            self.init(whole, 1)
        }
    }
}
