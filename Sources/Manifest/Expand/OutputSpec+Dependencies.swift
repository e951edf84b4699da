import Foundation
public import MediaCore

extension OutputSpec {
    /// Every source the output reads, with where the manifest names it.
    public var sourceReferences: [(reference: SourceReference, location: SourceLocation)] {
        var result: [(reference: SourceReference, location: SourceLocation)] = []
        result.reserveCapacity(clips.count + 3 + overlays.count)
        forEachSource { result.append(($0, $1)) }
        return result
    }

    /// The names of the outputs this one uses as sources, in first-use order.
    public var dependencies: [String] {
        var result: [String] = [], seen = Set<String>()
        forEachSource { reference, _ in
            if case .output(let name) = reference, seen.insert(name).inserted { result.append(name) }
        }
        return result
    }

    /// Calls `body` with every source in the order of `sourceReferences`, without building the list.
    func forEachSource(_ body: (SourceReference, SourceLocation) -> Void) {
        if let intro { body(intro.source, intro.location) }
        for clip in clips { body(clip.source, clip.location) }
        if let outro { body(outro.source, outro.location) }
        for track in tracks {
            for segment in track.segments { body(segment.source, segment.location) }
        }
        if let soundtrack { body(soundtrack.source, soundtrack.location) }
        for overlay in overlays { body(overlay.source, overlay.location) }
        // Luma transitions read a picture.
        for transition in [intro?.transition, transition, outro?.transition] + clips.map(\.transition) {
            if let transition, let image = transition.image, let location = transition.location { body(image, location) }
        }
    }
}

/// Output names across manifests: a name may be used once per output folder. Where a name is used in several
/// folders, each of those outputs is called `folder/name` from then on (its file keeps the plain name), and
/// `{ output: name }` means the one in the referring output's own folder. Outputs named as sources must exist.
enum OutputIdentity {
    static func resolve(_ outputs: inout [OutputSpec], files: [ManifestFile], diagnostics: inout DiagnosticList) {
        var byName: [String: [Int]] = [:]
        for (index, output) in outputs.enumerated() { byName[output.name, default: []].append(index) }
        var qualified: [String: [(folder: String, name: String)]] = [:]
        for (name, indices) in byName where indices.count > 1 {
            for index in indices {
                let folder = display(outputs[index].outDirectory)
                outputs[index].fileName = name
                outputs[index].name = folder + "/" + name
                qualified[name, default: []].append((outputs[index].outDirectory, outputs[index].name))
            }
        }
        let names = Set(outputs.map(\.name))
        let sources = Dictionary(files.map { ($0.path, $0.source) }, uniquingKeysWith: { first, _ in first })
        for index in outputs.indices where !outputs[index].dependencies.isEmpty {
            let output = (name: outputs[index].name, outDirectory: outputs[index].outDirectory,
                          manifestPath: outputs[index].manifestPath)
            var problems: [(String, SourceLocation)] = []
            outputs[index].mapOutputReferences { name, location in
                if let candidates = qualified[name] {
                    if let same = candidates.first(where: { $0.folder == output.outDirectory }) { return same.name }
                    problems.append(("output '\(output.name)' uses output '\(name)', which is produced in several folders; name the one meant: " + candidates.map { "'\($0.name)'" }.joined(separator: ", "), location))
                    return name
                }
                if !names.contains(name) {
                    var message = "output '\(output.name)' uses output '\(name)' as a source, but no output has that name"
                    if let guess = Suggestion.closest(to: name, among: Array(names)) { message += "; did you mean '\(guess)'?" }
                    problems.append((message, location))
                }
                return name
            }
            for (message, location) in problems { diagnostics.error(message, at: location, in: sources[output.manifestPath]) }
        }
    }

    /// `path` relative to the current directory when inside it.
    private static func display(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

extension OutputSpec {
    /// Replaces the name of every output this one uses as a source by `transform(name, location)`.
    mutating func mapOutputReferences(_ transform: (String, SourceLocation) -> String) {
        func map(_ reference: inout SourceReference, _ location: SourceLocation) {
            if case .output(let name) = reference { reference = .output(name: transform(name, location)) }
        }
        if intro != nil { map(&intro!.source, intro!.location) }
        for index in clips.indices { map(&clips[index].source, clips[index].location) }
        if outro != nil { map(&outro!.source, outro!.location) }
        for track in tracks.indices {
            for segment in tracks[track].segments.indices {
                map(&tracks[track].segments[segment].source, tracks[track].segments[segment].location)
            }
        }
        if soundtrack != nil { map(&soundtrack!.source, soundtrack!.location) }
        for index in overlays.indices { map(&overlays[index].source, overlays[index].location) }
    }
}
