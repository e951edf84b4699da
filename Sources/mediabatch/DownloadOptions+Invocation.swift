import Foundation
import MediaBatch

extension DownloadOptions {
    /// The download options of a command line and the environment (`MEDIABATCH_CACHE`, `MEDIABATCH_S3_PRESIGN`,
    /// `MEDIABATCH_ALLOW_LOOPBACK_HTTP`).
    init(_ invocation: Invocation, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(cacheDirectory: invocation.cacheDirectory ?? environment["MEDIABATCH_CACHE"].flatMap { $0.isEmpty ? nil : $0 })
        allowedHosts = invocation.allowedHosts
        if let command = environment["MEDIABATCH_S3_PRESIGN"], !command.isEmpty {
            presignCommand = command.split(separator: " ").map(String.init)
        }
        allowsLoopbackHTTP = environment["MEDIABATCH_ALLOW_LOOPBACK_HTTP"] == "1"
    }
}
