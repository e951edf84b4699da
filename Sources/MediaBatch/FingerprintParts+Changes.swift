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
            let isNew = before[Self.identity(of: part)] == nil, isDropped = !now.contains(Self.identity(of: part))
            guard let item = Self.item(for: part, isNew: isNew, isDropped: isDropped, filesOrOutputs: filesOrOutputs),
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

    /// How a changed part is named in the reason; nil for the lists of files and outputs when their own parts say
    /// which ones changed.
    private static func item(for part: Part, isNew: Bool, isDropped: Bool, filesOrOutputs: Bool) -> String? {
        let state = isNew ? " (new)" : isDropped ? " (no longer read)" : ""
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
