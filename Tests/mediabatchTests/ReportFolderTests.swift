import Foundation
import Testing

/// Reports that stay true, through the built binary: one report per output folder plus a combined one, subset runs
/// that keep the other entries, paths relative to the report, language tags, progress events, dry runs, and the HTML
/// page loaded in a real headless browser.
@Suite(.serialized) struct ReportFolderTests {
    static let header = """
        mediabatch: 1
        presets:
          tiny: { base: draft, video: { width: 160, height: 96, fps: 10 }, audio: { bitrate: 64k } }
          sound: { base: audio-only, audio: { bitrate: 64k } }

        """

    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }

    static func outputs(_ url: URL) throws -> [String: [String: Any]] {
        let entries = try json(url)["outputs"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as? String ?? "", $0) })
    }

    @Test func eachFolderGetsItsOwnTrueReport() throws {
        let directory = try CommandRunner.temporaryDirectory("folders")
        try CommandRunner.write(Self.header + """
            defaults: { out: ../out/a, preset: tiny }
            outputs:
              - name: one
                clips: [ { source: { generate: testpattern, duration: 1s } } ]
                title: { text: "Hello", at: 0.2s }
                metadata: { language: ar, audio: { language: en } }
              - name: two
                clips: [ { source: { generate: color, color: teal, duration: 1s } } ]
            """, to: "m/a.yaml", in: directory)
        try CommandRunner.write(Self.header + """
            defaults: { out: ../out/b, preset: sound }
            outputs:
              - name: three
                clips: [ { source: { generate: tone, duration: 1s } } ]
            """, to: "m/b.yaml", in: directory)

        let run = try CommandRunner.run(["run", "m", "--report", "out/all", "--progress", "json"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        // One JSON object per line, in order: planned, starts and finishes, the reports, the summary.
        let events = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.count == run.stdout.split(separator: "\n").count)
        let kinds = events.compactMap { $0["event"] as? String }
        #expect(kinds.first == "planned" && kinds.last == "summary")
        #expect(kinds.filter { $0 == "finished" }.count == 3 && kinds.filter { $0 == "started" }.count == 3)
        #expect(events.filter { $0["event"] as? String == "report" }.compactMap { $0["path"] as? String }
                == ["out/a/report.json", "out/b/report.json", "out/all/report.json"])
        #expect(events.last?["exitStatus"] as? Int == 0)
        #expect(events.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })

        let a = try Self.outputs(directory.appendingPathComponent("out/a/report.json"))
        let b = try Self.outputs(directory.appendingPathComponent("out/b/report.json"))
        let all = try Self.outputs(directory.appendingPathComponent("out/all/report.json"))
        #expect(a.keys.sorted() == ["one", "two"] && b.keys.sorted() == ["three"] && all.keys.sorted() == ["one", "three", "two"])
        #expect(a["one"]?["path"] as? String == "one.mp4" && a["one"]?["posterPath"] as? String == "posters/one.jpg")
        #expect(all["three"]?["path"] as? String == "../b/three.m4a")
        #expect(a["one"]?["lastRenderedAt"] != nil)

        // The container's language goes on every stream; a stream's own tag wins.
        let probe = try CommandLineTests.shell("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type:stream_tags=language",
                                                          "-of", "csv=p=0", "out/a/one.mp4"], in: directory)
        #expect(probe == "video,ara\naudio,eng\n")

        // A subset run updates its entry and keeps the others, marked as from an earlier run.
        let subset = try CommandRunner.run(["run", "m", "--only", "two", "--force"], in: directory)
        #expect(subset.status == 0, "\(subset.stderr)")
        let report = try Self.json(directory.appendingPathComponent("out/a/report.json"))
        let started = report["startedAt"] as? String ?? ""
        let after = try Self.outputs(directory.appendingPathComponent("out/a/report.json"))
        #expect(after["two"]?["status"] as? String == "rendered" && after["one"]?["status"] as? String == "rendered")
        #expect((after["one"]?["checkedAt"] as? String ?? "") < started && (after["two"]?["checkedAt"] as? String ?? "") >= started)
        let markdown = try String(contentsOf: directory.appendingPathComponent("out/a/report.md"), encoding: .utf8)
        #expect(markdown.contains("| rendered (earlier run) | one |"))
        #expect(markdown.contains("2 outputs: 2 rendered, 0 up-to-date, 0 failed, 0 skipped, 0 cancelled in"))
        #expect(try Self.outputs(directory.appendingPathComponent("out/b/report.json")).keys.sorted() == ["three"])

        let dry = try CommandRunner.run(["run", "m", "--dry-run"], in: directory)
        #expect(dry.status == 0)
        #expect(dry.stdout == """
            up to date  one    fingerprint matches the file
            up to date  two    fingerprint matches the file
            up to date  three  fingerprint matches the file
            3 outputs: 0 to render, 3 up to date, 0 cannot be built, 0 to skip; nothing was rendered

            """)

        try HeadlessBrowser.checkReport(at: directory.appendingPathComponent("out/a"), expecting: ["one", "two"])
        try HeadlessBrowser.checkReport(at: directory.appendingPathComponent("out/all"), expecting: ["one", "three", "two"])
    }

    @Test func dryRunSaysWhatWouldRenderAndWhy() throws {
        let directory = try CommandRunner.temporaryDirectory("dry")
        try CommandRunner.write(Self.header + """
            defaults: { out: out, preset: tiny }
            outputs:
              - { name: fresh, clips: [ { source: { generate: color, duration: 1s } } ] }
              - { name: broken, clips: [ media/gone.mp4 ] }
              - { name: uses-broken, clips: [ { source: { output: broken } } ] }
            """, to: "m.yaml", in: directory)
        let result = try CommandRunner.run(["run", "m.yaml", "--dry-run"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout == """
            render      fresh        no file yet
            fail        broken       source 'media/gone.mp4' not found (resolved to '\(directory.path)/media/gone.mp4'); used by output 'broken'
            skip        uses-broken  dependency 'broken' cannot be built
            3 outputs: 1 to render, 0 up to date, 1 cannot be built, 1 to skip; nothing was rendered

            """)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))

        // The run then does what the dry run said, and its first line counts the outputs that cannot be built.
        let run = try CommandRunner.run(["run", "m.yaml"], in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains("3 outputs, 1 to render, 2 cannot be built, 1 at a time\n"), "\(run.stdout)")
        let json = try CommandRunner.run(["run", "m.yaml", "--force", "--progress", "json"], in: directory)
        let events = json.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let planned = try #require(events.first)
        #expect(planned["event"] as? String == "planned")
        #expect(planned["toRender"] as? Int == 1 && planned["cannotBuild"] as? Int == 2)
        let statuses = events.filter { $0["event"] as? String == "finished" }
            .map { "\($0["output"] ?? "") \($0["status"] ?? "")" }.sorted()
        #expect(statuses == ["broken failed", "fresh rendered", "uses-broken skipped"])
        // Only a render starts: the outputs that cannot be built, and those up to date, only finish.
        #expect(events.filter { $0["event"] as? String == "started" }.compactMap { $0["output"] as? String } == ["fresh"])
        #expect(run.stdout.contains("start  fresh\n") && !run.stdout.contains("start  broken"))
        // An output found up to date gets no progress line of its own unless asked: the summary's table lists it.
        let again = try CommandRunner.run(["run", "m.yaml"], in: directory)
        #expect(!again.stdout.contains("up to date") && !again.stdout.contains("start  "), "\(again.stdout)")
        #expect(again.stdout.contains("3 outputs, 0 to render, 2 cannot be built\n"), "\(again.stdout)")
        #expect(again.stdout.contains("\nup-to-date  fresh "), "\(again.stdout)")
        let verbose = try CommandRunner.run(["run", "m.yaml", "--verbose"], in: directory)
        #expect(verbose.stdout.contains("done  fresh: up to date\n") && !verbose.stdout.contains("start  "),
                "\(verbose.stdout)")
    }
}

/// Loads a report page in Debian's Chromium, headless, and checks that every card's video or sound loads (the
/// browser decodes its first frame) and every poster is a picture. Skipped, with a note, where Chromium is missing.
enum HeadlessBrowser {
    static var chromium: String? { CommandLineTests.which("chromium") ?? CommandLineTests.which("chromium-browser") }

    /// A copy of the page with a script that loads every player and poster and writes what happened into the page.
    static let probe = """
        <pre id="result"></pre>
        <script>
        const results = [];
        const waits = [];
        for (const card of document.querySelectorAll('section.output')) {
          const media = card.querySelector('video, audio');
          const entry = { name: card.querySelector('h2').textContent, kind: media ? media.tagName.toLowerCase() : 'none' };
          results.push(entry);
          if (!media) continue;
          waits.push(new Promise(done => {
            media.addEventListener('loadeddata', () => { entry.playable = true; entry.duration = media.duration; done(); });
            media.addEventListener('error', () => { entry.playable = false; entry.error = media.error ? media.error.code : -1; done(); });
            media.preload = 'auto';
            media.load();
          }));
          const poster = media.getAttribute('poster');
          if (poster) waits.push(new Promise(done => {
            const image = new Image();
            image.onload = () => { entry.posterWidth = image.naturalWidth; done(); };
            image.onerror = () => { entry.posterWidth = 0; done(); };
            image.src = poster;
          }));
        }
        Promise.all(waits).then(() => { document.getElementById('result').textContent = JSON.stringify(results); });
        </script>
        """

    static func checkReport(at folder: URL, expecting names: [String]) throws {
        guard let chromium else {
            print("note: chromium is not installed (scripts/setup.sh installs it when it can); the report was not loaded in a browser")
            return
        }
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        let check = folder.appendingPathComponent("check.html")
        try page.replacingOccurrences(of: "</body>", with: probe + "\n</body>").write(to: check, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: check) }
        let dom = try CommandLineTests.shell(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--autoplay-policy=no-user-gesture-required",
            "--user-data-dir=" + folder.appendingPathComponent(".chromium").path, "--virtual-time-budget=20000",
            "--dump-dom", check.absoluteString,
        ], in: folder)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(".chromium"))
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("the page did not load: \(dom.prefix(300))")
            return
        }
        let text = String(dom[start.upperBound..<end.lowerBound])
        let cards = (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]) ?? []
        #expect(cards.compactMap { $0["name"] as? String } == names, "the page's cards: \(text)")
        for card in cards {
            #expect(card["playable"] as? Bool == true, "\(card)")
            if card["kind"] as? String == "video" {
                #expect((card["posterWidth"] as? Int ?? 0) > 0, "\(card)")
            } else {
                #expect(card["kind"] as? String == "audio", "\(card)")
            }
        }
    }
}
