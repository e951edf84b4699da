#if canImport(Glibc)
import Glibc
@testable import LibAV
import MediaCore
import Testing

/// LibAV leaves the process that links it as it was: no allocator of its own, no heap or page switches.
@Suite struct HostProcessTests {
    /// This process's transparent-huge-page line of `/proc/self/status`.
    static func hugePagesStatus() throws -> String {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        return String(try #require(status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") }))
    }

    /// With an input opened and an x264 encoder made, a lookup of `memalign` in the process's global scope (as the
    /// dynamic linker makes for libx264's calls) finds the C library's, and the huge-page switch is as it was.
    @Test func openingAnInputAndAnEncoderChangesNoProcessSetting() throws {
        let hugePages = try Self.hugePagesStatus()
        let fixtures = try Fixtures.get()
        _ = try InputFile(path: fixtures.clip)
        _ = try Encoder(codec: "libx264", video: .init(width: 192, height: 108, frameRate: FrameRate(30)),
                        globalHeader: false)
        #expect(try Self.hugePagesStatus() == hugePages)
        let libc = try #require(dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD))
        defer { dlclose(libc) }
        #expect(try #require(dlsym(nil, "memalign")) == (try #require(dlsym(libc, "memalign"))))
    }

    /// libx264 is never given AVX-512, whose macroblock-tree propagation reads costs x264 never wrote at widths that
    /// are not a multiple of 128 (see `CPUFeatures.x264Features`); libx265 and other encoders keep their own
    /// detection without a limit.
    @Test func x264IsHeldBelowAVX512() throws {
        let options = CPUFeatures.limitingOwnDetection(of: "libx264", options: ["x264-params": "sps-id=3"])
        let value = try #require(options["x264-params"])
        #if arch(x86_64)
        #expect(value.hasPrefix("sps-id=3:asm="), "\(value)")
        #expect(!value.contains("AVX512"), "\(value)")
        #expect(value.contains("SSE2"), "\(value)")
        #else
        #expect(value == "sps-id=3")
        #endif
        if CPUFeatures.limit == .success(nil) {
            #expect(CPUFeatures.limitingOwnDetection(of: "libx265", options: [:]) == [:])
        }
        #expect(CPUFeatures.limitingOwnDetection(of: "libvpx-vp9", options: ["crf": "30"]) == ["crf": "30"])
    }
}
#endif
