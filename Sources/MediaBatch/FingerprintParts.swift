import Foundation
import LibAV
import Manifest

/// What an output's fingerprint is made of, part by part: the tool's version, each property of its job that decides
/// the output, the content of each source file and of each output it reads. The fingerprint is the digest of the parts;
/// the parts are recorded beside the output too, so that a later run can say which of them changed. A source is
/// recorded by the digest of its path and its file name, so the sidecar, which travels with the output, does not
/// show where the sources were.
public struct FingerprintParts: Sendable, Hashable {
    /// One part: what it is and the text that stands for it (a version, a digest of a property or of a file).
    public struct Part: Sendable, Hashable {
        /// What kind of input the part stands for.
        public enum Kind: String, Sendable, Hashable {
            /// The mediabatch version that renders.
            case tool
            /// A property of the job (`settings`, `titles`, ...).
            case property
            /// A file the job reads.
            case source
            /// Another output the job reads.
            case output
        }

        /// What kind of input it is.
        public var kind: Kind
        /// The property's name, the digest of the file's path or the output's name.
        public var key: String
        /// The part's text: equal text, equal input (a version, a digest, a file's content digest).
        public var value: String
        /// How a reason names it: the file's path (only its name when read from a sidecar); the key otherwise.
        public var name: String

        /// A part named by its key.
        init(kind: Kind, key: String, value: String, name: String? = nil) {
            (self.kind, self.key, self.value, self.name) = (kind, key, value, name ?? key)
        }
    }

    /// The parts, in the order they are hashed.
    public let parts: [Part]
    /// The fingerprint: the digest of every part.
    public let digest: String
    /// The files the parts name (sources, then the outputs read), by path; not hashed.
    var files: [String] = []

    /// The parts of `job`'s fingerprint. Files are named by their content (`digests`), so a file touched, copied or
    /// checked out again with the same bytes changes nothing; an output it reads is named by the content of the file
    /// at `outputPaths[name]`, so a dependency rendered again to the same bytes leaves the job up to date.
    ///
    /// Paths are taken relative to the folder that holds the output and every file the job reads (`BatchRoot`), so
    /// the same batch in another folder (a moved checkout, another CI workspace) has the same fingerprints.
    public init(of job: Job, toolVersion: String, outputPaths: [String: String], digests: FileDigests) {
        let read = job.sourceFiles + job.dependencies.compactMap { outputPaths[$0] }
        let root = BatchRoot(paths: [job.outputPath] + read)
        var parts = [Part(kind: .tool, key: "mediabatch", value: toolVersion)]
        for (name, json) in (try? job.identityParts()) ?? [] {
            let hash = Digest()
            hash.update(root.relativeText(json))
            parts.append(Part(kind: .property, key: name, value: String(hash.finishHex().prefix(32))))
        }
        for path in job.sourceFiles {
            let key = String(Digest.hex(of: Array(root.relative(path).utf8)).prefix(32))
            parts.append(Part(kind: .source, key: key, value: Self.contents(of: path, digests), name: path))
        }
        for name in job.dependencies {
            parts.append(Part(kind: .output, key: name, value: outputPaths[name].map { Self.contents(of: $0, digests) } ?? "?"))
        }
        self.init(parts)
        files = read
    }

    /// How a file is named in a part: `sha256 HEX` for a regular file; a device or pipe, which cannot be hashed, by
    /// its size and time; `missing` when there is nothing at `path`.
    static func contents(of path: String, _ digests: FileDigests) -> String {
        if let digest = digests.digest(of: path) { return contentPrefix + digest }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "missing" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        return "\(size) \(time)"
    }

    /// What starts the value of a file named by its content.
    static let contentPrefix = "sha256 "

    private init(_ parts: [Part]) {
        self.parts = parts
        let hash = Digest()
        for line in Self.sidecarLines(of: parts) { hash.update(line + "\n") }
        digest = hash.finishHex()
    }

    // MARK: The sidecar's lines

    /// The parts as sidecar lines, `part KIND KEY<tab>VALUE`, and `<tab>NAME` after a source's with its file name;
    /// `%`, tab and line breaks in keys and names escaped.
    var sidecarLines: [String] { Self.sidecarLines(of: parts) }

    private static func sidecarLines(of parts: [Part]) -> [String] {
        parts.map { part in
            let name = part.kind == .source ? "\t" + escaped((part.name as NSString).lastPathComponent) : ""
            return "part \(part.kind.rawValue) \(escaped(part.key))\t\(part.value)" + name
        }
    }

    /// The parts recorded in a sidecar's `lines`; nil when it records none (written by an older mediabatch).
    init?(sidecarLines lines: [String]) {
        let parts = lines.compactMap { line -> Part? in
            guard line.hasPrefix("part ") else { return nil }
            let fields = line.dropFirst(5).split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2, let space = fields[0].firstIndex(of: " "),
                  let kind = Part.Kind(rawValue: String(fields[0][..<space])) else { return nil }
            let key = Self.unescaped(String(fields[0][fields[0].index(after: space)...]))
            return Part(kind: kind, key: key, value: String(fields[1]),
                        name: fields.count > 2 ? Self.unescaped(String(fields[2])) : nil)
        }
        guard !parts.isEmpty else { return nil }
        self.init(parts)
    }

    private static func escaped(_ key: String) -> String {
        key.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09")
            .replacingOccurrences(of: "\n", with: "%0A").replacingOccurrences(of: "\r", with: "%0D")
    }

    private static func unescaped(_ key: String) -> String {
        key.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%09", with: "\t").replacingOccurrences(of: "%25", with: "%")
    }
}
