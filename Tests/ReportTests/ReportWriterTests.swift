import Foundation
import MediaCore
import Report
import Testing

@Suite struct ReportWriterTests {
    @Test func jsonRoundTrips() throws {
        let report = Fixtures.three
        let decoded = try RunReport(jsonData: report.jsonData())
        #expect(decoded == report)
        #expect(decoded.outputs.map(\.name) == ["promo-16x9", "promo-9x16", "promo-9x16-captioned"])
        #expect(decoded.outputs[0].expectedDuration?.mediaTime == MediaTime(value: 15, timescale: 2))
        #expect(decoded.outputs[1].failure?.reason == "source 'media/shoes.mp4' is corrupt at packet 12")
    }

    @Test func jsonMatchesGolden() throws {
        let json = String(decoding: try Fixtures.report([Fixtures.skipped], shard: "2/3").jsonData(), as: UTF8.self)
        #expect(json == """
            {
              "finishedAt" : "2024-05-01T10:00:04.250Z",
              "host" : "ci-1",
              "outputs" : [
                {
                  "attempts" : 0,
                  "dependencies" : [
                    "promo-9x16"
                  ],
                  "location" : {
                    "column" : 5,
                    "file" : "spring.yaml",
                    "line" : 31
                  },
                  "name" : "promo-9x16-captioned",
                  "path" : "out/promo-9x16-captioned.mp4",
                  "skipReason" : "dependency 'promo-9x16' failed",
                  "status" : "skipped"
                }
              ],
              "schemaVersion" : 1,
              "shard" : "2/3",
              "startedAt" : "2024-05-01T10:00:00.000Z",
              "toolVersion" : "0.1.0",
              "totals" : {
                "cancelled" : 0,
                "failed" : 0,
                "rendered" : 0,
                "skipped" : 1,
                "total" : 1,
                "upToDate" : 0
              },
              "wallSeconds" : 4.25
            }

            """)
    }

    @Test func renderedOutputEncodesAllFields() throws {
        let json = String(decoding: try Fixtures.report([Fixtures.rendered]).jsonData(), as: UTF8.self)
        for fragment in [
            #""actualDuration" : {"#, #""exact" : "7500/1000""#, #""seconds" : 7.5"#, #""byteSize" : 1234567"#,
            #""frameRate" : {"#, #""numerator" : 30000"#, #""loudnessLUFS" : -16.5"#, #""speed" : 3"#,
            #""resolution" : {"#, #""width" : 1920"#, #""posterPath" : "posters/promo-16x9.jpg""#,
            #""renderSeconds" : 2.5"#, #""status" : "rendered""#, #""videoCodec" : "h264""#,
            #""warnings" : ["#, #""stage" : "decode""#, #""source" : "media/shoes.mp4""#,
        ] {
            #expect(json.contains(fragment), "missing \(fragment)")
        }
    }

    @Test(arguments: [
        (#"{"schemaVersion": 2}"#, "report schema version 2 is newer than this mediabatch reads (1); upgrade mediabatch"),
        (#"{"schemaVersion": 1}"#, "invalid report JSON: missing key 'toolVersion' at top level"),
        (#"{"schemaVersion": "one"}"#,
         "invalid report JSON: Expected to decode Int but found a string instead. at 'schemaVersion'"),
    ])
    func badJSONIsRejected(json: String, message: String) {
        do {
            _ = try RunReport(jsonData: Data(json.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func junitXMLForRenderedFailedAndSkipped() {
        #expect(Fixtures.three.junitXML() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="mediabatch" tests="3" failures="1" errors="0" skipped="1" time="4.250">
              <testsuite name="mediabatch" tests="3" failures="1" errors="0" skipped="1" time="4.250" timestamp="2024-05-01T10:00:00Z" hostname="ci-1">
                <testcase classname="spring.yaml" name="promo-16x9" time="2.500">
                  <system-out>decode: shoes.mp4: 3 corrupt audio packets concealed near 4.2 s</system-out>
                </testcase>
                <testcase classname="spring.yaml" name="promo-9x16" time="0.750">
                  <failure message="source &apos;media/shoes.mp4&apos; is corrupt at packet 12" type="decode"/>
                </testcase>
                <testcase classname="spring.yaml" name="promo-9x16-captioned" time="0.000">
                  <skipped message="dependency &apos;promo-9x16&apos; failed"/>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    /// An output that could not be built lists every problem and note: in report.json under its failure, read back
    /// as written, and in report.xml as the failure's text, one `file:line:col: severity: message` per line (XML
    /// escaped, a message's line breaks folded, no place where none is known).
    @Test func aFailureOfAnOutputThatCouldNotBeBuiltListsEveryProblem() throws {
        var output = Fixtures.failed
        output.failure = OutputFailure(stage: .load, reason: "source 'media/hat.mp4' not found (and 1 more problem)", problems: [
            ReportProblem(severity: "error", message: "source 'media/hat.mp4' not found",
                          location: SourceLocation(file: "spring.yaml", line: 33, column: 19)),
            ReportProblem(severity: "note", message: "output 'promo-9x16' takes 'product' from this data row",
                          location: SourceLocation(file: "data/products.csv", line: 4, column: 1)),
            ReportProblem(severity: "error", message: "cannot list the installed fonts:\n<none>", location: nil),
        ])
        let report = Fixtures.report([output])
        #expect(report.junitXML() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="mediabatch" tests="1" failures="1" errors="0" skipped="0" time="4.250">
              <testsuite name="mediabatch" tests="1" failures="1" errors="0" skipped="0" time="4.250" timestamp="2024-05-01T10:00:00Z" hostname="ci-1">
                <testcase classname="spring.yaml" name="promo-9x16" time="0.750">
                  <failure message="source &apos;media/hat.mp4&apos; not found (and 1 more problem)" type="load">\
            spring.yaml:33:19: error: source &apos;media/hat.mp4&apos; not found
            data/products.csv:4:1: note: output &apos;promo-9x16&apos; takes &apos;product&apos; from this data row
            error: cannot list the installed fonts: &lt;none&gt;</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """)
        let decoded = try RunReport(jsonData: report.jsonData())
        #expect(decoded.outputs.first?.failure == output.failure)
        #expect(report.markdown().contains("""
            - **promo-9x16** (load): source 'media/hat.mp4' not found (and 1 more problem)
              - spring.yaml:33:19: error: source 'media/hat.mp4' not found
              - data/products.csv:4:1: note: output 'promo-9x16' takes 'product' from this data row
              - error: cannot list the installed fonts: \\<none\\>

            """))
        #expect(report.html().contains("""
            <ul class="problems">
            <li>spring.yaml:33:19: error: source &#39;media/hat.mp4&#39; not found</li>
            """))
        // One problem alone is what the reason says: no list.
        output.failure?.problems = [ReportProblem(severity: "error", message: "gone", location: nil)]
        #expect(!Fixtures.report([output]).markdown().contains("  - error: gone"))
        #expect(!Fixtures.report([output]).html().contains("class=\"problems\""))
    }

    @Test func markdownTable() {
        #expect(Fixtures.three.markdown() == """
            ## mediabatch

            **3 outputs: 1 rendered, 0 up-to-date, 1 failed, 1 skipped, 0 cancelled in 4.25s**

            | status | name | duration | render | speed | size |
            |---|---|---:|---:|---:|---:|
            | rendered | promo-16x9 | 7.50s | 2.50s | 3.00x | 1.2 MB |
            | failed | promo-9x16 | 6.00s | 0.75s | - | - |
            | skipped | promo-9x16-captioned | - | - | - | - |

            ### Failures

            - **promo-9x16** (decode): source 'media/shoes.mp4' is corrupt at packet 12

            ### Warnings

            - **promo-16x9** (decode): shoes.mp4: 3 corrupt audio packets concealed near 4.2 s

            ### Not rendered

            - **promo-9x16-captioned** skipped: dependency 'promo-9x16' failed

            """)
    }

    @Test func passthroughOutputsSayWhyTheyWereEncoded() {
        var spliced = Fixtures.rendered
        spliced.copiedFrames = 164
        spliced.passthroughReason = "passthrough: the composition has 2 video tracks; exactly one can be copied"
        let report = Fixtures.report([spliced])
        #expect(report.markdown() == """
            ## mediabatch

            **1 output: 1 rendered, 0 up-to-date, 0 failed, 0 skipped, 0 cancelled in 4.25s**

            | status | name | duration | render | speed | size |
            |---|---|---:|---:|---:|---:|
            | rendered | promo-16x9 | 7.50s | 2.50s | 3.00x | 1.2 MB |

            ### Shared segments

            shared segments: 1 output copied 164 pictures from their sources

            - **promo-16x9**: 164 pictures copied from the sources

            ### Warnings

            - **promo-16x9** (decode): shoes.mp4: 3 corrupt audio packets concealed near 4.2 s

            ### Passthrough

            - **promo-16x9** encoded (passthrough: the composition has 2 video tracks; exactly one can be copied)

            """)
        let html = report.html()
        #expect(html.contains("<dt>copied</dt><dd>164 pictures from its sources</dd>\n"))
        #expect(html.contains("<dt>encoded</dt><dd>passthrough: the composition has 2 video tracks; exactly one can be "
            + "copied</dd>\n"))
        #expect(!Fixtures.three.markdown().contains("### Passthrough"))
    }

    @Test func terminalSummaryTable() {
        #expect(Fixtures.three.terminalSummary() == """
            STATUS    NAME                  DURATION  RENDER  SPEED    SIZE  REASON
            rendered  promo-16x9               7.50s   2.50s  3.00x  1.2 MB
            failed    promo-9x16               6.00s   0.75s      -       -  decode: source 'media/shoes.mp4' is corrupt at packet 12
            skipped   promo-9x16-captioned         -       -      -       -  dependency 'promo-9x16' failed

            3 outputs: 1 rendered, 0 up-to-date, 1 failed, 1 skipped, 0 cancelled in 4.25s

            """)
    }

    @Test func aPictureHasNoSpeed() {
        let picture = OutputReport(
            name: "poster", path: "out/poster.png", status: .rendered,
            expectedDuration: ReportTime(MediaTime.zero), actualDuration: ReportTime(MediaTime.zero), renderSeconds: 0.25,
            byteSize: 46_000)
        #expect(picture.speed == nil)
        #expect(OutputReport.speed(media: 0, render: 0.5) == nil && OutputReport.speed(media: 3, render: 0.5) == 6)
        #expect(Fixtures.report([picture]).terminalSummary().hasPrefix("""
            STATUS    NAME    DURATION  RENDER  SPEED     SIZE
            rendered  poster     0.00s   0.25s      -  46.0 kB

            """))
    }

    @Test func htmlShowsPostersAndLinks() {
        let html = Fixtures.three.html()
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains(#"<video controls preload="none" poster="posters/promo-16x9.jpg" src="out/promo-16x9.mp4" title="promo-16x9"></video>"#))
        #expect(html.contains(#"<p><a href="out/promo-16x9.mp4">out/promo-16x9.mp4</a></p>"#))
        #expect(html.contains(#"<p class="reason">decode: source &#39;media/shoes.mp4&#39; is corrupt at packet 12</p>"#))
        #expect(html.contains(#"<ul class="warnings">\#n<li>decode: shoes.mp4: 3 corrupt audio packets concealed near 4.2 s</li>\#n</ul>"#))
        #expect(html.components(separatedBy: "<video ").count == 2)
        // Cards keep their own height instead of stretching to the tallest in their row.
        #expect(html.contains("align-items: start;"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("http"))
    }

    @Test func writesAllFilesIntoADirectory() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("report-tests-\(UUID().uuidString)").appendingPathComponent("nested")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let urls = try Fixtures.three.write(to: directory)
        #expect(urls.map(\.lastPathComponent) == ["report.json", "report.xml", "report.md", "report.html"])
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(listing == ["report.html", "report.json", "report.md", "report.xml"])
        #expect(try RunReport(jsonData: Data(contentsOf: urls[0])) == Fixtures.three)
        #expect(try String(contentsOf: urls[2], encoding: .utf8) == Fixtures.three.markdown())
        // Writing again replaces the files.
        try Fixtures.report([Fixtures.rendered]).write(to: directory)
        #expect(try RunReport(jsonData: Data(contentsOf: urls[0])).outputs.count == 1)
    }

    @Test(arguments: [
        (Int64(0), "0 B"), (999, "999 B"), (1000, "1.0 kB"), (1_234_567, "1.2 MB"), (999_960, "1.0 MB"),
        (5_000_000_000, "5.0 GB"),
    ])
    func byteSizes(bytes: Int64, text: String) {
        let output = OutputReport(name: "x", path: "x", status: .rendered, byteSize: bytes)
        #expect(Fixtures.report([output]).terminalSummary().contains("  \(text)\n"))
    }
}

@Test func timestampsWithoutFractionsAreRead() throws {
    var json = String(decoding: try Fixtures.three.jsonData(), as: UTF8.self)
    json = json.replacingOccurrences(of: "10:00:04.250Z", with: "10:00:04Z")
    #expect(try RunReport(jsonData: Data(json.utf8)).finishedAt == Fixtures.start.addingTimeInterval(4))
}
