@testable import mediabatch
import Testing

struct InvocationTests {
    @Test func defaultsToTheManifestsDirectory() throws {
        let invocation = try Invocation(parsing: ["run"])
        #expect(invocation.command == .run && invocation.paths == ["manifests"])
    }

    @Test func readsRunOptions() throws {
        let invocation = try Invocation(parsing: ["run", "a", "--jobs", "3", "--only=promo-*", "--force", "--shard", "2/3", "b"])
        #expect(invocation.paths == ["a", "b"])
        #expect(invocation.jobs == 3 && invocation.only == ["promo-*"] && invocation.force && invocation.shard == "2/3")
        #expect(!invocation.strict)
        #expect(try Invocation(parsing: ["run", "--strict"]).strict)
        #expect(try Invocation(parsing: ["run", "--max-memory", "350M"]).maxMemory?.bytes == 350 << 20)
    }

    @Test(arguments: [
        (["rn"], "unknown command 'rn'; did you mean 'run'?"),
        (["run", "--forse"], "unknown option '--forse' for 'run'; did you mean '--force'?"),
        (["run", "--jobs"], "option '--jobs' needs a value"),
        (["run", "--jobs", "0"], "'--jobs' needs a whole number from 1 to 256, not '0'"),
        (["run", "--max-memory", "lots"], "'--max-memory' needs a size from 1M to 64T, such as '350M' or '2G', not 'lots'"),
        (["run", "--max-memory", "0M"], "'--max-memory' needs a size from 1M to 64T, such as '350M' or '2G', not '0M'"),
        (["run", "--shard", "4/3"], "'--shard' needs K/N with 1 <= K <= N <= 10000, such as '2/3', not '4/3'"),
        (["plan", "--force"], "unknown option '--force' for 'plan'"),
        (["plan", "--fail-fast"], "unknown option '--fail-fast' for 'plan'"),
        (["report"], "'report' needs a subcommand: 'mediabatch report merge DIR...'"),
        (["report", "merge"], "'report merge' needs at least one report directory"),
        (["frames", "teaser"], "'frames' needs '--at' with the times to render, such as '--at 1s,3.5s,end'"),
        (["completion", "tcsh"], "unknown shell 'tcsh'; use bash, zsh or fish"),
        (["run", "--progress", "xml"], "'--progress' needs 'text' or 'json', not 'xml'"),
        (["run", "--color", "sometimes"], "'--color' needs 'auto', 'always' or 'never', not 'sometimes'"),
        (["validate", "--force=yes"], "unknown option '--force' for 'validate'"),
        (["validate", "--json", "--github"], "'--github' and '--json' cannot be used together; choose one"),
        (["run", "--github"], "unknown option '--github' for 'run'"),
        (["sheet", "x", "--count", "0"], "'--count' needs a whole number from 1 to 400, not '0'"),
        (["run", "--shard", "1/99999999999"], "'--shard' needs K/N with 1 <= K <= N <= 10000, such as '2/3', not '1/99999999999'"),
        (["run", "--jobs", "257"], "'--jobs' needs a whole number from 1 to 256, not '257'"),
        (["run", "--retries", "101"], "'--retries' needs a whole number from 0 to 100, not '101'"),
        (["run", "--retries", "-1"], "'--retries' needs a whole number from 0 to 100, not '-1'"),
        (["run", "--max-memory", "100T"], "'--max-memory' needs a size from 1M to 64T, such as '350M' or '2G', not '100T'"),
        (["validate", "--max-outputs", "0"], "'--max-outputs' needs a whole number from 1 to 10000000, not '0'"),
        (["run", "--out", ""], "'--out' needs a directory, not an empty string"),
        (["plan", "--otio", ""], "'--otio' needs a directory, not an empty string"),
        (["run", "--cache-size", "lots"], "'--cache-size' needs 0 or a size up to 64T, such as '500M' or '2G', not 'lots'"),
        (["run", "--cache-size", "65T"], "'--cache-size' needs 0 or a size up to 64T, such as '500M' or '2G', not '65T'"),
        (["run", "--timeout", "0.5s"], "'--timeout' needs a time from 1s to 7 days, such as '90s', '600' or '01:30:00', not '0.5s'"),
        (["run", "--timeout", "604801"], "'--timeout' needs a time from 1s to 7 days, such as '90s', '600' or '01:30:00', not '604801'"),
        (["run", "--timeout", "10m"], "'--timeout' needs a time from 1s to 7 days, such as '90s', '600' or '01:30:00', not '10m'"),
        (["run", "--timeout", "-5s"], "'--timeout' needs a time from 1s to 7 days, such as '90s', '600' or '01:30:00', not '-5s'"),
        (["validate", "--timeout", "5s"], "unknown option '--timeout' for 'validate'"),
    ])
    func refusesBadCommandLines(arguments: [String], message: String) {
        #expect(performing: { try Invocation(parsing: arguments) }, throws: { error in
            (error as? Invocation.UsageError)?.message == message
        })
    }

    @Test(arguments: [("90s", 90.0), ("600", 600), ("1500ms", 1.5), ("01:30:00", 5400), ("604800", 604_800)])
    func readsTimeLimits(text: String, seconds: Double) throws {
        #expect(try Invocation(parsing: ["run", "--timeout", text]).timeout?.seconds == seconds)
        #expect(try Invocation(parsing: ["run"]).timeout == nil)
    }

    @Test func usageErrorsPointToTheCommandsHelp() {
        #expect(throws: Invocation.UsageError(message: "option '--jobs' needs a value", command: .run)) {
            try Invocation(parsing: ["run", "--jobs"])
        }
        #expect(Invocation.UsageError(message: "x", command: .plan).description == "mediabatch: error: x\nrun 'mediabatch plan --help' for usage")
        #expect(Invocation.UsageError(message: "x").description == "mediabatch: error: x\nrun 'mediabatch help' for usage")
    }

    @Test(arguments: [["run", "--help"], ["validate", "-h"], ["plan", "--help"], ["report", "merge", "--help"],
                      ["report", "--help"], ["frames", "-h"], ["sheet", "--help"], ["completion", "--help"]])
    func helpIsAnOptionOfEveryCommand(arguments: [String]) throws {
        #expect(try Invocation(parsing: arguments).wantsHelp)
    }

    @Test func readsFramesAndSheetOptions() throws {
        let frames = try Invocation(parsing: ["frames", "teaser", "m.yaml", "--at", "1s,3.5s", "--at=end", "--out", "look"])
        #expect(frames.subject == "teaser" && frames.paths == ["m.yaml"] && frames.times == ["1s", "3.5s", "end"])
        #expect(frames.outDirectory == "look")
        let sheet = try Invocation(parsing: ["--color", "never", "sheet", "teaser", "--count", "6", "--columns", "3"])
        #expect(sheet.subject == "teaser" && sheet.paths == ["manifests"] && sheet.count == 6 && sheet.columns == 3)
        #expect(sheet.color == .never)
    }
}
