public import Composition
import Foundation
public import MediaCore

/// One output ready to render: its composition, video composition, audio mix, export settings and path.
public struct Job: Sendable, Hashable, Codable {
    /// The output's name.
    public var name: String
    /// The manifest that declares it.
    public var manifestPath: String
    /// Where in the manifest it is declared.
    public var location: SourceLocation
    /// The file to write.
    public var outputPath: String
    /// How to encode.
    public var settings: ExportSettings
    /// The tracks and their segments.
    public var composition: MutableComposition
    /// How video tracks are layered, cropped, placed and faded; nil for audio-only outputs.
    public var videoComposition: VideoComposition?
    /// How audio tracks are mixed.
    public var audioMix: AudioMix
    /// Titles to draw (rendered by the text layer).
    public var titles: [TitleSpec]
    /// Names of the outputs this one reads.
    public var dependencies: [String]
    /// Paths of the files this job reads (not generators, not other outputs).
    public var sourceFiles: [String]
    /// Where one clip gives way to the next, in timeline order, with the transition used.
    public var cuts: [PlannedCut] = []
    /// The template parts other outputs of a batch are likely to show too (the intro and the outro), as composition
    /// ranges: their unchanging stretches are encoded as segments of their own, for those outputs to reuse.
    public var shareableRanges: [TimeRange] = []
    /// Composition tracks that play one sequence between them, taking turns across its transitions (A and B
    /// rolls), each list in the order the rolls were made; nil when no output track is split that way.
    public var rolls: [[Int32]]? = nil
    /// The OpenTimelineIO timeline the output was cut from (`timeline:`), with its markers; nil for none.
    public var timeline: TimelineSummary? = nil
    /// The clips `reframe: auto` applies to, with the path their crop takes; nil when none asks for it.
    public var reframes: [ReframedClip]? = nil
    /// The soundtrack's beat grid and the cuts `snap` moved; nil when the output does not snap.
    public var beatSnap: BeatSnap? = nil
    /// How long its render may run (its manifest's `limits.render_time`); nil for no limit. Not part of what it
    /// renders: changing it renders nothing again.
    public var renderTimeLimit: MediaTime? = nil

    /// The composition's duration: the length of the output.
    public var expectedDuration: MediaTime { composition.duration }

    /// The job's canonical JSON (sorted keys, exact rationals): what `plan --json` prints.
    public func canonicalJSON() throws -> Data {
        try SortedJSONEncoder(prettyPrinted: true).encode(self)
    }

    /// The properties that decide the output, in declaration order, each as compact canonical JSON: every property
    /// but where the job was declared (`manifestPath`, and each `location`, here and nested), so a comment added
    /// above an output, or its manifest named by another path, changes none of them. What fingerprints hash.
    public func identityParts() throws -> [(name: String, json: Data)] {
        var encoder = SortedJSONEncoder()
        encoder.userInfo[.leavesOutLocations] = true
        return try Mirror(reflecting: self).children.compactMap { child in
            guard let name = child.label, !Self.declarationProperties.contains(name),
                  let value = child.value as? any Encodable else { return nil }
            return (name, try encoder.encode(value))
        }
    }

    /// The properties that say where the job was declared and how long it may take, not what it renders: left out of
    /// its identity.
    public static let declarationProperties: Set<String> = ["manifestPath", "location", "renderTimeLimit"]
}



/// A join between two consecutive clips of an output: where the second one starts and how.
public struct PlannedCut: Sendable, Hashable, Codable {
    /// When the incoming clip starts (the transition's overlap begins), on the output's timeline.
    public var at: MediaTime
    /// The transition.
    public var transition: TransitionSpec

    /// Creates a planned cut.
    public init(at: MediaTime, transition: TransitionSpec) {
        self.at = at
        self.transition = transition
    }
}
