// CMTime, CMTimeRange and CMTimeMapping are MediaCore's MediaTime, TimeRange and TimeMapping, whose operators (`+`,
// `-`, `*`, `+=`, negation) MediaCore declares. Swift finds operators only in modules the caller imports, so
// MediaCore is re-exported: `import OpenAVFoundation` alone makes `a + b` work on times.
@_exported import MediaCore
