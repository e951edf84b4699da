/// A source named by URL (`https://`, or `s3://` through a presigned https URL), downloaded before use.
public struct RemoteSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The URL as the manifest gives it.
    public var url: String
    /// The SHA-256 the download must have (lowercase hex), when the manifest gives one.
    public var sha256: String?
    /// The manifest naming it, whose `downloads:` rules apply.
    public var manifestPath: String

    /// Creates a remote source.
    public init(url: String, sha256: String? = nil, manifestPath: String) {
        self.url = url
        self.sha256 = sha256
        self.manifestPath = manifestPath
    }

    /// The URL's scheme, lowercased (`https`).
    public var scheme: String {
        url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
    }

    /// The URL, in quotes.
    public var description: String { "'\(url)'" }

    /// Whether `text` is written as a URL (`scheme://...`) rather than a path.
    static func looksLikeURL(_ text: String) -> Bool {
        guard let range = text.range(of: "://") else { return false }
        let scheme = text[..<range.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && scheme.first?.isLetter == true
    }

    /// The schemes sources may use.
    static let schemes = ["https", "s3", "http"]
}

/// A manifest's rules for URL sources (`downloads:`): which hosts may be contacted, how large a download may be,
/// how long it may take.
public struct DownloadPolicy: Sendable, Hashable {
    /// Host names (`media.example.com`) or wildcards for subdomains (`*.cdn.example.com`).
    public var allowedHosts: [String] = []
    /// The largest download in bytes.
    public var maximumSize: Int64 = 2_000_000_000
    /// The longest a download may take, in seconds.
    public var timeout: Double = 600

    /// The default rules: no host allowed, 2 GB, 10 minutes.
    public init() {}

    /// Whether `host` is allowed by `allowedHosts` or `extra`.
    public func allows(host: String, extra: [String] = []) -> Bool {
        let host = host.lowercased()
        return (allowedHosts + extra).contains { pattern in
            let pattern = pattern.lowercased()
            if pattern.hasPrefix("*.") { return host.hasSuffix(String(pattern.dropFirst(1))) }
            return host == pattern
        }
    }
}

/// Fetches URL sources into local files; MediaBatch implements it over URLSession, so `Manifest` and libav only
/// ever see local paths.
public protocol SourceFetcher: Sendable {
    /// The local file holding `source`'s bytes, or a one-line reason (lowercase, names in quotes) it cannot be had.
    func localFile(for source: RemoteSource, policy: DownloadPolicy) -> Result<String, FetchFailure>
}

/// Why a URL source cannot be downloaded: one line.
public struct FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason, lowercase, with a hint after `;` where one helps.
    public var reason: String
    /// Creates a failure.
    public init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}
