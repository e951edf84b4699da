import YAML

/// `metadata:`: container tags, a `language` for the container and every stream, and per-stream tags under
/// `video:` and `audio:`.
extension OutputDecoder {
    /// Reads `node` into `settings`' container and stream tags.
    func metadata(_ node: YAMLNode, into settings: inout ExportSettingsTags, reader: inout NodeReader) {
        guard let pairs = node.pairs else {
            reader.error("'metadata' must be a mapping of tags to values, not a \(node.kindName)", at: node)
            return
        }
        for pair in pairs {
            guard let key = pair.key.string else { continue }
            if key == "video" || key == "audio" {
                guard let streamPairs = pair.value.pairs else {
                    reader.error("'metadata.\(key)' must be a mapping of stream tags to values, not a \(pair.value.kindName)", at: pair.value)
                    continue
                }
                for streamPair in streamPairs {
                    guard let tag = streamPair.key.string, let value = tagValue(tag, streamPair.value, reader: &reader) else { continue }
                    settings.streams[key, default: [:]][tag] = value
                }
            } else if let value = tagValue(key, pair.value, reader: &reader) {
                settings.container[key] = value
            }
        }
    }

    /// A tag's text; `language` checked and made a three-letter code.
    private func tagValue(_ key: String, _ node: YAMLNode, reader: inout NodeReader) -> String? {
        guard let text = reader.string(node, key) else { return nil }
        guard key == "language" else { return text }
        guard let code = LanguageCode.normalized(text) else {
            reader.error("unknown language '\(text)' for 'language'; use an ISO 639 code such as 'en', 'ar' or 'zho'", at: node)
            return nil
        }
        return code
    }
}

/// The tags `metadata:` sets: on the container, and per stream kind (`video`, `audio`).
struct ExportSettingsTags {
    var container: [String: String]
    var streams: [String: [String: String]]
}
