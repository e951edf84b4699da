import Foundation
import Testing

/// `validate` through the built binary: every problem of every output in one pass, grouped per manifest, with
/// did-you-mean hints and counts; JSON manifests in directories; output names unique per folder.
@Suite struct ValidateTests {
    /// A manifest with a problem of each kind in several outputs, and one shared by three outputs.
    static let broken = """
        mediabatch: 1
        defaults: { out: out, preset: draft }
        sources:
          music: { generate: tone, duration: 5s }
          intro: media/intro.mp4
        templates:
          promo: { intro: { source: intro } }
        outputs:
          - name: one
            template: promo
            clips:
              - { source: media/missing1.mp4 }
              - { source: { generate: testpattern, duration: 2s }, to: 5s }
            soundtrack: { source: musc }
            title: { text: hi, color: blak }
          - name: two
            template: promo
            clips: [ media/missing2.mp4 ]
          - name: three
            template: promo
            clips: [ { source: { generate: testpattern, duration: 2s } } ]

        """

    @Test func findsEveryProblemOfEveryOutputInOnePass() throws {
        let directory = try CommandRunner.temporaryDirectory("validate")
        try CommandRunner.write(Self.broken, to: "m/a.yaml", in: directory)
        try CommandRunner.write("mediabatch: 1\noutputs:\n  - { name: fine, clips: [ { source: { generate: color, duration: 1s } } ] }\n",
                                to: "m/b.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let resolved = directory.appendingPathComponent("m").path
        #expect(result.stderr == """
            m/a.yaml:7:29: error: source 'media/intro.mp4' not found (resolved to '\(resolved)/media/intro.mp4'); used by output 'one'
              promo: { intro: { source: intro } }
                                        ^
            m/a.yaml:5:10: note: source 'intro' names this file here
              intro: media/intro.mp4
                     ^
            m/a.yaml:7:29: note: the same problem affects outputs 'two', 'three'
            m/a.yaml:12:19: error: source 'media/missing1.mp4' not found (resolved to '\(resolved)/media/missing1.mp4'); used by output 'one'
                  - { source: media/missing1.mp4 }
                              ^
            m/a.yaml:13:64: error: clip asks for 0s-5s of generator 'testpattern' but it is only 2s long
                  - { source: { generate: testpattern, duration: 2s }, to: 5s }
                                                                           ^
            m/a.yaml:14:27: error: unknown source 'musc' (no named source or file of that name) in output 'one'; did you mean 'music'?
                soundtrack: { source: musc }
                                      ^
            m/a.yaml:15:31: error: unknown colour 'blak'; did you mean 'black'?
                title: { text: hi, color: blak }
                                          ^
            m/a.yaml:18:14: error: source 'media/missing2.mp4' not found (resolved to '\(resolved)/media/missing2.mp4'); used by output 'two'
                clips: [ media/missing2.mp4 ]
                         ^
            m/a.yaml: 6 errors; 0 of 3 outputs can be built
            6 errors in 1 of 2 files; 1 of 4 outputs in 2 manifests can be built
            """ + "\n")
        let quiet = try CommandRunner.run(["validate", "m/b.yaml", "-q"], in: directory)
        #expect(quiet.status == 0 && quiet.stdout == "" && quiet.stderr == "")
    }

    /// `run` and `plan` print a problem that many outputs share once, as `validate` does, with a note naming the
    /// other outputs; each output's line in the run's summary still gives its own reason.
    @Test(arguments: [["run", "m/a.yaml", "--dry-run"], ["plan", "m/a.yaml"]])
    func runAndPlanFoldAProblemThatManyOutputsShare(arguments: [String]) throws {
        let directory = try CommandRunner.temporaryDirectory("validate-folded")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            sources:
              intro: media/intro.mp4
            outputs:
              - name: "promo-{aspect}"
                matrix: { aspect: [16x9, 9x16, 1x1] }
                intro: { source: intro }
                clips: [ { source: { generate: testpattern, duration: 1s } } ]

            """, to: "m/a.yaml", in: directory)
        let result = try CommandRunner.run(arguments, in: directory)
        let media = directory.appendingPathComponent("m/media").path
        #expect(result.stderr == """
            m/a.yaml:8:22: error: source 'media/intro.mp4' not found (resolved to '\(media)/intro.mp4'); used by output 'promo-16x9'
                intro: { source: intro }
                                 ^
            m/a.yaml:4:10: note: source 'intro' names this file here
              intro: media/intro.mp4
                     ^
            m/a.yaml:8:22: note: the same problem affects outputs 'promo-9x16', 'promo-1x1'

            """, "\(result.stderr)")
        if arguments[0] == "run" {
            #expect(result.stdout.components(separatedBy: "not found").count == 4, "\(result.stdout)")
        }
    }

    /// A missing file named under `sources` with the output's variables: each output's error, where the name is
    /// used, is followed by a note at the entry that writes the path; a path written where it is used gets none,
    /// even when a named source writes the same path.
    @Test func aMissingNamedSourceShowsWhereItsPathIsWritten() throws {
        let directory = try CommandRunner.temporaryDirectory("validate-named")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            sources:
              clip: "media/{product}.mp4"
              outro: { path: media/outro.mp4 }
            outputs:
              - name: "promo-{product}"
                matrix: { product: [shoes, bag] }
                clips: [ { source: clip } ]
              - name: direct
                clips: [ media/shoes.mp4 ]
              - name: closing
                clips: [ outro ]
              - name: "inline-{product}"
                matrix: { product: [bag] }
                clips: [ "media/{product}.mp4" ]

            """, to: "m/a.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m/a.yaml"], in: directory)
        #expect(result.status == 2)
        let media = directory.appendingPathComponent("m/media").path
        #expect(result.stderr == """
            m/a.yaml:9:24: error: source 'media/shoes.mp4' not found (resolved to '\(media)/shoes.mp4'); used by output 'promo-shoes'
                clips: [ { source: clip } ]
                                   ^
            m/a.yaml:4:9: note: source 'clip' names this file here
              clip: "media/{product}.mp4"
                    ^
            m/a.yaml:9:24: error: source 'media/bag.mp4' not found (resolved to '\(media)/bag.mp4'); used by output 'promo-bag'
                clips: [ { source: clip } ]
                                   ^
            m/a.yaml:4:9: note: source 'clip' names this file here
              clip: "media/{product}.mp4"
                    ^
            m/a.yaml:11:14: error: source 'media/shoes.mp4' not found (resolved to '\(media)/shoes.mp4'); used by output 'direct'
                clips: [ media/shoes.mp4 ]
                         ^
            m/a.yaml:13:14: error: source 'media/outro.mp4' not found (resolved to '\(media)/outro.mp4'); used by output 'closing'
                clips: [ outro ]
                         ^
            m/a.yaml:5:18: note: source 'outro' names this file here
              outro: { path: media/outro.mp4 }
                             ^
            m/a.yaml:16:14: error: source 'media/bag.mp4' not found (resolved to '\(media)/bag.mp4'); used by output 'inline-bag'
                clips: [ "media/{product}.mp4" ]
                         ^
            m/a.yaml: 5 errors; 0 of 5 outputs can be built
            5 errors in 1 of 1 file; 0 of 5 outputs in 1 manifest can be built
            """ + "\n")
    }

    /// A missing file whose path a data row fills in, or a clip range a row sets past its source's end: a note at
    /// the row (its file shown under the manifest's folder, its line quoted) names the variables it gives, for a CSV
    /// table with Windows line ends and for a JSON list. A file that no row decides (a shared intro) gets no such
    /// note, and a path outside the manifest's folder is shown once, not again as where it resolves to. `plan
    /// --json` carries the notes, and run's report.json and report.xml every problem and note of each output.
    @Test func aProblemThatADataRowsValuesCausePointsAtTheRow() throws {
        let directory = try CommandRunner.temporaryDirectory("validate-row")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            sources:
              clip: "../media/{product}-{color}.mp4"
              gen: { generate: color, duration: 2s }
            outputs:
              - name: "{product}"
                data: ../data/rows.csv
                clips: [ clip ]
              - name: "listed-{product}"
                data: ../data/rows.json
                intro: ../media/intro.mp4
                clips: [ "../media/{product}.mp4" ]
              - name: "late-{product}"
                data: ../data/rows.csv
                clips: [ { source: gen, from: "{start}" } ]

            """, to: "m/a.yaml", in: directory)
        try CommandRunner.write("product,color,start\r\n\"hat\",blue,3s\r\n", to: "data/rows.csv", in: directory)
        try CommandRunner.write("[\n  { \"product\": \"bag\" }\n]\n", to: "data/rows.json", in: directory)
        let result = try CommandRunner.run(["validate", "m/a.yaml"], in: directory)
        #expect(result.status == 2)
        let media = directory.appendingPathComponent("media").path
        #expect(result.stderr == """
            m/a.yaml:9:14: error: source '\(media)/hat-blue.mp4' not found; used by output 'hat'
                clips: [ clip ]
                         ^
            m/a.yaml:4:9: note: source 'clip' names this file here
              clip: "../media/{product}-{color}.mp4"
                    ^
            data/rows.csv:2:1: note: output 'hat' takes 'product' and 'color' from this data row
            "hat",blue,3s
            ^
            m/a.yaml:12:12: error: source '\(media)/intro.mp4' not found; used by output 'listed-bag'
                intro: ../media/intro.mp4
                       ^
            m/a.yaml:13:14: error: source '\(media)/bag.mp4' not found; used by output 'listed-bag'
                clips: [ "../media/{product}.mp4" ]
                         ^
            data/rows.json:2:3: note: output 'listed-bag' takes 'product' from this data row
              { "product": "bag" }
              ^
            m/a.yaml:16:35: error: clip starts at 3s but generator 'color' is only 2s long
                clips: [ { source: gen, from: "{start}" } ]
                                              ^
            data/rows.csv:2:1: note: output 'late-hat' takes 'start' from this data row
            "hat",blue,3s
            ^
            m/a.yaml: 4 errors; 0 of 3 outputs can be built
            4 errors in 1 of 1 file; 0 of 3 outputs in 1 manifest can be built
            """ + "\n")
        let plan = try CommandRunner.run(["plan", "m/a.yaml", "--json"], in: directory)
        let document = try #require(JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        let problems = try #require(document["problems"] as? [[String: Any]])
        let notes = problems.map { ($0["notes"] as? [[String: String]] ?? []).map { "\($0["location"] ?? "") \($0["message"] ?? "")" } }
        #expect(notes == [
            ["m/a.yaml:4:9 source 'clip' names this file here",
             "data/rows.csv:2:1 output 'hat' takes 'product' and 'color' from this data row"],
            [],
            ["data/rows.json:2:3 output 'listed-bag' takes 'product' from this data row"],
            ["data/rows.csv:2:1 output 'late-hat' takes 'start' from this data row"],
        ])
        // run's reports list every problem and note of each output that could not be built.
        _ = try CommandRunner.run(["run", "m/a.yaml", "--quiet"], in: directory)
        let out = directory.appendingPathComponent("m/out")
        let report = try #require(JSONSerialization.jsonObject(
            with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any])
        let outputs = try #require(report["outputs"] as? [[String: Any]])
        let listed = outputs.first { $0["name"] as? String == "listed-bag" }?["failure"] as? [String: Any]
        let lines = (listed?["problems"] as? [[String: Any]] ?? []).map { problem in
            let place = problem["location"] as? [String: Any]
            return "\(place?["file"] ?? "-"):\(place?["line"] ?? "-") \(problem["severity"] ?? "") \(problem["message"] ?? "")"
        }
        #expect(lines == [
            "m/a.yaml:12 error source '\(media)/intro.mp4' not found; used by output 'listed-bag'",
            "m/a.yaml:13 error source '\(media)/bag.mp4' not found; used by output 'listed-bag'",
            "data/rows.json:2 note output 'listed-bag' takes 'product' from this data row",
        ])
        let junit = try String(contentsOf: out.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(junit.contains("""
            type="probe">m/a.yaml:16:35: error: clip starts at 3s but generator &apos;color&apos; is only 2s long
            data/rows.csv:2:1: note: output &apos;late-hat&apos; takes &apos;start&apos; from this data row</failure>
            """))
    }

    /// A row's values that reach a path through `vars` (`file: "../media/{product}.mp4"`, even through a second
    /// variable) point at the row too, and the note says which variables they passed through.
    @Test func aRowsValuesThatPassThroughVarsPointAtTheRow() throws {
        let directory = try CommandRunner.temporaryDirectory("validate-row-vars")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            vars: { folder: "../media" }
            outputs:
              - name: "{product}"
                data: ../data/rows.csv
                vars: { stem: "{product}-{color}", file: "{folder}/{stem}.mp4" }
                clips: [ "{file}" ]

            """, to: "m/a.yaml", in: directory)
        try CommandRunner.write("product,color\nhat,blue\n", to: "data/rows.csv", in: directory)
        let result = try CommandRunner.run(["validate", "m/a.yaml"], in: directory)
        #expect(result.status == 2)
        let media = directory.appendingPathComponent("media").path
        #expect(result.stderr == """
            m/a.yaml:8:14: error: source '\(media)/hat-blue.mp4' not found; used by output 'hat'
                clips: [ "{file}" ]
                         ^
            data/rows.csv:2:1: note: output 'hat' takes 'product' and 'color' from this data row, through 'file'
            hat,blue
            ^
            m/a.yaml: 1 error; 0 of 1 output can be built
            1 error in 1 of 1 file; 0 of 1 output in 1 manifest can be built
            """ + "\n")
    }

    /// `validate --github` prints each problem and note as a GitHub Actions annotation on standard output (the
    /// characters workflow commands read specially escaped), and the text as usual on standard error.
    @Test func githubAnnotationsMarkEachProblemsLine() throws {
        let directory = try CommandRunner.temporaryDirectory("validate-github")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: "{product}"
                data: ../data/rows.csv
                clips: [ "../media/{product}.mp4" ]
              - name: plain
                clips: [ { source: "../media/100%, done.mp4" } ]

            """, to: "m/a.yaml", in: directory)
        try CommandRunner.write("product\nhat\n", to: "data/rows.csv", in: directory)
        let result = try CommandRunner.run(["validate", "m/a.yaml", "--github"], in: directory)
        #expect(result.status == 2)
        let media = directory.appendingPathComponent("media").path
        #expect(result.stdout == """
            ::error file=m/a.yaml,line=6,col=14::source '\(media)/hat.mp4' not found; used by output 'hat'
            ::notice file=data/rows.csv,line=2,col=1::output 'hat' takes 'product' from this data row
            ::error file=m/a.yaml,line=8,col=24::source '\(media)/100%25, done.mp4' not found; used by output 'plain'
            """ + "\n")
        #expect(result.stderr.hasPrefix("m/a.yaml:6:14: error: source '\(media)/hat.mp4' not found; used by output 'hat'\n"))
        #expect(result.stderr.hasSuffix("2 errors in 1 of 1 file; 0 of 2 outputs in 1 manifest can be built\n"))
    }

    /// `validate --json` prints the counts and each file's problems in the text's order (a note after its problem,
    /// a manifest's schema error and an output's missing source alike) on standard output, nothing on standard
    /// error, and exits as the text does: 2 with errors, 0 without.
    @Test func jsonListsTheCountsAndEveryFilesProblems() throws {
        let directory = try CommandRunner.temporaryDirectory("validate-json")
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            sources:
              intro: media/intro.mp4
            outputs:
              - name: a
                intro: intro
                clips: [ { source: { generate: color, duration: 1s }, frm: 1s } ]

            """, to: "m/a.yaml", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out, preset: draft }
            outputs:
              - name: c
                clips: [ { source: { generate: color, duration: 1s } } ]

            """, to: "m/ok.yaml", in: directory)
        let result = try CommandRunner.run(["validate", "m", "--json"], in: directory)
        #expect(result.status == 2 && result.stderr.isEmpty)
        let media = directory.appendingPathComponent("m/media").path
        #expect(result.stdout == """
            {
              "buildableOutputs" : 1,
              "errors" : 2,
              "files" : [
                {
                  "buildableOutputs" : 0,
                  "diagnostics" : [
                    {
                      "location" : {
                        "column" : 12,
                        "file" : "m/a.yaml",
                        "line" : 7
                      },
                      "message" : "source 'media/intro.mp4' not found (resolved to '\(media)/intro.mp4'); used by output 'a'",
                      "severity" : "error"
                    },
                    {
                      "location" : {
                        "column" : 10,
                        "file" : "m/a.yaml",
                        "line" : 4
                      },
                      "message" : "source 'intro' names this file here",
                      "severity" : "note"
                    },
                    {
                      "location" : {
                        "column" : 59,
                        "file" : "m/a.yaml",
                        "line" : 8
                      },
                      "message" : "unknown key 'frm' in clip; did you mean 'from'?",
                      "severity" : "error"
                    }
                  ],
                  "errors" : 2,
                  "file" : "m/a.yaml",
                  "outputs" : 1,
                  "warnings" : 0
                },
                {
                  "buildableOutputs" : 1,
                  "diagnostics" : [

                  ],
                  "errors" : 0,
                  "file" : "m/ok.yaml",
                  "outputs" : 1,
                  "warnings" : 0
                }
              ],
              "manifests" : 2,
              "outputs" : 2,
              "warnings" : 0
            }

            """)
        let valid = try CommandRunner.run(["validate", "m/ok.yaml", "--json"], in: directory)
        #expect(valid.status == 0 && valid.stderr.isEmpty)
        let counts = try #require(JSONSerialization.jsonObject(with: Data(valid.stdout.utf8)) as? [String: Any])
        #expect(counts["errors"] as? Int == 0 && counts["buildableOutputs"] as? Int == 1)
    }

    /// What the count of outputs that can be built leaves out, one case per reason: two data rows whose start is
    /// not a time (errors of their own, found reading the manifest) and a row whose clip is missing (a source
    /// problem), leaving two of five; the two outputs of a dependency cycle, leaving one of three; and the outputs
    /// of an entry or a template with an unknown key, leaving one of four. Each case: its
    /// files (`m/a.yaml` first) and validate's whole message, with `RESOLVED` for the folder's path.
    @Test(arguments: [
        ([("m/a.yaml", """
            mediabatch: 1
            defaults: { preset: draft, out: out }
            sources:
              gen: { generate: color, duration: 2s }
            outputs:
              - name: "promo-{product}"
                data: rows.csv
                clips: [ { source: "{clip}", from: "{start}", duration: 1s } ]
            """), ("m/rows.csv", "product,clip,start\na,gen,0s\nb,gen,soon\nc,missing.mp4,0s\nd,gen,0s\ne,gen,later\n")],
         """
            m/a.yaml:8:24: error: source 'missing.mp4' not found (resolved to 'RESOLVED/m/missing.mp4'); used by output 'promo-c'
                clips: [ { source: "{clip}", from: "{start}", duration: 1s } ]
                                   ^
            m/rows.csv:4:1: note: output 'promo-c' takes 'clip' from this data row
            c,missing.mp4,0s
            ^
            m/a.yaml:8:40: error: invalid time 'soon'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', \
            '90f' or '1001/30000' (in 'from') (from data row rows.csv:3)
                clips: [ { source: "{clip}", from: "{start}", duration: 1s } ]
                                                   ^
            m/a.yaml:8:40: error: invalid time 'later'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', \
            '90f' or '1001/30000' (in 'from') (from data row rows.csv:6)
                clips: [ { source: "{clip}", from: "{start}", duration: 1s } ]
                                                   ^
            m/a.yaml: 3 errors; 2 of 5 outputs can be built
            3 errors in 1 of 1 file; 2 of 5 outputs in 1 manifest can be built

            """),
        ([("m/a.yaml", """
            mediabatch: 1
            defaults: { preset: draft, out: out }
            outputs:
              - { name: a, clips: [ { source: { output: b } } ] }
              - { name: b, clips: [ { source: { output: a } } ] }
              - { name: c, clips: [ { source: { generate: color, duration: 1s } } ] }
            """)],
         """
            m/a.yaml:4:13: error: dependency cycle: a -> b -> a
              - { name: a, clips: [ { source: { output: b } } ] }
                        ^
            m/a.yaml:5:13: note: output 'b' is part of the cycle
              - { name: b, clips: [ { source: { output: a } } ] }
                        ^
            m/a.yaml: 1 error; 1 of 3 outputs can be built
            1 error in 1 of 1 file; 1 of 3 outputs in 1 manifest can be built

            """),
        ([("m/a.yaml", """
            mediabatch: 1
            defaults: { preset: draft, out: out }
            templates:
              promo: { transitoin: { type: crossfade, duration: 0.5s } }
            outputs:
              - { name: "x-{n}", matrix: { n: [1, 2] }, template: promo, clips: [ { source: { generate: color, duration: 1s } } ] }
              - { name: y, presett: draft, clips: [ { source: { generate: color, duration: 1s } } ] }
              - { name: z, clips: [ { source: { generate: color, duration: 1s } } ] }
            """)],
         """
            m/a.yaml:4:12: error: unknown key 'transitoin' in template 'promo'; did you mean 'transition'?
              promo: { transitoin: { type: crossfade, duration: 0.5s } }
                       ^
            m/a.yaml:7:16: error: unknown key 'presett' in output 'y'; did you mean 'preset'?
              - { name: y, presett: draft, clips: [ { source: { generate: color, duration: 1s } } ] }
                           ^
            m/a.yaml: 2 errors; 1 of 4 outputs can be built
            2 errors in 1 of 1 file; 1 of 4 outputs in 1 manifest can be built

            """),
    ] as [([(String, String)], String)])
    func theCountLeavesOutOutputsThatAnErrorNames(files: [(String, String)], message: String) throws {
        let directory = try CommandRunner.temporaryDirectory("counts")
        for (path, text) in files { try CommandRunner.write(text, to: path, in: directory) }
        let result = try CommandRunner.run(["validate", "m/a.yaml"], in: directory)
        #expect(result.status == 2)
        #expect(result.stderr == message.replacingOccurrences(of: "RESOLVED", with: directory.path))
    }

    @Test func jsonManifestsAreFoundInDirectoriesAndDataTablesAreNot() throws {
        let directory = try CommandRunner.temporaryDirectory("json")
        try CommandRunner.write("""
            { "mediabatch": 1, "defaults": { "preset": "draft" },
              "outputs": [ { "name": "from-json", "clips": [ { "source": { "generate": "color", "duration": "1s" } } ] } ] }
            """, to: "m/a.json", in: directory)
        try CommandRunner.write(#"[ { "product": "shoes" } ]"#, to: "m/rows.json", in: directory)
        try CommandRunner.write("mediabatch: 1\noutputs:\n  - { name: from-yml, clips: [ { source: { generate: color, duration: 1s } } ] }\n",
                                to: "m/b.yml", in: directory)
        let result = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "valid: 2 outputs in 2 manifests\n")
    }

    @Test func outputNamesAreUniquePerOutputFolder() throws {
        let directory = try CommandRunner.temporaryDirectory("names")
        let clip = "clips: [ { source: { generate: color, duration: 1s } } ]"
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out/spring, preset: draft }
            outputs:
              - { name: teaser, \(clip) }
              - { name: cut, clips: [ { source: { output: teaser } } ] }
            """, to: "m/spring.yaml", in: directory)
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out/fall, preset: draft }
            outputs:
              - { name: teaser, \(clip) }
            """, to: "m/fall.yaml", in: directory)
        let valid = try CommandRunner.run(["plan", "m"], in: directory)
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout.hasPrefix("m/out/fall/teaser  1s  draft"))
        #expect(valid.stdout.contains("  file:     m/out/fall/teaser.mp4"))
        #expect(valid.stdout.contains("  needs:    'm/out/spring/teaser'"))
        try CommandRunner.write("""
            mediabatch: 1
            defaults: { out: out/fall, preset: draft }
            outputs:
              - { name: teaser, \(clip) }
            """, to: "m/zzz.yaml", in: directory)
        let duplicate = try CommandRunner.run(["validate", "m"], in: directory)
        #expect(duplicate.status == 2)
        // The second 'teaser' is declared, and counted among the outputs that cannot be built.
        #expect(duplicate.stderr == """
            m/zzz.yaml:4:13: error: output name 'teaser' is already produced at m/fall.yaml:4:13; output names must be unique in an output folder
              - { name: teaser, clips: [ { source: { generate: color, duration: 1s } } ] }
                        ^
            m/zzz.yaml: 1 error; 0 of 1 output can be built
            1 error in 1 of 3 files; 3 of 4 outputs in 3 manifests can be built

            """)
    }

    /// A problem with no place in a file is the tool's own: it is named as the tool's other errors are.
    @Test(arguments: [
        (["validate", "nothere.yaml"], "mediabatch: error: no manifest file or directory at 'nothere.yaml'"),
        (["run", "empty"], "mediabatch: error: no manifests ('*.yaml', '*.yml', '*.json') in directory 'empty'"),
        (["plan", "empty"], "mediabatch: error: no manifests ('*.yaml', '*.yml', '*.json') in directory 'empty'"),
    ])
    func problemsWithoutAPlaceAreTheToolsOwn(arguments: [String], expected: String) throws {
        let directory = try CommandRunner.temporaryDirectory("no-place")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("empty"),
                                                withIntermediateDirectories: true)
        let result = try CommandRunner.run(arguments, in: directory)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == expected)
    }
}
