#if canImport(Glibc)
import Glibc
@testable import LibAV
import Testing

/// The process's heap as the codecs see it (`ProcessHeap`).
@Suite struct ProcessHeapTests {
    typealias Memalign = @convention(c) (Int, Int) -> UnsafeMutableRawPointer?

    /// The `memalign` the dynamic linker binds a library's calls to: the first in the process's global scope.
    static func codecsMemalign() throws -> Memalign {
        unsafeBitCast(try #require(dlsym(nil, "memalign")), to: Memalign.self)
    }

    /// The codecs' `memalign` calls bind to the executable's own, not to the C library's: a lookup in the process's
    /// global scope, as the dynamic linker makes for libx264, finds a different function than libc's.
    @Test func theCodecsMemalignIsTheProcesss() throws {
        #expect(ProcessHeap.isConfigured)
        let libc = try #require(dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD))
        defer { dlclose(libc) }
        let own = try #require(dlsym(nil, "memalign"))
        let glibc = try #require(dlsym(libc, "memalign"))
        #expect(own != glibc)
    }

    /// Memory freed full of garbage and handed out again by `memalign` comes back zeroed, large or small. Other
    /// tests allocate in the same arenas at the same time, so a request may be served from elsewhere: it is retried
    /// until one comes from the freed blocks, and every one must be zero.
    @Test(arguments: [40 * 1024, 200 * 1024])
    func recycledAlignedMemoryIsZeroed(bytes: Int) throws {
        #expect(ProcessHeap.isConfigured)
        let memalign = try Self.codecsMemalign()
        var recycled = false
        for _ in 0..<50 where !recycled {
            let blockBytes = 48 * 1024, count = 64
            let blocks = (0..<count).compactMap { _ in malloc(blockBytes) }
            let fence = malloc(blockBytes)
            defer { free(fence) }
            for block in blocks { memset(block, 0xA5, blockBytes) }
            let lowest = try #require(blocks.map { UInt(bitPattern: $0) }.min())
            let highest = try #require(blocks.map { UInt(bitPattern: $0) }.max()) + UInt(blockBytes)
            blocks.forEach { free($0) }
            let memory = try #require(memalign(64, bytes))
            defer { free(memory) }
            let address = UInt(bitPattern: memory)
            recycled = address >= lowest && address + UInt(bytes) <= highest
            let view = UnsafeRawBufferPointer(start: memory, count: bytes)
            let dirty = view.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
            #expect(dirty == 0, "\(dirty) of \(bytes) bytes not zero (from the freed blocks: \(recycled))")
        }
        // The test means something only when some memory came from the freed blocks.
        #expect(recycled, "no request was served from the freed blocks")
    }
}
#endif
