import Dispatch
import Foundation
import LibAV
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Manifest
import Synchronization

/// One HTTP GET streamed into a file through URLSession (libcurl on Linux), hashed with SHA-256 as it arrives,
/// stopped as soon as it passes its size limit or its time limit; redirects are followed only to allowed hosts.
final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What the server sent.
    struct Result {
        var status: Int
        var sha256: String
        var etag: String?
        var lastModified: String?
    }

    private struct State {
        var handle: FileHandle?
        let hash = Digest()
        var bytes: Int64 = 0
        var response: HTTPURLResponse?
        var failure: FetchFailure?
    }

    private let request: URLRequest
    private let path: String
    private let limit: Int64
    private let timeout: Double
    private let allowsHost: @Sendable (String) -> Bool
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    /// A download of `request` into the file at `path`, at most `limit` bytes and `timeout` seconds.
    init(request: URLRequest, to path: String, limit: Int64, timeout: Double,
         allowsHost: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.request = request
        self.path = path
        self.limit = limit
        self.timeout = timeout
        self.allowsHost = allowsHost
    }

    /// Runs the download to its end; throws `FetchFailure` with a one-line reason.
    func run() throws -> Result {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw FetchFailure("cannot create the download file '\(path)'")
        }
        state.withLock { $0.handle = handle }
        defer { try? handle.close() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeoutInterval
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        session.dataTask(with: request).resume()
        finished.wait()
        session.finishTasksAndInvalidate()
        return try state.withLock { state throws(FetchFailure) -> Result in
            if let failure = state.failure { throw failure }
            guard let response = state.response else { throw FetchFailure("the server sent no answer") }
            return Result(status: response.statusCode, sha256: state.hash.finishHex(),
                          etag: response.value(forHTTPHeaderField: "ETag"),
                          lastModified: response.value(forHTTPHeaderField: "Last-Modified"))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            fail(FetchFailure("the server's answer is not HTTP"), task: dataTask)
            completionHandler(.cancel)
            return
        }
        state.withLock { $0.response = http }
        if (200..<300).contains(http.statusCode), http.expectedContentLength > limit {
            fail(tooLarge(http.expectedContentLength), task: dataTask)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state -> Int64? in
            guard state.failure == nil, let status = state.response?.statusCode, (200..<300).contains(status) else { return nil }
            state.bytes += Int64(data.count)
            if state.bytes > limit { return state.bytes }
            state.hash.update(data)
            state.handle?.write(data)
            return nil
        }
        if let over { fail(tooLarge(over), task: dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        guard let host = request.url?.host, allowsHost(host), request.url?.scheme == "https" || self.request.url?.scheme == "http" else {
            fail(FetchFailure("the server redirects to '\(request.url?.absoluteString ?? "?")', which is not allowed"), task: task)
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            state.withLock { state in
                if state.failure == nil { state.failure = Self.describe(error, host: task.originalRequest?.url?.host ?? "?", timeout: timeout) }
            }
        }
        finished.signal()
    }

    private func fail(_ failure: FetchFailure, task: URLSessionTask) {
        state.withLock { if $0.failure == nil { $0.failure = failure } }
        task.cancel()
    }

    private func tooLarge(_ bytes: Int64) -> FetchFailure {
        FetchFailure("it is larger than the limit of \(limit) bytes (\(bytes) or more); raise 'downloads: { max_size }'")
    }

    /// A URLSession error in a few words.
    static func describe(_ error: any Error, host: String, timeout: Double) -> FetchFailure {
        guard let error = error as? URLError else { return FetchFailure("cannot reach '\(host)': \(error.localizedDescription)") }
        switch error.code {
        case .timedOut:
            return FetchFailure("no answer from '\(host)' in time (the limit is \(Int(timeout))s; 'downloads: { timeout }')")
        case .cannotFindHost, .dnsLookupFailed:
            return FetchFailure("cannot reach '\(host)': the host name is not known")
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet:
            return FetchFailure("cannot reach '\(host)': the connection was refused or lost")
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .secureConnectionFailed:
            return FetchFailure("cannot reach '\(host)' securely: its certificate is not trusted")
        default:
            return FetchFailure("cannot reach '\(host)': \(error.localizedDescription)")
        }
    }
}
