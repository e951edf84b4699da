/// Help topics that are not commands: what `mediabatch help TOPIC` prints, and the closing sections of the man page
/// and `docs/cli.md`.
struct HelpTopic: Sendable {
    /// The topic's name, as typed after `mediabatch help`.
    var name: String
    /// One line for the topic list.
    var summary: String
    /// The text: paragraphs separated by blank lines; lines starting with two spaces are kept as they are.
    var text: String

    /// The topics, in the order help lists them.
    static let all: [HelpTopic] = [exitStatus, environment, urlSources, progress]

    static let exitStatus = HelpTopic(
        name: "exit-status", summary: "what each exit status means",
        text: """
            0: every output was rendered or is up to date (validate: no problem found).

            1: some output failed (a render stopped by --timeout among them), was skipped (a dependency failed) or \
            was cancelled (SIGINT or SIGTERM); the report says which and why.

            2: the manifests are invalid (syntax, schema, unknown names, cycles; for validate also missing sources): \
            nothing was rendered.

            64: the command line is wrong: an unknown command or option, a bad value, a preset that does not exist, \
            or an --only pattern that matches no output.

            73: a report could not be written (a read-only or full output folder); the outputs themselves may be fine. For \
            cache --clear: the cache folder could not be written.

            75: another run is writing an output folder and --no-wait was given.
            """)

    static let environment = HelpTopic(
        name: "environment", summary: "environment variables mediabatch reads",
        text: """
            NO_COLOR: when set and not empty, no colour unless --color always.

            MEDIABATCH_CACHE: the folder downloaded sources are kept in, and encoded segments for later runs in its \
            segments/ (default ~/.cache/mediabatch).

            MEDIABATCH_S3_PRESIGN: the command that turns an s3:// URL into a presigned https URL (default \
            'aws s3 presign'); the URL is appended as its last argument.

            JOB_COMPLETION_INDEX with MEDIABATCH_SHARD_COUNT, CI_NODE_INDEX with CI_NODE_TOTAL, CIRCLE_NODE_INDEX \
            with CIRCLE_NODE_TOTAL, BUILDKITE_PARALLEL_JOB with BUILDKITE_PARALLEL_JOB_COUNT: the shard to render \
            when --shard is not given.

            MEDIABATCH_ALLOW_LOOPBACK_HTTP: when 1, plain http:// sources are allowed from 127.0.0.1 and localhost \
            only. It exists for tests against a local server; never set it in production.

            MEDIABATCH_CPU_FEATURES: the SIMD features libav, libx264 and libx265 may use, in ffmpeg's -cpuflags \
            syntax ('sse2', 'sse4.2+avx', '0' for none), as on a machine that has only those. x264 writes other \
            bytes without SSSE3 and x265 on each level, so machines of different levels render the same H.264 and \
            HEVC only when held to one level they all have (x265 takes about a third more time at sse4.2 than with \
            AVX2). Everything else must not change with it: it also checks that a render gives the same bytes on \
            older machines (with GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA for the C library's routines).
            """)

    static let urlSources = HelpTopic(
        name: "url-sources", summary: "sources downloaded from https:// and s3:// URLs",
        text: """
            A source may be an https:// URL, or an s3:// URL that is turned into a presigned https URL by \
            MEDIABATCH_S3_PRESIGN. It is downloaded before anything is planned or rendered, into a cache whose files \
            are named by the SHA-256 of their contents, so libav only ever opens local files and a second run \
            downloads nothing that has not changed (the server is asked with the file's ETag).

            Only hosts the manifest allows are contacted:

              downloads: { allow_hosts: [media.example.com, "*.cdn.example.com"], max_size: 2G, timeout: 10m }

            or --allow-host HOST on the command line. A source may carry a checksum, which the download must match \
            and which lets a cached file be used without asking the server:

              sources: { intro: { url: "https://media.example.com/intro.mp4", sha256: "9f86d0..." } }

            Plain http:// is refused.
            """)

    static let progress = HelpTopic(
        name: "progress", summary: "the JSON events of run --progress json",
        text: """
            With --progress json, run writes one JSON object per line to standard output (human-readable text goes \
            to standard error). Every event has "event" and "time" (UTC, ISO 8601):

              {"event":"planned","total":12,"toRender":3,"cannotBuild":0,"concurrency":2,...}
              {"event":"started","output":"promo-a","expectedSeconds":8.6,...}
              {"event":"progress","output":"promo-a","fraction":0.25,...}
              {"event":"finished","output":"promo-a","status":"rendered","report":{...},...}
              {"event":"report","path":"out/spring/report.json",...}
              {"event":"summary","exitStatus":0,"totals":{...},...}

            "started" comes for each output that renders; every output the run looks at gets a "finished" \
            (rendered, up-to-date, failed, skipped or cancelled). "report" in a finished event is the output's entry \
            as report.json has it.
            """)
}
