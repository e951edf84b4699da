/// What the command line accepts, in one table: the parser reads it, and `--help`, `mediabatch help TOPIC`, the man
/// page, `docs/cli.md` and the shell completions are all printed from it, so they cannot disagree.
struct CommandSpec: Sendable {
    /// One option of a command.
    struct Option: Sendable {
        /// `--out`.
        var name: String
        /// `-j`, when the option has a one-letter form.
        var short: String? = nil
        /// `DIR` for options that take a value; nil for flags.
        var value: String? = nil
        /// The values a completion offers (`never`, `auto`, `always`); empty for free text.
        var choices: [String] = []
        /// Whether the value names a file or directory (completions offer paths).
        var takesPath = false
        /// Whether the option may be given more than once.
        var repeats = false
        /// One line of help.
        var help: String
    }

    /// The invocation's command.
    var command: Invocation.Command
    /// `run [PATH...] [options]`.
    var synopsis: String
    /// One line for the command list.
    var summary: String
    /// A paragraph for the command's own help.
    var details: String
    /// The options, in the order help lists them.
    var options: [Option]
    /// Command lines with what they do.
    var examples: [(command: String, meaning: String)]

    /// The command's words: `run`, `report merge`.
    var name: String { command.rawValue }

    /// The first word of the command: what completes after `mediabatch` (`report` for `report merge`).
    var word: String { command == .reportMerge ? "report" : name }

    /// The option named `name` (long or short form).
    func option(_ name: String) -> Option? {
        options.first { $0.name == name || $0.short == name }
    }
}

extension CommandSpec {
    /// Options every command takes.
    static let common: [Option] = [
        Option(name: "--color", value: "WHEN", choices: ["auto", "always", "never"],
               help: "colour diagnostics and status words: auto (a terminal, and NO_COLOR unset), always or never"),
        Option(name: "--help", short: "-h", help: "show this help"),
    ]

    /// Options of every command that reads manifests: how many outputs they may expand to, which sources may be
    /// read, and where URL sources come from.
    static let downloads: [Option] = [
        Option(name: "--max-outputs", value: "N",
               help: "let all manifests together expand to at most N outputs, 1 to 10000000 (default 100000; a manifest's own is 'limits: { outputs: N }')"),
        Option(name: "--allow-devices", help: "let sources be named pipes and devices (default: regular files only)"),
        Option(name: "--allow-host", value: "HOST", repeats: true,
               help: "allow downloading URL sources from HOST (added to each manifest's 'downloads: { allow_hosts }')"),
        Option(name: "--cache", value: "DIR", takesPath: true,
               help: "keep downloaded sources in DIR (and, for run, encoded segments for later runs in DIR/segments; default: $MEDIABATCH_CACHE, else ~/.cache/mediabatch)"),
    ]

    /// The commands, in the order `mediabatch help` lists them.
    static let all: [CommandSpec] = [run, validate, plan, frames, sheet, reportMerge, cache, completion, help, version]

    /// The spec of `command`.
    static func of(_ command: Invocation.Command) -> CommandSpec {
        all.first { $0.command == command } ?? help
    }

    static let run = CommandSpec(
        command: .run, synopsis: "run [PATH...] [options]",
        summary: "render every output of the manifests (PATH: manifest files or directories; default 'manifests')",
        details: """
            Expands the manifests, skips outputs whose fingerprint matches the file on disk, renders the rest in \
            dependency order (several at once), and writes report.json, report.xml, report.md and report.html into \
            each output folder. An output rendered again says what changed since its last render (a source, its \
            preset, its titles, an output it reads, ...). A subset run (--only, --shard) updates the entries it \
            looked at and keeps the rest. A problem that several outputs share (a missing intro) is printed once, \
            with a note naming the other outputs; the summary gives each output's own reason.
            """,
        options: [
            Option(name: "--out", value: "DIR", takesPath: true,
                   help: "write outputs and the report into DIR instead of each manifest's 'out'"),
            Option(name: "--jobs", short: "-j", value: "N", help: "render at most N outputs at once, 1 to 256 (default: fits the CPU cores); a render that has encoded its last picture and only finishes its file no longer counts"),
            Option(name: "--max-memory", value: "SIZE",
                   help: "start a render only while the estimated peaks fit in SIZE, 1M to 64T, such as 350M or 2G (default: 90% of the container's or machine's memory)"),
            Option(name: "--cache-size", value: "SIZE",
                   help: "keep at most SIZE of encoded segments in the cache folder, up to 64T, least recently used dropped first, such as 500M (default 2G; 0 keeps none)"),
            Option(name: "--only", value: "GLOB", repeats: true,
                   help: "only outputs whose name matches GLOB, with what they depend on; a GLOB matching nothing is an error"),
            Option(name: "--preset", value: "NAME", help: "use preset NAME for every output"),
            Option(name: "--force", help: "render even outputs that are up to date"),
            Option(name: "--dry-run", help: "list what would render (and how much of its video earlier runs kept), what is up to date, what cannot be built and what would be skipped, and why; render nothing"),
            Option(name: "--fail-fast", help: "start no new render after the first failure"),
            Option(name: "--no-wait",
                   help: "fail at once (exit 75) when another run is writing an output folder, instead of waiting"),
            Option(name: "--strict",
                   help: "fail an output on any damaged source packet (default: conceal up to the preset's damage_limit)"),
            Option(name: "--retries", value: "N", help: "retry transient (I/O) failures up to N times, 0 to 100 (default 0)"),
            Option(name: "--timeout", value: "TIME",
                   help: "stop a render that runs longer than TIME, 1s to 7 days, such as 90s or 00:10:00, and fail its output at stage 'timeout' (default: no limit; a manifest's own is 'limits: { render_time: TIME }', and the shorter wins)"),
            Option(name: "--shard", value: "K/N", help: "render the K-th of N deterministic shares, N at most 10000 (or from JOB_COMPLETION_INDEX and the like)"),
            Option(name: "--report", value: "DIR", takesPath: true,
                   help: "also write one combined report of the whole run into DIR"),
            Option(name: "--progress", value: "FORMAT", choices: ["text", "json"],
                   help: "text (default) or json: one JSON event per line on standard output, for CI dashboards"),
            Option(name: "--quiet", short: "-q", help: "print only the summary"),
            Option(name: "--verbose", short: "-v", help: "print libav's warnings too, and a line for each output found up to date (the summary lists them either way)"),
        ] + downloads + common,
        examples: [
            ("mediabatch run manifests/", "render every output that is not up to date"),
            ("mediabatch run spring.yaml --only 'promo-*-9x16'", "render the vertical promos and what they use"),
            ("mediabatch run manifests --dry-run", "show what would render and why"),
            ("mediabatch run manifests --shard 2/4 --out out/shard-2", "render the second of four shares"),
            ("mediabatch run manifests --progress json > events.jsonl", "stream progress events for a dashboard"),
        ])

    static let validate = CommandSpec(
        command: .validate, synopsis: "validate [PATH...] [options]",
        summary: "check manifests, presets and sources; print every problem at once; exit 2 if any",
        details: """
            Reads every manifest and finds every problem in one pass: syntax and schema errors, unknown names \
            (with a did-you-mean), missing or unreadable files, URL sources that cannot be fetched and clips longer \
            than their sources, in all outputs. Problems are grouped per manifest, followed by counts. "2 of 5 \
            outputs can be built" counts the outputs that no error names, whether the error is in their own fields \
            (a data row's bad value included) or in their sources; `run` renders nothing while any manifest error \
            remains. A missing file is reported where it is used, with a note where its path is written when a \
            name under `sources` stands for it. A problem that a data row's values cause (a missing \
            `media/{product}.mp4`, a `from` past the source's end) has a note at that row, which it quotes: \
            `data/products.csv:5:1: note: output 'hat' takes 'product' from this data row`.
            """,
        options: [
            Option(name: "--quiet", short: "-q", help: "print problems only, no summary"),
            Option(name: "--strict", help: "treat warnings as errors: text no font can draw, text that does not fit, font fallbacks"),
            Option(name: "--json", help: "print the counts and every file's problems as one JSON document on standard output, nothing on standard error; the same exit status"),
            Option(name: "--github", help: "also print each problem as a GitHub Actions annotation on standard output (::error file=...,line=...,col=...::message), so a workflow marks the manifest's lines"),
        ] + downloads + common,
        examples: [
            ("mediabatch validate", "check the manifests in ./manifests"),
            ("mediabatch validate spring.yaml fall.yaml", "check two manifests"),
            ("mediabatch validate --json > problems.json", "the problems for a CI step or an editor to read"),
        ])

    static let plan = CommandSpec(
        command: .plan, synopsis: "plan [PATH...] [options]",
        summary: "show every output, its preset, duration, sources, dependencies, timeline, text and sound",
        details: """
            Prints each output with its preset, file, tracks and segments, transitions, titles (with their \
            placement), captions and the soundtrack's ducking; --json prints every job in full. With --sheet it also \
            writes a contact sheet per output, without encoding the outputs; with --otio it writes each output's \
            composition as an OpenTimelineIO timeline (DIR/NAME.otio) an editor can open.
            """,
        options: [
            Option(name: "--json", help: "print every job as JSON, and under 'problems' each output that cannot be built with its location, reason and notes"),
            Option(name: "--only", value: "GLOB", repeats: true, help: "only outputs whose name matches GLOB"),
            Option(name: "--preset", value: "NAME", help: "plan with preset NAME for every output"),
            Option(name: "--strict", help: "treat warnings as errors (exit 2), as validate --strict does"),
            Option(name: "--sheet", help: "write a contact sheet per output (NAME-sheet.png beside where the output goes, or into --out)"),
            Option(name: "--out", value: "DIR", takesPath: true, help: "with --sheet: write the sheets into DIR"),
            Option(name: "--otio", value: "DIR", takesPath: true, help: "write each output as an OpenTimelineIO timeline, DIR/NAME.otio"),
        ] + downloads + common,
        examples: [
            ("mediabatch plan manifests --only teaser", "show the teaser and what it uses"),
            ("mediabatch plan manifests --otio cuts", "every output as cuts/NAME.otio, for an editor"),
            ("mediabatch plan manifests --sheet --out sheets", "a contact sheet of every output into sheets/"),
        ])

    static let frames = CommandSpec(
        command: .frames, synopsis: "frames OUTPUT [PATH...] --at TIMES [options]",
        summary: "render chosen frames of one output as PNG files, without encoding the output",
        details: """
            Renders the pictures of output OUTPUT (titles and captions included) at the times given, each as a PNG \
            file named OUTPUT-TIME.png. TIMES is a comma-separated list of manifest times (1s, 3.5s, 00:00:02.500, \
            90f, 1001/30000) and 'end' for the last frame.
            """,
        options: [
            Option(name: "--at", value: "TIMES", repeats: true, help: "the times, such as 1s,3.5s,end (required)"),
            Option(name: "--out", value: "DIR", takesPath: true, help: "write the pictures into DIR (default: the current directory)"),
            Option(name: "--preset", value: "NAME", help: "render as preset NAME would (its size)"),
        ] + downloads + common,
        examples: [
            ("mediabatch frames promo-shoes-16x9 --at 1s,3.5s,end", "three PNG files in the current directory"),
            ("mediabatch frames teaser manifests/spring.yaml --at 2s --out /tmp/look", "one frame into /tmp/look"),
        ])

    static let sheet = CommandSpec(
        command: .sheet, synopsis: "sheet OUTPUT [PATH...] [options]",
        summary: "write a contact sheet of one output: a grid of frames with their timecodes",
        details: """
            Renders frames evenly spread over output OUTPUT (without encoding it) and lays them out in a grid, each \
            with its timecode, as one PNG file: OUTPUT-sheet.png.
            """,
        options: [
            Option(name: "--count", value: "N", help: "how many frames (default 12)"),
            Option(name: "--columns", value: "N", help: "frames per row (default 4)"),
            Option(name: "--width", value: "PIXELS", help: "width of each frame (default 320)"),
            Option(name: "--reframe", help: "show the reframed clips' sources whole with the chosen crop drawn (OUTPUT-reframe-sheet.png)"),
            Option(name: "--out", value: "DIR", takesPath: true, help: "write the sheet into DIR (default: the current directory)"),
            Option(name: "--preset", value: "NAME", help: "render as preset NAME would"),
        ] + downloads + common,
        examples: [
            ("mediabatch sheet promo-shoes-16x9", "promo-shoes-16x9-sheet.png in the current directory"),
            ("mediabatch sheet teaser --count 20 --columns 5", "a 5 x 4 grid"),
            ("mediabatch sheet promo-shoes-9x16 --reframe", "the crop reframe chose, drawn on the source's frames"),
        ])

    static let reportMerge = CommandSpec(
        command: .reportMerge, synopsis: "report merge DIR... [options]",
        summary: "join the reports of shards into one",
        details: """
            Reads report.json from each DIR (or the named .json files) and writes one report of all their outputs. \
            Paths in the merged report are relative to the folder it is written to.
            """,
        options: [
            Option(name: "--out", value: "DIR", takesPath: true, help: "write the merged report into DIR (default: the current directory)"),
        ] + common,
        examples: [
            ("mediabatch report merge out/shard-* --out out", "one report of every shard"),
        ])

    static let cache = CommandSpec(
        command: .cache, synopsis: "cache [options]",
        summary: "show what the cache folder holds: kept segments and downloaded sources; --clear removes the segments",
        details: """
            Counts the encoded segments runs keep for later runs (DIR/segments: how many, their size, when they were \
            last used, how many this build of mediabatch reads; runs trim the folder to --cache-size, least recently \
            used first) and the downloaded sources (DIR/sha256). --clear removes every kept segment, waiting for a \
            run that is trimming the folder; what running renders write meanwhile is theirs and stays.
            """,
        options: [
            Option(name: "--cache", value: "DIR", takesPath: true,
                   help: "the cache folder (default: $MEDIABATCH_CACHE, else ~/.cache/mediabatch)"),
            Option(name: "--clear", help: "remove every kept segment (downloaded sources stay)"),
            Option(name: "--json", help: "print the counts as one line of JSON"),
        ] + common,
        examples: [
            ("mediabatch cache", "how many segments are kept, how large, how recently used"),
            ("mediabatch cache --cache /mnt/shared/mediabatch --clear", "empty a shared folder's segments"),
        ])

    static let completion = CommandSpec(
        command: .completion, synopsis: "completion SHELL",
        summary: "print a completion script for bash, zsh or fish",
        details: """
            Prints a script that completes mediabatch's commands, options and their values. Install it where your \
            shell looks for completions.
            """,
        options: common,
        examples: [
            ("mediabatch completion bash > /etc/bash_completion.d/mediabatch", "bash"),
            ("mediabatch completion zsh > \"${fpath[1]}/_mediabatch\"", "zsh"),
            ("mediabatch completion fish > ~/.config/fish/completions/mediabatch.fish", "fish"),
        ])

    static let help = CommandSpec(
        command: .help, synopsis: "help [TOPIC]",
        summary: "show help: the commands, one command, or a topic",
        details: """
            Without a topic, lists the commands. TOPIC is a command (run, validate, plan, frames, sheet, report, cache, \
            completion) or one of the topics below. --man prints a man page of everything, --markdown the same as \
            docs/cli.md.
            """,
        options: [
            Option(name: "--man", help: "print the manual page (roff)"),
            Option(name: "--markdown", help: "print the command-line reference as Markdown"),
        ] + common,
        examples: [
            ("mediabatch help run", "the run command's options"),
            ("mediabatch help exit-status", "what each exit status means"),
            ("mediabatch help --man > mediabatch.1", "a man page"),
        ])

    static let version = CommandSpec(
        command: .version, synopsis: "version",
        summary: "print mediabatch's version (also 'mediabatch --version')",
        details: "Prints 'mediabatch' and its version.",
        options: common,
        examples: [("mediabatch --version", "mediabatch 0.1.0")])
}
