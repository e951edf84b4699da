import Foundation
import MediaCore
import Report
import Testing

@Suite struct ReportEscapingTests {
    static let nasty = OutputReport(
        name: #"a<b>&"c"'d|e"#, location: SourceLocation(file: #"m&"x".yaml"#, line: 1, column: 1),
        path: "out/a b#1.mp4", status: .failed, renderSeconds: 1,
        failure: OutputFailure(stage: .encode, reason: "x < y & \"z\" | 'w'\u{1}\ttab"))
    static let skipped = OutputReport(
        name: "s|t", path: "out/s.mp4", status: .cancelled, skipReason: "stopped | <now>")
    static let good = OutputReport(
        name: "<ok>", path: "out/ok & fine.mp4", status: .rendered, posterPath: "posters/<ok> \"1\".jpg")
    let report = Fixtures.report([nasty, skipped, good])

    @Test func reasonsAreOneLine() {
        #expect(Self.nasty.failure?.reason == "x < y & \"z\" | 'w' tab")
    }

    @Test func junitEscapesAttributes() {
        let xml = report.junitXML()
        #expect(xml.contains(#"""
                <testcase classname="m&amp;&quot;x&quot;.yaml" name="a&lt;b&gt;&amp;&quot;c&quot;&apos;d|e" time="1.000">
                  <failure message="x &lt; y &amp; &quot;z&quot; | &apos;w&apos; tab" type="encode"/>
            """#))
        #expect(xml.contains(#"<skipped message="stopped | &lt;now&gt;"/>"#))
        #expect(xml.contains(#"<testcase classname="mediabatch" name="&lt;ok&gt;" time="0.000"/>"#))
        #expect(xml.contains(#"tests="3" failures="1" errors="0" skipped="1""#))
    }

    @Test func xmlControlCharactersBecomeReferences() {
        let output = OutputReport(name: "tab\there\nnew\u{0}null", path: "p", status: .rendered)
        #expect(Fixtures.report([output]).junitXML().contains(#"name="tab&#9;here&#10;new\#u{FFFD}null""#))
    }

    @Test func markdownEscapesPipesAndMarkup() {
        let md = report.markdown()
        #expect(md.contains(#"| failed | a\<b\>\&"c"'d\|e | - | 1.00s | - | - |"#))
        #expect(md.contains(#"| cancelled | s\|t | - | - | - | - |"#))
        #expect(md.contains(#"| rendered | \<ok\> | - | - | - | - |"#))
        #expect(md.contains(#"- **a\<b\>\&"c"'d\|e** (encode): x \< y \& "z" \| 'w' tab"#))
        #expect(md.contains(#"- **s\|t** cancelled: stopped \| \<now\>"#))
    }

    @Test func htmlEscapesText() {
        let html = report.html()
        #expect(html.contains("<h2>a&lt;b&gt;&amp;&quot;c&quot;&#39;d|e</h2>"))
        #expect(html.contains(#"<p class="reason">encode: x &lt; y &amp; &quot;z&quot; | &#39;w&#39; tab</p>"#))
        #expect(html.contains(#"<video controls preload="none" poster="posters/%3Cok%3E%20%221%22.jpg" src="out/ok%20&amp;%20fine.mp4" title="&lt;ok&gt;"></video>"#))
        #expect(html.contains(#"<a href="out/ok%20&amp;%20fine.mp4">out/ok &amp; fine.mp4</a>"#))
        #expect(html.contains("<dt>manifest</dt><dd>m&amp;&quot;x&quot;.yaml:1:1</dd>"))
        #expect(!html.contains("<ok>"))
    }
}
