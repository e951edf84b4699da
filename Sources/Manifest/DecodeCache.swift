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

    /// A source written as a scalar (a path or the name of a source that reads no variable), at a frame rate.
    struct ScalarSource: Hashable {
        var text: String
        var rate: FrameRate?
    }

    /// Decoded fixed parts, by slot.
    var parts: [Slot: Any] = [:]
    /// Export settings by the `preset` node they come from (interpolated, so its variables are part of the key).
    var settings: [YAMLNode: ExportSettings] = [:]
    /// Export settings when only a name decides them (`--preset`, or no `preset` anywhere).
    var namedSettings: ExportSettings?
    /// Scalar sources resolved.
    var sources: [ScalarSource: SourceReference] = [:]
    /// Paths resolved against the manifest's directory, by text.
    var paths: [String: String] = [:]

    /// The value `make` gives, reused for `slot` when a previous call reported no problem; nil slots always make.
    func reuse<Value>(_ slot: Slot?, reader: inout NodeReader, _ make: (inout NodeReader) -> Value) -> Value {
        guard let slot else { return make(&reader) }
        if let known = parts[slot] { return known as! Value }
        let reportsBefore = reader.diagnostics.reportCount
        let value = make(&reader)
        if reader.diagnostics.reportCount == reportsBefore { parts[slot] = value }
        return value
    }

    /// `path` made absolute against `directory` (see `ManifestFile.resolve`), worked out once per text.
    func resolve(_ path: String, against directory: String) -> String {
        if let known = paths[path] { return known }
        let resolved = ManifestFile.resolve(path, against: directory)
        paths[path] = resolved
        return resolved
    }
}
