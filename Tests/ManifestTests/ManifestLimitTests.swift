import Foundation
import Manifest
import MediaCore
import Testing

/// Expansion limits, variables that use variables, manifest presets checked when unused, and preset sizes the
/// encoder would refuse: each a positioned error, compared whole.
struct ManifestLimitTests {
    static let clip = "    clips: [ { source: { generate: testpattern, duration: 1s } } ]\n"
    static let hundred = "[" + (0..<100).map(String.init).joined(separator: ", ") + "]"

    static let cases: [ErrorCase] = [
        ErrorCase(name: "a matrix of 10^8 is refused before it expands", manifest: """
            mediabatch: 1
            outputs:
              - name: "p-{a}-{b}-{c}-{d}"
                matrix: { a: &v \(hundred), b: *v, c: *v, d: *v }
            \(clip)
            """, expected: """
            manifest.yaml:4:13: error: output 'p-{a}-{b}-{c}-{d}' expands to 100000000 outputs (100 'a' x 100 'b' x 100 'c' x 100 'd'), more than this manifest's limit of 10000; raise it with 'limits: { outputs: N }' at the top of the manifest
                matrix: { a: &v [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 3...
                        ^
            """),
        ErrorCase(name: "data rows count with the matrix", manifest: """
            mediabatch: 1
            limits: { outputs: 5 }
            outputs:
              - name: "p-{product}-{aspect}"
                data: products.csv
                matrix: { aspect: [16x9, 9x16] }
            \(clip)
            """, files: ["products.csv": "product\nshoes\nhats\nbags\n"], expected: """
            manifest.yaml:6:13: error: output 'p-{product}-{aspect}' expands to 6 outputs (3 data rows x 2 'aspect'), more than this manifest's limit of 5; raise it with 'limits: { outputs: N }' at the top of the manifest
                matrix: { aspect: [16x9, 9x16] }
                        ^
            """),
        ErrorCase(name: "a data table over the limit is not read whole", manifest: """
            mediabatch: 1
            limits: { outputs: 3 }
            outputs:
              - name: "p-{n}"
                data: rows.csv
            \(clip)
            """, files: ["rows.csv": "n\n" + (1...1000).map(String.init).joined(separator: "\n")], expected: """
            manifest.yaml:5:11: error: output 'p-{n}' expands to 4 outputs (4 data rows), more than this manifest's limit of 3; raise it with 'limits: { outputs: N }' at the top of the manifest
                data: rows.csv
                      ^
            """),
        ErrorCase(name: "entries add up", manifest: """
            mediabatch: 1
            limits: { outputs: 4 }
            outputs:
              - { name: "a-{x}", matrix: { x: [1, 2, 3] }, clips: [ { source: { generate: color, duration: 1s } } ] }
              - { name: "b-{x}", matrix: { x: [1, 2] }, clips: [ { source: { generate: color, duration: 1s } } ] }
            """, expected: """
            manifest.yaml:5:30: error: output 'b-{x}' expands to 2 more outputs (2 'x'), making 5 in this manifest, more than this manifest's limit of 4; raise it with 'limits: { outputs: N }' at the top of the manifest
              - { name: "b-{x}", matrix: { x: [1, 2] }, clips: [ { source: { generate: color, duration: 1s } } ] }
                                         ^
            """),
        ErrorCase(name: "a limit must be a whole number", manifest: """
            mediabatch: 1
            limits: { outputs: lots, frames: 3 }
            outputs:
              - name: x
            \(clip)
            """, expected: """
            manifest.yaml:2:20: error: 'outputs' must be a whole number, not 'lots'
            limits: { outputs: lots, frames: 3 }
                               ^
            manifest.yaml:2:26: error: unknown key 'frames' in 'limits'
            limits: { outputs: lots, frames: 3 }
                                     ^
            """),
        ErrorCase(name: "variables referring to each other in a cycle", manifest: """
            mediabatch: 1
            vars: { a: "{b}", b: "{a}" }
            outputs:
              - name: "x-{a}"
            \(clip)
            """, expected: """
            manifest.yaml:2:13: error: variable 'a' refers back to itself: a -> b -> a
            vars: { a: "{b}", b: "{a}" }
                        ^
            """),
        ErrorCase(name: "a variable naming an unknown one", manifest: """
            mediabatch: 1
            outputs:
              - name: "x-{slug}"
                vars: { slug: "{prodcut}-{aspect}" }
                matrix: { product: [a], aspect: [b] }
            \(clip)
            """, expected: """
            manifest.yaml:4:20: error: unknown variable 'prodcut'; did you mean 'product'? (in variable 'slug')
                vars: { slug: "{prodcut}-{aspect}" }
                               ^
            """),
        ErrorCase(name: "presets must be a mapping", manifest: """
            mediabatch: 1
            presets: 3
            outputs:
              - name: x
            \(clip)
            """, expected: """
            manifest.yaml:2:10: error: 'presets' must be a mapping of preset names to presets, not a scalar
            presets: 3
                     ^
            """),
        ErrorCase(name: "an unused manifest preset is checked too", manifest: """
            mediabatch: 1
            presets:
              spare: { base: web-1080p, video: { width: 641, crf: 99 } }
              loose: 3
            outputs:
              - name: x
            \(clip)
            """, expected: """
            manifest.yaml:3:45: error: 'width' 641 is not even, which pixel format 'yuv420p' needs (each colour sample covers 2x2 pixels); use 640 or 642
              spare: { base: web-1080p, video: { width: 641, crf: 99 } }
                                                        ^
            manifest.yaml:3:55: error: 'crf' must be from 0 to 63, not 99
              spare: { base: web-1080p, video: { width: 641, crf: 99 } }
                                                                  ^
            manifest.yaml:4:10: error: preset 'loose' must be a mapping such as '{ base: web-1080p, video: { crf: 23 } }', not a scalar
              loose: 3
                     ^
            """),
        ErrorCase(name: "an odd height in an inline preset", manifest: """
            mediabatch: 1
            outputs:
              - name: x
                preset: { base: web-1080p, video: { height: 721 } }
            \(clip)
            """, expected: """
            manifest.yaml:4:49: error: 'height' 721 is not even, which pixel format 'yuv420p' needs (each colour sample covers 2x2 pixels); use 720 or 722
                preset: { base: web-1080p, video: { height: 721 } }
                                                            ^
            """),
    ]

    @Test(arguments: cases)
    func reportsTheProblem(_ errorCase: ErrorCase) throws {
        let fixture = try ManifestFixture(errorCase.manifest, files: errorCase.files)
        let set = fixture.load()
        #expect(fixture.messages(set) == errorCase.expected)
    }

    @Test func variablesMayUseDataAndMatrixVariables() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            vars: { slug: "{product}-{aspect}", braces: "{{x}}" }
            outputs:
              - name: "p-{slug}-{braces}"
                matrix: { product: [shoes, hats], aspect: [16x9] }
            \(Self.clip)
            """)
        let set = fixture.load()
        #expect(fixture.messages(set) == "")
        #expect(set.outputs.map(\.name) == ["p-shoes-16x9-{x}", "p-hats-16x9-{x}"])
    }

    @Test func theRunLimitCountsEveryManifest() throws {
        let fixture = try ManifestFixture()
        let clips = "clips: [ { source: { generate: color, duration: 1s } } ]"
        try fixture.write("a.yaml", "mediabatch: 1\noutputs:\n  - { name: \"a-{x}\", matrix: { x: [1, 2] }, \(clips) }\n")
        try fixture.write("b.yaml", "mediabatch: 1\noutputs:\n  - { name: \"b-{x}\", matrix: { x: [1, 2] }, \(clips) }\n")
        let options = ManifestSet.Options(presetDirectories: [Repository.presets], limits: OutputLimits(perRun: 3))
        let set = ManifestSet.load(paths: [fixture.directory], options: options)
        #expect(fixture.messages(set).split(separator: "\n").first == """
            b.yaml:3:30: error: output 'b-{x}' expands to 2 outputs (2 'x'), making 4 in this run, more than the run's limit of 3; raise it with '--max-outputs N'
            """)
    }
}
