import Composition
import MediaCore
import YAML

/// What one manifest's decoder has already worked out, reused across the outputs an entry expands into: a data
/// table of 1000 rows times a matrix of 10 reads its template 10 000 times, and the parts that use no variable come
/// out the same each time. A value is only kept when working it out reported no problem, so problems are reported
/// exactly as often as without the cache.
final class DecodeCache {
    /// A part of an output entry that reads no variable (a field, or one item of a list field), at a frame rate.
    struct Slot: Hashable {
        var entry: Int
        var field: String
        /// The list item, or -1 for the whole field.
        var item: Int
        var rate: FrameRate?
    }

    /// How a part may be reused.
    enum Reuse {
        /// It reads no variable: one value per slot.
        case fixed(Slot)
        /// It reads variables only through its own placeholders: one value per slot and resolved text.
        case byValue(Slot)
        /// It reads variables another way (a named source that uses them): decoded every time.
        case never
    }

    /// A source written as a scalar (a path or the name of a source that reads no variable), at a frame rate.
    struct ScalarSource: Hashable {
        var text: String
        var rate: FrameRate?
    }

    /// Decoded fixed parts, by slot.
    var parts: [Slot: Any] = [:]
    /// Decoded parts that read variables, by slot and resolved node; a slot stops collecting after `valueLimit`
    /// values (text that differs per output, like a headline, would only fill memory).
    var values: [Slot: [YAMLNode: Any]] = [:]
    let valueLimit = 64
    /// Export settings by the `preset` node they come from (interpolated, so its variables are part of the key).
    var settings: [YAMLNode: ExportSettings] = [:]
    /// Export settings when only a name decides them (`--preset`, or no `preset` anywhere).
    var namedSettings: ExportSettings?
    /// Scalar sources resolved.
    var sources: [ScalarSource: SourceReference] = [:]
    /// Paths resolved against the manifest's directory, by text.
    var paths: [String: String] = [:]

    /// The value `make` gives for `node`, reused as `reuse` allows when a previous call reported no problem.
    func reuse<Value>(_ reuse: Reuse, node: YAMLNode, reader: inout NodeReader,
                      _ make: (inout NodeReader) -> Value) -> Value {
        switch reuse {
        case .never:
            return make(&reader)
        case .fixed(let slot):
            if let known = parts[slot] { return known as! Value }
            let reportsBefore = reader.diagnostics.reportCount
            let value = make(&reader)
            if reader.diagnostics.reportCount == reportsBefore { parts[slot] = value }
            return value
        case .byValue(let slot):
            if let known = values[slot]?[node] { return known as! Value }
            let reportsBefore = reader.diagnostics.reportCount
            let value = make(&reader)
            if reader.diagnostics.reportCount == reportsBefore, values[slot, default: [:]].count < valueLimit {
                values[slot, default: [:]][node] = value
            }
            return value
        }
    }

    /// `path` made absolute against `directory` (see `ManifestFile.resolve`), worked out once per text.
    func resolve(_ path: String, against directory: String) -> String {
        if let known = paths[path] { return known }
        let resolved = ManifestFile.resolve(path, against: directory)
        paths[path] = resolved
        return resolved
    }
}
