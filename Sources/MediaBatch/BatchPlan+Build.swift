import Composition
import Manifest
import MediaCore

extension BatchPlan {
    /// One output built: its job or its problems, and the warnings of a built job.
    typealias Built = (result: Result<Job, JobProblems>, warnings: [Diagnostic])

    /// Outputs built at once on all cores before their window is taken in order: enough to keep the cores busy,
    /// few enough that the jobs held meanwhile stay small.
    static let buildWindow = 256
    /// Outputs one builder builds one after another within a window.
    static let buildChunk = 16

    /// Builds the outputs at `positions` of `outputs`, none of which reads another output, on all cores, each chunk
    /// with a builder of its own over the shared `catalog`; the results by position. The outputs do not depend on
    /// each other or on the order they are built in (the catalog probes and reads each file once, whoever asks).
    static func buildAlone(_ positions: [Int], outputs: [OutputSpec], catalog: SourceCatalog,
                           manifests: [ManifestFile]) -> [Int: Built] {
        let chunks = stride(from: 0, to: positions.count, by: buildChunk).map {
            Array(positions[$0..<min($0 + buildChunk, positions.count)])
        }
        let results = chunks.parallelMap { chunk in
            let builder = JobBuilder(catalog: catalog, manifests: manifests)
            return chunk.map { position in (position, build(outputs[position], with: builder, built: [:])) }
        }
        return Dictionary(uniqueKeysWithValues: results.joined().map { ($0.0, $0.1) })
    }

    /// `spec` built by `builder` with the jobs it reads in `built`, and the warnings of the job when it builds.
    static func build(_ spec: OutputSpec, with builder: JobBuilder, built: [String: Job]) -> Built {
        let result = builder.build(spec, built: built)
        let warnings = (try? result.get()) == nil ? [] : builder.warnings(for: spec, built: built)
        return (result, warnings)
    }
}
