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
    }

    @Test(arguments: [
        (["rn"], "unknown command 'rn'; did you mean 'run'?"),
        (["run", "--forse"], "unknown option '--forse' for 'run'; did you mean '--force'?"),
        (["run", "--jobs"], "option '--jobs' needs a value"),
        (["run", "--jobs", "0"], "'--jobs' needs a whole number above 0, not '0'"),
        (["run", "--shard", "4/3"], "'--shard' needs K/N with 1 <= K <= N, such as '2/3', not '4/3'"),
        (["plan", "--force"], "unknown option '--force' for 'plan'"),
        (["plan", "--strict"], "unknown option '--strict' for 'plan'"),
        (["report"], "'report' needs a subcommand: 'mediabatch report merge DIR...'"),
        (["report", "merge"], "'report merge' needs at least one report directory"),
    ])
    func refusesBadCommandLines(arguments: [String], message: String) {
        #expect(throws: Invocation.UsageError(message: message)) { try Invocation(parsing: arguments) }
    }
}
