import Manifest
import Testing

/// The `damage_limit` preset key: a percentage, at a preset's top level or an output's inline override.
struct DamageLimitTests {
    @Test(arguments: [
        ("web-1080p", nil as Double?),
        ("{ base: web-1080p, damage_limit: 2% }", 0.02),
        ("{ base: web-1080p, damage_limit: 0.5% }", 0.005),
        ("{ base: web-1080p, damage_limit: 0 }", 0),
        ("{ base: web-1080p, damage_limit: 100% }", 1),
    ])
    func presetsAndOutputsSetTheShare(preset: String, expected: Double?) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            preset: \(preset)
            clips: [a.mp4]
            """))
        #expect(try fixture.job("x").settings.damageLimit == expected)
    }

    @Test func aManifestPresetSetsItForItsOutputs() throws {
        let fixture = try ManifestFixture("""
            mediabatch: 1
            presets:
              careful: { base: draft, damage_limit: 1% }
            defaults: { preset: careful }
            outputs:
              - { name: x, clips: [a.mp4] }
            """)
        #expect(try fixture.job("x").settings.damageLimit == 0.01)
    }

    @Test(arguments: ["lots", "2", "150%", "-1%"])
    func otherValuesArePositionedErrors(value: String) throws {
        let fixture = try ManifestFixture(JobBuilderTimelineTests.manifest("""
            preset: { base: web-1080p, damage_limit: \(value) }
            clips: [a.mp4]
            """))
        #expect(fixture.messages(fixture.load()) == """
            manifest.yaml:5:46: error: 'damage_limit' must be a percentage from 0% to 100%, such as '2%', not '\(value)'
                preset: { base: web-1080p, damage_limit: \(value) }
                                                         ^
            """)
    }
}
