import Foundation
import LibAV
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import Manifest
import Synchronization

/// How URL sources are fetched: from the command line and the environment.
public struct DownloadOptions: Sendable {
    /// Hosts allowed on top of each manifest's `downloads: { allow_hosts }` (`--allow-host`).
    public var allowedHosts: [String] = []
    /// The cache folder (`--cache`, `MEDIABATCH_CACHE`, else `~/.cache/mediabatch`).
    public var cacheDirectory: String
    /// The command that presigns `s3://` URLs; the URL is appended as its last argument.
    public var presignCommand: [String] = ["aws", "s3", "presign"]
    /// Whether plain `http://` is allowed to loopback addresses (tests against a local server only).
    public var allowsLoopbackHTTP = false

    /// Options with the default cache folder.
    public init(cacheDirectory: String? = nil) {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        self.cacheDirectory = cacheDirectory ?? (home as NSString).appendingPathComponent(".cache/mediabatch")
    }
}

/// Downloads URL sources into a content-addressed cache: each file is stored under the SHA-256 of its bytes
/// (`sha256/ab/abcdef....mp4`), and an index per URL remembers which file a URL gave and its ETag, so the next run
/// asks the server with `If-None-Match` and downloads only what changed. A source with a checksum whose file is in
/// the cache is used without asking the server at all. Downloads are limited in size and time, refused for hosts
/// not allowed, and written to a temporary file first, so the cache never holds a partial file.
public final class RemoteFetcher: SourceFetcher {
    private let options: DownloadOptions

    /// A fetcher with `options`.
    public init(options: DownloadOptions) {
        self.options = options
    }

    /// What the index keeps per URL.
    private struct IndexEntry: Codable {
        var url: String
        var sha256: String
        var file: String
        var etag: String?
        var lastModified: String?
    }

    /// The cached file of `source`, downloaded or revalidated as needed, or why it cannot be had.
    public func localFile(for source: RemoteSource, policy: DownloadPolicy) -> Result<String, FetchFailure> {
        do {
            return .success(try fetch(source, policy: policy))
        } catch let failure as FetchFailure {
            return .failure(failure)
        } catch {
            return .failure(FetchFailure("\(error)"))
        }
    }

    private func fetch(_ source: RemoteSource, policy: DownloadPolicy) throws -> String {
        let extensionText = Self.fileExtension(of: source.url)
        if let checksum = source.sha256 {
            let cached = blobPath(checksum, extension: extensionText)
            if FileManager.default.fileExists(atPath: cached) { return cached }
        }
        let url = try resolve(source, policy: policy)
        let indexPath = self.indexPath(for: source.url)
        let previous = previousEntry(at: indexPath, for: source)
        try FileManager.default.createDirectory(atPath: options.cacheDirectory, withIntermediateDirectories: true)
        let temporary = (options.cacheDirectory as NSString).appendingPathComponent(".download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let result: Download.Result
        do {
            let extra = options.allowedHosts
            result = try Download(request: request(url, revalidating: previous, timeout: policy.timeout), to: temporary,
                                  limit: policy.maximumSize, timeout: policy.timeout,
                                  allowsHost: { policy.allows(host: $0, extra: extra) }).run()
        } catch let failure as FetchFailure {
            // The server cannot be reached: a copy from an earlier run is better than none.
            if let entry = previous, failure.isConnectionProblem { return entry.file }
            throw failure
        }
        if result.status == 304, let entry = previous { return entry.file }
        guard (200..<300).contains(result.status) else {
            throw FetchFailure("the server answered \(result.status) \(HTTPURLResponse.localizedString(forStatusCode: result.status))")
        }
        if let checksum = source.sha256, checksum != result.sha256 {
            throw FetchFailure("the download's SHA-256 is '\(result.sha256)', not the '\(checksum)' the manifest gives")
        }
        return try keep(result, downloadedTo: temporary, from: source, extension: extensionText, indexPath: indexPath)
    }

    /// The index's entry for `source` from an earlier run, when its file is still there and matches the checksum.
    private func previousEntry(at indexPath: String, for source: RemoteSource) -> IndexEntry? {
        guard let data = FileManager.default.contents(atPath: indexPath),
              let entry = try? JSONDecoder().decode(IndexEntry.self, from: data),
              FileManager.default.fileExists(atPath: entry.file) else { return nil }
        if let checksum = source.sha256, checksum != entry.sha256 { return nil }
        return entry
    }

    /// The request for `url`, asking the server whether `previous`'s copy is still current.
    private func request(_ url: URL, revalidating previous: IndexEntry?, timeout: Double) -> URLRequest {
        var request = URLRequest(url: url)
        request.timeoutInterval = min(timeout, 60)
        if let entry = previous {
            if let etag = entry.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let modified = entry.lastModified { request.setValue(modified, forHTTPHeaderField: "If-Modified-Since") }
        }
        return request
    }

    /// Moves a finished download into the cache under its checksum and records it in the URL's index.
    private func keep(_ result: Download.Result, downloadedTo temporary: String, from source: RemoteSource,
                      extension extensionText: String, indexPath: String) throws -> String {
        let blob = blobPath(result.sha256, extension: extensionText)
        if !FileManager.default.fileExists(atPath: blob) {
            try FileManager.default.createDirectory(atPath: (blob as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            guard rename(temporary, blob) == 0 else {
                throw FetchFailure("cannot move the download into the cache at '\(blob)': \(String(cString: strerror(errno)))")
            }
        }
        let entry = IndexEntry(url: source.url, sha256: result.sha256, file: blob, etag: result.etag,
                               lastModified: result.lastModified)
        try FileManager.default.createDirectory(atPath: (indexPath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try JSONEncoder().encode(entry).write(to: URL(fileURLWithPath: indexPath), options: .atomic)
        return blob
    }

    /// The URL to request: checked against the scheme and host rules; `s3://` presigned first.
    private func resolve(_ source: RemoteSource, policy: DownloadPolicy) throws -> URL {
        guard var components = URLComponents(string: source.url), let host = components.host, !host.isEmpty else {
            throw FetchFailure("it is not a valid URL")
        }
        switch source.scheme {
        case "https":
            break
        case "http":
            guard options.allowsLoopbackHTTP, ["127.0.0.1", "localhost", "::1"].contains(host) else {
                throw FetchFailure("plain http:// is refused; use https://")
            }
        case "s3":
            break
        default:
            throw FetchFailure("unsupported URL scheme '\(source.scheme)'; use https:// or s3://")
        }
        guard policy.allows(host: host, extra: options.allowedHosts) else {
            throw FetchFailure("host '\(host)' is not allowed; add it to the manifest's 'downloads: { allow_hosts: [...] }' or pass '--allow-host \(host)'")
        }
        if source.scheme == "s3" {
            let signed = try presign(source.url)
            let signedHost = signed.host ?? ""
            guard policy.allows(host: signedHost, extra: options.allowedHosts) else {
                throw FetchFailure("its presigned URL's host '\(signedHost)' is not allowed; add it to the manifest's 'downloads: { allow_hosts: [...] }' or pass '--allow-host \(signedHost)'")
            }
            return signed
        }
        components.fragment = nil
        guard let url = components.url else { throw FetchFailure("it is not a valid URL") }
        return url
    }

    /// The presigned https URL of an `s3://` URL, from the presign command's first line of output.
    private func presign(_ url: String) throws -> URL {
        guard let program = options.presignCommand.first else { throw FetchFailure("no command presigns s3:// URLs") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + options.presignCommand.dropFirst() + [url]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw FetchFailure("cannot run '\(options.presignCommand.joined(separator: " "))' to presign it: \(error.localizedDescription); set MEDIABATCH_S3_PRESIGN")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard process.terminationStatus == 0, let signed = URL(string: line),
              signed.scheme == "https" || (signed.scheme == "http" && options.allowsLoopbackHTTP) else {
            let detail = problem.split(whereSeparator: \.isNewline).first.map { ": \($0)" } ?? ""
            throw FetchFailure("'\(options.presignCommand.joined(separator: " "))' did not give an https URL for it\(detail)")
        }
        return signed
    }

    private func blobPath(_ sha256: String, extension text: String) -> String {
        let name = text.isEmpty ? sha256 : sha256 + "." + text
        return [options.cacheDirectory, "sha256", String(sha256.prefix(2)), name].joined(separator: "/")
    }

    private func indexPath(for url: String) -> String {
        let hash = Digest()
        hash.update(Array(url.utf8))
        return [options.cacheDirectory, "urls", hash.finishHex() + ".json"].joined(separator: "/")
    }

    /// The URL path's extension (lowercase letters and digits only), so libav and people see what the file is.
    static func fileExtension(of url: String) -> String {
        let path = URLComponents(string: url)?.path ?? ""
        let text = (path as NSString).pathExtension.lowercased()
        return text.count <= 5 && text.allSatisfy { $0.isLetter || $0.isNumber } ? text : ""
    }
}

extension FetchFailure {
    /// Whether the failure is the network's (no connection, no answer) rather than the server's or the file's.
    var isConnectionProblem: Bool { reason.hasPrefix("cannot reach") || reason.hasPrefix("no answer") }
}
