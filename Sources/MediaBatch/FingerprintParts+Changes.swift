import Foundation

extension FingerprintParts {
    /// The most changed inputs a reason names before it counts the rest.
    static let namedChanges = 4

    /// What changed since `recorded`, as a reason an output renders again (`source 'media/outro.mp4' changed`,
    /// `its preset and its titles changed`); nil when no part differs.
    public func changes(since recorded: FingerprintParts) -> String? {
        let before = Dictionary(recorded.parts.map { (Self.identity(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(parts.map(Self.identity(of:)))
        let changed = parts.filter { before[Self.identity(of: $0)]?.value != $0.value }
        let dropped = recorded.parts.filter { !now.contains(Self.identity(of: $0)) }
        let filesOrOutputs = (changed + dropped).contains { $0.kind == .source || $0.kind == .output }
        var items: [String] = []
        for part in changed + dropped {
            let old = before[Self.identity(of: part)]?.value, isDropped = !now.contains(Self.identity(of: part))
            let state = old == nil ? " (new)" : isDropped ? " (no longer read)"
                : !Self.wasRecordedByStamp(old: old, now: part) ? ""
                : part.kind == .source ? " (recorded by size and time before)" : " (recorded by its fingerprint before)"
            guard let item = Self.item(for: part, state: state, filesOrOutputs: filesOrOutputs),
                  !items.contains(item) else { continue }
            items.append(item)
        }
        guard !items.isEmpty else { return nil }
        var sentence = Self.list(items) + " changed"
        if let tool = changed.first(where: { $0.kind == .tool }), let old = before[Self.identity(of: tool)]?.value {
            sentence += " (it was rendered by mediabatch \(old))"
        }
        return sentence
    }

    private static func identity(of part: Part) -> String { part.kind.rawValue + " " + part.key }

    /// Whether a file's part changed only in how it is recorded: by size and time (a source) or by fingerprint (an
    /// output read), as mediabatch did before it named files by content, where it now has a content digest.
    private static func wasRecordedByStamp(old: String?, now part: Part) -> Bool {
        guard let old, part.kind == .source || part.kind == .output else { return false }
        return part.value.hasPrefix(contentPrefix) && !old.hasPrefix(contentPrefix) && old != "missing"
    }

    /// How a changed part is named in the reason, with `state` after a file or output; nil for the lists of files and
    /// outputs when their own parts say which ones changed.
    private static func item(for part: Part, state: String, filesOrOutputs: Bool) -> String? {
        switch part.kind {
        case .tool: return "mediabatch"
        case .source: return "source '\(PlanFormatter.relative(part.name))'" + state
        case .output: return "output '\(part.key)'" + state
        case .property:
            if filesOrOutputs && (part.key == "sourceFiles" || part.key == "dependencies") { return nil }
            return propertyNames[part.key] ?? "its \(part.key)"
        }
    }

    /// The words for the job's properties (`Job`).
    private static let propertyNames: [String: String] = [
        "name": "its name", "outputPath": "its file's path", "settings": "its preset", "composition": "its clips",
        "videoComposition": "its picture layout", "audioMix": "its sound mix", "titles": "its titles",
        "dependencies": "the outputs it reads", "sourceFiles": "its sources", "cuts": "its cuts",
        "shareableRanges": "its intro and outro", "rolls": "its clips", "timeline": "its timeline",
        "reframes": "its reframing", "beatSnap": "its beat snapping",
    ]

    /// `a`, `a and b`, `a, b and c`, or the first `namedChanges` and how many more.
    private static func list(_ items: [String]) -> String {
        if items.count > namedChanges {
            return items.prefix(namedChanges).joined(separator: ", ") + " and \(items.count - namedChanges) more"
        }
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
