import Foundation
import Manifest
import MediaCore
import Testing

/// A manifest (with side files) and every diagnostic it must produce, whole, in order.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var manifest: String
    var files: [String: String] = [:]
    var expected: String
    var testDescription: String { name }
}

/// Every error the manifest layer reports, compared whole: `file:line:col: error: message`, the line, the caret.
struct ManifestErrorTests {
    static let cases: [ErrorCase] = [
        ErrorCase(name: "unknown top-level key", manifest: """
            mediabatch: 1
            ouputs:
              - name: x
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:1:1: error: the manifest needs 'outputs'
            mediabatch: 1
            ^
            manifest.yaml:2:1: error: unknown key 'ouputs' in the manifest; did you mean 'outputs'?
            ouputs:
            ^
            """),
        ErrorCase(name: "a source's keys in place of a clip's source, in an output and in a template", manifest: """
            mediabatch: 1
            templates:
              promo:
                clips: [ { path: a.mp4, from: 1s } ]
            outputs:
              - name: x
                clips: [ { generate: tone, duration: 1s } ]
              - name: y
                template: promo
            """, expected: """
            manifest.yaml:4:16: error: 'path' is a source's key: a clip names its media under 'source', as in '{ source: { path: ... }, from: 1s }'
                clips: [ { path: a.mp4, from: 1s } ]
                           ^
            manifest.yaml:7:16: error: 'generate' is a source's key: a clip names its media under 'source', as in '{ source: { generate: ... }, from: 1s }'
                clips: [ { generate: tone, duration: 1s } ]
                           ^
            """),
        ErrorCase(name: "unknown template key", manifest: """
            mediabatch: 1
            templates:
              promo:
                trasition: { type: crossfade, duration: 0.5s }
            outputs:
              - name: x
                template: promo
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:4:5: error: unknown key 'trasition' in template 'promo'; did you mean 'transition'?
                trasition: { type: crossfade, duration: 0.5s }
                ^
            """),
        ErrorCase(name: "unknown output and clip keys", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clip: [a.mp4]
              - name: y
                clips:
                  - { source: a.mp4, form: 1s }
            """, expected: """
            manifest.yaml:3:11: error: output 'x' has nothing to show; give it 'clips' (or 'tracks')
              - name: x
                      ^
            manifest.yaml:4:5: error: unknown key 'clip' in output 'x'; did you mean 'clips'?
                clip: [a.mp4]
                ^
            manifest.yaml:7:26: error: unknown key 'form' in clip; did you mean 'from'?
                  - { source: a.mp4, form: 1s }
                                     ^
            """),
        ErrorCase(name: "wrong types", manifest: """
            mediabatch: 1
            defaults: { out: { dir: x } }
            outputs:
              - name: { a: 1 }
                clips: [a.mp4]
              - name: y
                clips: a.mp4
              - name: z
                clips: [a.mp4]
                data: [x.csv]
            """, expected: """
            manifest.yaml:2:18: error: 'out' must be text, not a mapping
            defaults: { out: { dir: x } }
                             ^
            manifest.yaml:4:11: error: 'name' must be text, not a mapping
              - name: { a: 1 }
                      ^
            manifest.yaml:7:12: error: 'clips' must be a list, not a scalar
                clips: a.mp4
                       ^
            manifest.yaml:10:11: error: 'data' must be text, not a sequence
                data: [x.csv]
                      ^
            """),
        ErrorCase(name: "outputs not a list", manifest: """
            mediabatch: 1
            outputs: x
            """, expected: """
            manifest.yaml:2:10: error: 'outputs' must be a list, not a scalar
            outputs: x
                     ^
            """),
        ErrorCase(name: "bad times", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clips:
                  - { source: a.mp4, from: 2.5x }
                  - { source: a.mp4, from: -1s }
                  - { source: a.mp4, from: 3s, to: 2s }
                  - { source: a.mp4, to: 3s, duration: 2s }
              - name: sound
                preset: audio-only
                clips:
                  - { source: a.mp4, from: 90f }
            """, expected: """
            manifest.yaml:5:32: error: invalid time '2.5x'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000' (in 'from')
                  - { source: a.mp4, from: 2.5x }
                                           ^
            manifest.yaml:6:32: error: negative time '-1s' is not allowed here; use a time of 0 or later (in 'from')
                  - { source: a.mp4, from: -1s }
                                           ^
            manifest.yaml:7:40: error: 'to' (2s) must be after 'from' (3s)
                  - { source: a.mp4, from: 3s, to: 2s }
                                                   ^
            manifest.yaml:8:44: error: a clip sets both 'to' and 'duration'; use one
                  - { source: a.mp4, to: 3s, duration: 2s }
                                                       ^
            manifest.yaml:12:32: error: frame count '90f' needs a frame rate; set the output's frame rate or use seconds such as '3s' (in 'from')
                  - { source: a.mp4, from: 90f }
                                           ^
            """),
        ErrorCase(name: "unknown preset and templates", manifest: """
            mediabatch: 1
            templates:
              promo: { transition: cut }
            outputs:
              - name: x
                preset: web-1080
                template: prom
                clips: [a.mp4]
              - name: y
                template: nothing-like-it
            """, expected: """
            manifest.yaml:6:13: error: unknown preset 'web-1080'; did you mean 'web-1080p'?
                preset: web-1080
                        ^
            manifest.yaml:7:15: error: unknown template 'prom'; did you mean 'promo'?
                template: prom
                          ^
            manifest.yaml:10:15: error: unknown template 'nothing-like-it'
                template: nothing-like-it
                          ^
            """),
        ErrorCase(name: "unknown template with no templates", manifest: """
            mediabatch: 1
            outputs:
              - { name: x, template: promo, clips: [a.mp4] }
            """, expected: """
            manifest.yaml:3:26: error: unknown template 'promo'; this manifest defines no 'templates'
              - { name: x, template: promo, clips: [a.mp4] }
                                     ^
            """),
        ErrorCase(name: "unknown variables and unclosed braces", manifest: """
            mediabatch: 1
            vars: { product: shoes }
            templates:
              promo:
                title: { text: "Buy {prodcut} now" }
            outputs:
              - name: x-{prduct}
                template: promo
                clips: [a.mp4]
              - name: "y-{product}-{aspect}"
                clips: [a.mp4]
              - name: z-{product
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:5:25: error: unknown variable 'prodcut'; did you mean 'product'?
                title: { text: "Buy {prodcut} now" }
                                    ^
            manifest.yaml:7:13: error: unknown variable 'prduct'; did you mean 'product'?
              - name: x-{prduct}
                        ^
            manifest.yaml:10:24: error: unknown variable 'aspect'; known variables: 'product'
              - name: "y-{product}-{aspect}"
                                   ^
            manifest.yaml:12:13: error: '{' is not closed; write '{{' for a literal brace
              - name: z-{product
                        ^
            """),
        ErrorCase(name: "unknown variable with none defined", manifest: """
            mediabatch: 1
            outputs:
              - { name: x, clips: ["{clip}.mp4"] }
            """, expected: """
            manifest.yaml:3:25: error: unknown variable 'clip'; no variables are defined here (from 'vars', 'data' or 'matrix')
              - { name: x, clips: ["{clip}.mp4"] }
                                    ^
            """),
        ErrorCase(name: "duplicate names from data rows", manifest: """
            mediabatch: 1
            outputs:
              - name: promo-{product}
                data: products.csv
                clips: [a.mp4]
              - name: promo-shoes
                clips: [a.mp4]
            """, files: ["products.csv": "product\nshoes\nbag\nshoes\n"], expected: """
            manifest.yaml:3:11: error: output name 'promo-shoes' (from data row products.csv:4) is already produced at manifest.yaml:3:11 from data row products.csv:2; output names must be unique in an output folder
              - name: promo-{product}
                      ^
            manifest.yaml:6:11: error: output name 'promo-shoes' is already produced at manifest.yaml:3:11 from data row products.csv:2; output names must be unique in an output folder
              - name: promo-shoes
                      ^
            """),
        ErrorCase(name: "bad values from data rows name their rows", manifest: """
            mediabatch: 1
            outputs:
              - name: promo-{product}-{aspect}
                data: products.csv
                matrix: { aspect: [16x9, 9x16] }
                clips:
                  - { source: a.mp4, from: "{start}", duration: 2s, fit: squash }
            """, files: ["products.csv": "product,start\nshoes,1s\nbag,soon\nhat,soon\ncap,2s\nsock,soon\nbelt,later\ntie,soon\n"],
            expected: """
            manifest.yaml:7:32: error: invalid time 'soon'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000' (in 'from') (from data rows products.csv:3, 4, 6 and 1 more)
                  - { source: a.mp4, from: "{start}", duration: 2s, fit: squash }
                                           ^
            manifest.yaml:7:32: error: invalid time 'later'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000' (in 'from') (from data row products.csv:7)
                  - { source: a.mp4, from: "{start}", duration: 2s, fit: squash }
                                           ^
            manifest.yaml:7:62: error: unknown fit 'squash'; expected one of 'contain', 'cover', 'stretch'
                  - { source: a.mp4, from: "{start}", duration: 2s, fit: squash }
                                                                         ^
            """),
        ErrorCase(name: "a bad value in three rows names the three", manifest: """
            mediabatch: 1
            outputs:
              - name: promo-{product}
                data: products.csv
                clips: [{ source: a.mp4, from: "{start}", duration: 2s }]
            """, files: ["products.csv": "product,start\nshoes,soon\nbag,1s\nhat,soon\ncap,soon\n"], expected: """
            manifest.yaml:5:36: error: invalid time 'soon'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000' (in 'from') (from data rows products.csv:2, 4 and 5)
                clips: [{ source: a.mp4, from: "{start}", duration: 2s }]
                                               ^
            """),
        ErrorCase(name: "names leaving the output directory", manifest: """
            mediabatch: 1
            outputs:
              - name: ../x
                clips: [a.mp4]
              - name: /abs
                clips: [a.mp4]
              - name: "p-{product}"
                data: products.csv
                clips: [a.mp4]
            """, files: ["products.csv": "product\nok\n../../etc\n"], expected: """
            manifest.yaml:3:11: error: output name '../x' would leave the output directory; names may not be absolute or contain '..', empty parts or control characters
              - name: ../x
                      ^
            manifest.yaml:5:11: error: output name '/abs' would leave the output directory; names may not be absolute or contain '..', empty parts or control characters
              - name: /abs
                      ^
            manifest.yaml:7:11: error: output name 'p-../../etc' (from data row products.csv:3) would leave the output directory; names may not be absolute or contain '..', empty parts or control characters
              - name: "p-{product}"
                      ^
            """),
        ErrorCase(name: "unknown output as a source", manifest: """
            mediabatch: 1
            outputs:
              - name: promo
                clips: [a.mp4]
              - name: teaser
                clips: [{ source: { output: prom } }]
            """, expected: """
            manifest.yaml:6:23: error: output 'teaser' uses output 'prom' as a source, but no output has that name; did you mean 'promo'?
                clips: [{ source: { output: prom } }]
                                  ^
            """),
        ErrorCase(name: "missing version", manifest: """
            outputs:
              - name: x
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:1:1: error: the manifest needs 'mediabatch'
            outputs:
            ^
            """),
        ErrorCase(name: "wrong version", manifest: """
            mediabatch: 2
            outputs:
              - name: x
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:1:13: error: unsupported manifest version '2'; this mediabatch reads version 1 ('mediabatch: 1')
            mediabatch: 2
                        ^
            """),
        ErrorCase(name: "vars, sources and templates that are not mappings", manifest: """
            mediabatch: 1
            vars: [a, b]
            sources: logo.png
            templates: [promo]
            outputs:
              - name: x
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:2:7: error: 'vars' must be a mapping of names to values, not a sequence
            vars: [a, b]
                  ^
            manifest.yaml:3:10: error: 'sources' must be a mapping of names to media, not a scalar
            sources: logo.png
                     ^
            manifest.yaml:4:12: error: 'templates' must be a mapping of names to templates, not a sequence
            templates: [promo]
                       ^
            """),
        ErrorCase(name: "a source named twice, quoted or not", manifest: """
            mediabatch: 1
            sources:
              logo: logo.png
              "logo": logo2.png
            outputs:
              - name: x
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:4:3: error: duplicate key 'logo'; first defined at 3:3
              "logo": logo2.png
              ^
            """),
        ErrorCase(name: "missing outputs", manifest: "mediabatch: 1\n", expected: """
            manifest.yaml:1:1: error: the manifest needs 'outputs'
            mediabatch: 1
            ^
            """),
        ErrorCase(name: "empty manifest", manifest: "", expected: """
            manifest.yaml:1:1: error: the manifest is empty; it needs at least 'mediabatch: 1' and 'outputs'
            """),
        ErrorCase(name: "not a mapping", manifest: "- mediabatch: 1\n", expected: """
            manifest.yaml:1:1: error: the manifest must be a mapping of keys to values, not a sequence
            - mediabatch: 1
            ^
            """),
        ErrorCase(name: "YAML syntax error", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                clips: [a.mp4]]
              - name: y
            """, expected: """
            manifest.yaml:4:19: error: did not find expected key while parsing a block mapping that started at 3:5
                clips: [a.mp4]]
                              ^
            """),
        ErrorCase(name: "YAML tab indentation", manifest: "mediabatch: 1\noutputs:\n  - name: x\n\tclips: [a.mp4]\n", expected: """
            manifest.yaml:4:1: error: found a tab character that violates indentation while scanning a plain scalar that started at 3:11; indent with spaces, YAML does not allow tabs there
            \tclips: [a.mp4]
            ^
            """),
        ErrorCase(name: "data table not found and malformed CSV", manifest: """
            mediabatch: 1
            outputs:
              - name: x-{p}
                data: missing.csv
                clips: [a.mp4]
              - name: y-{p}
                data: bad.csv
                clips: [a.mp4]
            """, files: ["bad.csv": "p,q\n1,2\n3\n"], expected: """
            manifest.yaml:4:11: error: data table 'missing.csv' not found (resolved to 'missing.csv')
                data: missing.csv
                      ^
            manifest.yaml:7:11: error: data table 'bad.csv' line 3, column 1: row has 1 fields but the header names 2 columns
                data: bad.csv
                      ^
            """),
        ErrorCase(name: "malformed JSON and YAML data tables", manifest: """
            mediabatch: 1
            outputs:
              - name: x-{p}
                data: rows.json
                clips: [a.mp4]
              - name: y-{p}
                data: rows.yaml
                clips: [a.mp4]
            """, files: ["rows.json": "[{\"p\": \"1\"}, {\"p\": [2]}]", "rows.yaml": "p: 1\n"], expected: """
            manifest.yaml:3:13: error: unknown variable 'p'; no variables are defined here (from 'vars', 'data' or 'matrix')
              - name: x-{p}
                        ^
            manifest.yaml:7:11: error: data table 'rows.yaml' must be a list of objects, not a mapping
                data: rows.yaml
                      ^
            rows.json:1:20: error: 'p' must be text, not a sequence
            [{"p": "1"}, {"p": [2]}]
                               ^
            """),
        ErrorCase(name: "invalid colours", manifest: """
            mediabatch: 1
            defaults: { background: "#12345" }
            outputs:
              - name: x
                background: blurple
                title: { text: hi, color: "#zzzzzz" }
                clips:
                  - { source: { generate: color, color: reddish, duration: 1s } }
            """, expected: """
            manifest.yaml:2:25: error: unknown colour '#12345'; use '#rrggbb' or a name such as 'black', 'white', 'red'
            defaults: { background: "#12345" }
                                    ^
            manifest.yaml:5:17: error: unknown colour 'blurple'; did you mean 'purple'?
                background: blurple
                            ^
            manifest.yaml:6:31: error: unknown colour '#zzzzzz'; use '#rrggbb' or a name such as 'black', 'white', 'red'
                title: { text: hi, color: "#zzzzzz" }
                                          ^
            manifest.yaml:8:45: error: unknown colour 'reddish'; use '#rrggbb' or a name such as 'black', 'white', 'red'
                  - { source: { generate: color, color: reddish, duration: 1s } }
                                                        ^
            """),
        ErrorCase(name: "a text box's radius in pixels", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                title: { text: hi, box: red, box_radius: 12 }
                clips:
                  - { source: { generate: color, color: red, duration: 1s } }
            """, expected: """
            manifest.yaml:4:46: error: invalid box_radius '12'; use percent of the line's box height up to 50% ('50%' rounds its ends into a pill)
                title: { text: hi, box: red, box_radius: 12 }
                                                         ^
            """),
        ErrorCase(name: "a text shadow's unknown key and its blur out of range", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                title: { text: hi, shadow: { colour: red, blur: 0.5 } }
                clips:
                  - { source: { generate: color, color: red, duration: 1s } }
            """, expected: """
            manifest.yaml:4:34: error: unknown key 'colour' in 'shadow'; did you mean 'color'?
                title: { text: hi, shadow: { colour: red, blur: 0.5 } }
                                             ^
            manifest.yaml:4:53: error: 'blur' must be from 0 to 0.1, not 0.5
                title: { text: hi, shadow: { colour: red, blur: 0.5 } }
                                                                ^
            """),
        ErrorCase(name: "invalid speeds, region without size, generator without duration", manifest: """
            mediabatch: 1
            sources:
              bars: { generate: testpattern }
            outputs:
              - name: x
                clips:
                  - { source: a.mp4, speed: fast }
                  - { source: a.mp4, speed: 0 }
                  - { source: a.mp4, speed: 100 }
                  - { source: a.mp4, crop: { x: 10% } }
                  - bars
            """, expected: """
            manifest.yaml:3:9: error: generator 'testpattern' needs 'duration'
              bars: { generate: testpattern }
                    ^
            manifest.yaml:7:33: error: invalid speed 'fast'; use a factor from 0.0625 to 16 such as '2', '0.5' or '3/2'
                  - { source: a.mp4, speed: fast }
                                            ^
            manifest.yaml:8:33: error: invalid speed '0'; use a factor from 0.0625 to 16 such as '2', '0.5' or '3/2'
                  - { source: a.mp4, speed: 0 }
                                            ^
            manifest.yaml:9:33: error: invalid speed '100'; use a factor from 0.0625 to 16 such as '2', '0.5' or '3/2'
                  - { source: a.mp4, speed: 100 }
                                            ^
            manifest.yaml:10:32: error: 'crop' needs 'width' or 'height'
                  - { source: a.mp4, crop: { x: 10% } }
                                           ^
            """),
        ErrorCase(name: "preset base loop and inline override key", manifest: """
            mediabatch: 1
            presets:
              one: { base: two }
              two: { base: one }
            outputs:
              - name: x
                preset: one
                clips: [a.mp4]
              - name: z
                preset: { base: web-1080p, vido: { width: 1080 } }
                clips: [a.mp4]
            """, expected: """
            manifest.yaml:4:16: error: preset 'base' chain loops: one -> two -> one
              two: { base: one }
                           ^
            manifest.yaml:10:32: error: unknown key 'vido' in preset override; did you mean 'video'?
                preset: { base: web-1080p, vido: { width: 1080 } }
                                           ^
            """),
    ]

    @Test(arguments: cases)
    func reportsEveryError(_ errorCase: ErrorCase) throws {
        let fixture = try ManifestFixture(errorCase.manifest, files: errorCase.files)
        let set = fixture.load()
        #expect(fixture.messages(set) == errorCase.expected)
        #expect(set.hasErrors)
    }

    /// A `--preset` no preset folder defines is the command line's fault, not the manifest's: no manifest error.
    @Test func unknownPresetOverrideIsNoManifestError() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            outputs:
              - { name: x, clips: [a.mp4] }
            """)
        let set = fixture.load(presetOverride: "web1080p")
        #expect(fixture.messages(set) == "")
        #expect(set.unknownPresetOverride == "web1080p")
    }

    @Test func reportsAllErrorsAtOnceSortedByPosition() throws {
        // Found in a different order (top level, then outputs, then dependencies) than they are written.
        let fixture = try ManifestFixture("""
            mediabatch: 1
            outputs:
              - name: teaser
                clips: [{ source: { output: nowhere } }]
              - name: x
                clips: [{ source: a.mp4, to: 1q }]
                template: promo
            templates:
              promo: { outro: { source: a.mp4, speeed: 2 } }
            """)
        let set = fixture.load()
        #expect(fixture.messages(set) == """
            manifest.yaml:4:23: error: output 'teaser' uses output 'nowhere' as a source, but no output has that name
                clips: [{ source: { output: nowhere } }]
                                  ^
            manifest.yaml:6:34: error: invalid time '1q'; expected a duration such as '2.5s', '1500ms', '00:01:02.500', '90f' or '1001/30000' (in 'to')
                clips: [{ source: a.mp4, to: 1q }]
                                             ^
            manifest.yaml:9:36: error: unknown key 'speeed' in clip; did you mean 'speed'?
              promo: { outro: { source: a.mp4, speeed: 2 } }
                                               ^
            """)
        let lines = set.diagnostics.compactMap { $0.location?.line }
        #expect(lines == lines.sorted())
    }

    @Test func invalidOutputsAreNamedButStillListed() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            outputs:
              - { name: good, clips: [a.mp4] }
              - { name: bad, preset: nope, clips: [a.mp4] }
              - { name: worse, template: gone, clips: [a.mp4] }
            """)
        let set = fixture.load()
        #expect(set.outputs.map(\.name) == ["good", "bad", "worse"])
        #expect(set.invalidOutputs == ["bad", "worse"])
    }

    @Test func reportsEachTemplateProblemOnceForManyOutputs() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            templates:
              promo: { title: { text: "{headlne}" } }
            outputs:
              - name: "p-{headline}"
                template: promo
                data: rows.csv
                clips: [a.mp4]
            """, files: ["rows.csv": "headline\none\ntwo\nthree\n"])
        let set = fixture.load()
        #expect(fixture.messages(set) == """
            manifest.yaml:3:28: error: unknown variable 'headlne'; did you mean 'headline'?
              promo: { title: { text: "{headlne}" } }
                                       ^
            """)
        // Shown once, but every output of the entry has it.
        #expect(set.invalidOutputs == ["p-one", "p-two", "p-three"])
    }
}
